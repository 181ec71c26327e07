import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { joinUrl, parseBody } from '../http/client';
import type { Exchange } from './recorder';
import { type RoomRecording, RoomRelay } from './room';

/** Headers that belong to one connection, or that the proxy's own fetch sets again. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'host',
  'content-length',
  'accept-encoding',
]);
/** Answer headers dropped: fetch has already decoded the body, and Node sets the length again. */
const ANSWER_DROPPED = new Set([
  'content-encoding',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
]);

export interface RecordingProxy {
  readonly url: string;
  readonly server: Server;
  close(): Promise<void>;
}

export interface ProxyOptions {
  readonly target: string;
  readonly host: string;
  readonly port: number;
  readonly timeoutMs: number;
  readonly onExchange: (exchange: Exchange) => void;
  /** A room websocket relayed through the proxy ended (or the proxy stopped). */
  readonly onRoom: (recording: RoomRecording) => void;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/**
 * An HTTP proxy in front of a backend: every request is forwarded as it came, its answer sent back as it
 * came, and the pair handed to `onExchange` (which records and judges it; the client never waits on that).
 * Room websockets are relayed and tapped (room.ts).
 */
export async function startRecordingProxy(options: ProxyOptions): Promise<RecordingProxy> {
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const started = performance.now();
    const body = await readBody(request);
    const headers = new Headers();
    for (const [key, value] of Object.entries(request.headers)) {
      if (value === undefined || HOP_BY_HOP.has(key)) continue;
      headers.set(key, Array.isArray(value) ? value.join(', ') : value);
    }
    const method = request.method ?? 'GET';
    const url = request.url ?? '/';
    const hasBody = method !== 'GET' && method !== 'HEAD' && body.length > 0;
    try {
      const answer = await fetch(joinUrl(options.target, url), {
        method,
        headers,
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs),
        ...(hasBody ? { body: new Uint8Array(body) } : {}),
      });
      const bytes = Buffer.from(await answer.arrayBuffer());
      answer.headers.forEach((value, key) => {
        if (!ANSWER_DROPPED.has(key)) response.setHeader(key, value);
      });
      response.writeHead(answer.status);
      response.end(bytes);
      const text = bytes.toString('utf8');
      options.onExchange({
        method,
        url,
        ...(request.headers['content-type'] === undefined
          ? {}
          : { contentType: request.headers['content-type'] }),
        ...(hasBody ? { body: body.toString('utf8') } : {}),
        answer: { status: answer.status, body: parseBody(text), ms: Math.round(performance.now() - started) },
      });
    } catch (error) {
      response.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(`topup record: ${options.target} did not answer (${(error as Error).message})\n`);
      options.onExchange({
        method,
        url,
        answer: {
          status: 0,
          body: undefined,
          ms: Math.round(performance.now() - started),
          networkError: (error as Error).message,
        },
      });
    }
  };
  const server = createServer((request, response) => {
    void handle(request, response);
  });
  const relay = new RoomRelay(new URL(options.target), options.onRoom);
  server.on('upgrade', (request, socket, head) => relay.upgrade(request, socket, head));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${address.address}:${address.port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        relay.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
