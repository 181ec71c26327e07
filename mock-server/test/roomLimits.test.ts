import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { buildApp } from '../src/app';
import { DEFAULT_ROOM_SOCKETS_PER_ADDRESS } from '../src/room/socket';

/** One address filled the room table (998 sockets, each in its own room). */

let app: FastifyInstance;
const open: WebSocket[] = [];
beforeEach(async () => {
  app = await buildApp({});
  await app.ready();
});
afterEach(async () => {
  for (const ws of open.splice(0)) ws.terminate();
  await app.close();
});

/** A socket from an address, joining room `rid`; resolves with the close code, or 'open' once it stays up. */
async function socketFrom(address: string, rid: number): Promise<number | 'open'> {
  const ws = await app.injectWS(`/ws/room?rid=${rid}`, { socket: { remoteAddress: address } } as object);
  open.push(ws);
  return new Promise((resolve) => {
    ws.once('close', (code) => resolve(code));
    // A heartbeat's acknowledgement says the socket was kept.
    ws.once('message', () => resolve('open'));
    ws.send(JSON.stringify({ msg_id: 3, seq: 1, body: {} }));
  });
}

const clientsOf = async (rid: number): Promise<number> =>
  (
    await app.inject({ method: 'GET', url: `/__mock/rooms/${rid}`, headers: { 'x-topup-control': '1' } })
  ).json().data.clients;

describe('room websocket caps per address', () => {
  it(`keeps ${DEFAULT_ROOM_SOCKETS_PER_ADDRESS} sockets of one address and closes the next with 1013`, async () => {
    for (let i = 0; i < DEFAULT_ROOM_SOCKETS_PER_ADDRESS; i++) {
      expect(await socketFrom('203.0.113.5', 7000 + i)).toBe('open');
    }
    expect(await socketFrom('203.0.113.5', 7999)).toBe(1013);
    // Another address is not held back, and a closed socket frees its place.
    expect(await socketFrom('203.0.113.6', 7998)).toBe('open');
    open[0]?.terminate();
    // The server sees the close once the stream has passed it on.
    for (let tries = 0; tries < 100 && (await clientsOf(7000)) > 0; tries++) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await socketFrom('203.0.113.5', 7997)).toBe('open');
  });

  it('leaves the rooms table to others: one address holds at most its sockets’ rooms', async () => {
    for (let i = 0; i < DEFAULT_ROOM_SOCKETS_PER_ADDRESS + 10; i++) await socketFrom('203.0.113.9', 8000 + i);
    const rooms = await Promise.all(
      Array.from({ length: DEFAULT_ROOM_SOCKETS_PER_ADDRESS + 10 }, (_, i) =>
        app.inject({ method: 'GET', url: `/__mock/rooms/${8000 + i}`, headers: { 'x-topup-control': '1' } }),
      ),
    );
    const withClients = rooms.filter((res) => res.statusCode === 200 && res.json().data?.clients > 0);
    expect(withClients.length).toBe(DEFAULT_ROOM_SOCKETS_PER_ADDRESS);
  });
});
