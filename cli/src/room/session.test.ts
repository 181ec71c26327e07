import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { ROOM_MESSAGE_MAX_BYTES, type RoomEvent, RoomSession } from './session';

/** A TCP server that accepts a connection and never answers: a websocket handshake that never completes. */
async function silentServer(): Promise<{ server: Server; url: string; ended: Promise<void> }> {
  let endedResolve: () => void = () => {};
  const ended = new Promise<void>((resolve) => {
    endedResolve = resolve;
  });
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    sockets.push(socket);
    socket.on('error', () => {});
    socket.on('close', () => endedResolve());
    // Read (and drop) the upgrade request, so the client's end of the connection is seen.
    socket.resume();
  });
  const close = server.close.bind(server);
  server.close = (callback) => {
    for (const s of sockets) s.destroy();
    return close(callback);
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { server, url: `ws://127.0.0.1:${address.port}/ws/room`, ended };
}

const servers: Server[] = [];
afterEach(() => {
  // Closing the server destroys the connections it still holds (its 'close' listener).
  for (const server of servers.splice(0)) server.close();
});

/** Whether the client ended its connection within `ms`. */
const endsWithin = (ended: Promise<void>, ms: number) =>
  Promise.race([ended.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

describe('a room socket whose handshake never completes', () => {
  it('open() rejects at its time-out and ends the connecting socket', async () => {
    const { server, url, ended } = await silentServer();
    servers.push(server);
    const session = new RoomSession(url, '5001', async () => undefined);
    await expect(session.open(200)).rejects.toThrow('room socket did not open within 200 ms');
    expect(await endsWithin(ended, 2000)).toBe(true);
    await session.close();
  });

  it('close() ends a socket that is still connecting, and open() then fails', async () => {
    const { server, url, ended } = await silentServer();
    servers.push(server);
    const session = new RoomSession(url, '5001', async () => undefined);
    const opening = session.open(60_000);
    const failed = opening.then(
      () => false,
      () => true,
    );
    await new Promise((r) => setTimeout(r, 100));
    await session.close();
    expect(await endsWithin(ended, 2000)).toBe(true);
    expect(await failed).toBe(true);
  });
});

describe('a room server that sends a message too big for any status table', () => {
  it('is refused with 1009 at the cap: the session closes and says so, nothing of it is handled', async () => {
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
    const { port } = wss.address() as AddressInfo;
    wss.on('connection', (socket) => {
      socket.once('message', () => {
        socket.send('{}');
        socket.send('x'.repeat(ROOM_MESSAGE_MAX_BYTES + 1));
      });
    });
    const events: RoomEvent[] = [];
    const session = new RoomSession(
      `ws://127.0.0.1:${port}/ws/room`,
      '5001',
      async () => undefined,
      (event) => events.push(event),
    );
    try {
      await session.open(2000);
      expect(await session.waitFor(() => session.closed, 5000)).toBe(true);
      await session.settle(0, 1000);
      expect(events.at(-1)).toEqual({ kind: 'closed', code: 1009 });
      expect(session.counters.messages).toBe(1);
    } finally {
      await session.close();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    }
  });
});
