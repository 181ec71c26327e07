import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type StartedMock, startMock } from '../../src/commands/mockServer';

/** One request as the proxy passes it on: its URL (path and query), its headers, lower-cased, and its body. */
export interface PassedRequest {
  readonly url: URL;
  readonly headers: Record<string, string>;
  /** The body as text (a form's fields, say); sent as it came unless the rewrite returns another. */
  readonly body?: string;
}

export interface RewritingOptions {
  /**
   * The mock's control API: off by default, as a real backend has none; on for a `--mock` run whose
   * scenarios set the mock up (a forced decline, a fault) through it.
   */
  readonly control?: boolean;
  /** The mock's answer as the client gets it: its text, changed (given the request the mock was sent). */
  readonly answer?: (request: PassedRequest, text: string) => string;
  /** The answer's content type as the client gets it (given the mock's). */
  readonly contentType?: (request: PassedRequest, type: string) => string;
}

/**
 * The mock behind a proxy of the test's own on a free loopback port that may change each request before the
 * mock sees it (`rewrite`, given the mock's base URL to call it too) and each answer before the client sees
 * it (`answer`): a backend that breaks one rule of the mock's and keeps every other. A connection the mock
 * was made to drop reaches the client dropped; a redirect reaches it as a redirect.
 */
export async function startRewritingBackend(
  rewrite: (request: PassedRequest, mockUrl: string) => Promise<PassedRequest> | PassedRequest,
  {
    control = false,
    answer = (_request, text) => text,
    contentType = (_request, type) => type,
  }: RewritingOptions = {},
): Promise<{ url: string; roomUrl: string; close: () => Promise<void> }> {
  const mock: StartedMock = await startMock({ control });
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers))
        if (value !== undefined && !['host', 'content-length', 'connection'].includes(name))
          headers[name] = String(value);
      const url = new URL(request.url ?? '/', mock.target.baseUrl);
      const came = Buffer.concat(chunks);
      const text = came.toString('utf8');
      const sent = await rewrite({ url, headers, body: text }, mock.target.baseUrl);
      const body = sent.body === undefined || sent.body === text ? came : Buffer.from(sent.body, 'utf8');
      const upstream = await fetch(sent.url, {
        method: request.method ?? 'GET',
        headers: sent.headers,
        ...(body.length > 0 ? { body: new Uint8Array(body) } : {}),
        redirect: 'manual',
      }).catch(() => undefined);
      if (upstream === undefined) {
        request.socket.destroy();
        return;
      }
      const location = upstream.headers.get('location');
      response.writeHead(upstream.status, {
        'content-type': contentType(sent, upstream.headers.get('content-type') ?? 'text/plain'),
        ...(location === null ? {} : { location }),
      });
      response.end(answer(sent, await upstream.text()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    roomUrl: mock.target.roomUrl ?? '',
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await mock.close();
    },
  };
}
