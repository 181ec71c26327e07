import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';

/** What a loopback room server does with each new socket's first message (the join). */
export type OnJoin = (socket: WebSocket, join: string) => void;

/** Wraps a room message as a room server sends it: the envelope with the message as a JSON string. */
export const envelope = (message: unknown): string =>
  JSON.stringify({ result: 0, message: '', data: JSON.stringify(message) });

/** The join's acknowledgement, as the mock sends it (type 0, ack 3, the join's seq and room). */
export const joinAck = (rid: string, seq = 1): string => envelope({ type: 0, ack: 3, seq, rid });

export interface LoopbackRoomServer {
  /** ws://127.0.0.1:<port>/ws/room */
  readonly url: string;
  readonly port: number;
  /** Every client message, in order, over every socket. */
  readonly received: string[];
  /** The upgrade requests' URLs (path and query), one per socket accepted. */
  readonly requests: string[];
  readonly sockets: WebSocket[];
  /** Resolves once `count` client messages in all have arrived. */
  receivedCount(count: number): Promise<void>;
  /** Refuses the next `n` upgrades with HTTP 503 (a reconnection attempt that fails). */
  refuseNext(n: number): void;
  close(): Promise<void>;
}

/**
 * A room websocket on loopback, port 0, that records what clients send; `onJoin` says what it answers
 * (nothing: a silent server). Nothing here waits on a timer.
 */
export async function loopbackRoomServer(onJoin: OnJoin = () => {}): Promise<LoopbackRoomServer> {
  const received: string[] = [];
  const requests: string[] = [];
  const sockets: WebSocket[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  let refusals = 0;
  const wss = new WebSocketServer({
    host: '127.0.0.1',
    port: 0,
    path: '/ws/room',
    verifyClient: (_info: { req: IncomingMessage }, done: (ok: boolean, code?: number) => void) => {
      if (refusals > 0) {
        refusals -= 1;
        done(false, 503);
      } else done(true);
    },
  });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const { port } = wss.address() as AddressInfo;
  wss.on('connection', (socket, request) => {
    sockets.push(socket);
    requests.push(request.url ?? '');
    let joined = false;
    socket.on('message', (raw) => {
      const text = raw.toString();
      received.push(text);
      for (const w of waiters.filter((x) => received.length >= x.count)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
      if (!joined) {
        joined = true;
        onJoin(socket, text);
      }
    });
  });
  return {
    url: `ws://127.0.0.1:${port}/ws/room`,
    port,
    received,
    requests,
    sockets,
    receivedCount: (count) =>
      new Promise<void>((resolve) => {
        if (received.length >= count) resolve();
        else waiters.push({ count, resolve });
      }),
    refuseNext: (n) => {
      refusals = n;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of wss.clients) socket.terminate();
        wss.close(() => resolve());
      }),
  };
}
