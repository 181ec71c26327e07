import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';

/** A room message as sent: the envelope, and the message inside it (its `data`, a JSON string). */
export interface RelayedMessage {
  readonly envelope: { data?: unknown } & Record<string, unknown>;
  readonly message: Record<string, unknown>;
}

/**
 * A room socket on loopback, port 0, relaying each client socket to `upstream` (the mock's room URL, the
 * client's query kept): `alter` says what the client gets for each server message instead (several, none).
 * A wrong room server that keeps every other rule of the mock's.
 */
export async function startRoomRelay(
  upstream: string,
  alter: (relayed: RelayedMessage, raw: string) => readonly string[],
  /** Each server message reaches the client this long after it came (a slow room: late, not wrong). */
  delayMs = 0,
): Promise<{ url: string; close: () => Promise<void> }> {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const server = createServer((_request, response) => response.writeHead(404).end());
  const sockets = new WebSocketServer({ server, path: '/ws/room' });
  sockets.on('connection', (client, request) => {
    const query = new URL(request.url ?? '/', 'http://x').search;
    const up = new WebSocket(`${upstream}${query}`);
    const queued: string[] = [];
    up.on('open', () => {
      for (const m of queued.splice(0)) up.send(m);
    });
    client.on('message', (m) =>
      up.readyState === WebSocket.OPEN ? up.send(String(m)) : queued.push(String(m)),
    );
    client.on('close', () => up.close());
    up.on('close', () => client.close());
    up.on('error', () => client.terminate());
    up.on('message', (raw) => {
      const text = String(raw);
      let sent: readonly string[] = [text];
      try {
        const envelope = JSON.parse(text) as RelayedMessage['envelope'];
        const message = JSON.parse(String(envelope.data)) as Record<string, unknown>;
        sent = alter({ envelope, message }, text);
      } catch {
        // not a room message: passed on as it is
      }
      const deliver = () => {
        for (const m of sent) if (client.readyState === WebSocket.OPEN) client.send(m);
      };
      if (delayMs === 0) deliver();
      else {
        const timer = setTimeout(() => {
          timers.delete(timer);
          deliver();
        }, delayMs);
        timers.add(timer);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws/room`,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      for (const s of sockets.clients) s.terminate();
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The envelope again with `message` as its data. */
export const rewrap = ({ envelope }: RelayedMessage, message: unknown): string =>
  JSON.stringify({ ...envelope, data: JSON.stringify(message) });
