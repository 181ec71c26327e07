import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import { HeartbeatMessageSchema, JoinMessageSchema } from '@topup/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { FakeClock } from '../../test/support/clock';
import {
  envelope,
  joinAck,
  type LoopbackRoomServer,
  loopbackRoomServer,
} from '../../test/support/roomServer';
import { CLOSE_RECEIVE_TIMEOUT, ROOM_MESSAGE_MAX_BYTES, type RoomEvent } from './events';
import { RoomSession } from './session';

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

const rooms: LoopbackRoomServer[] = [];
afterEach(async () => {
  for (const room of rooms.splice(0)) await room.close();
});

/** A session on a loopback room server, opened on a fake clock (the join's wait for an answer moved past). */
async function openOn(room: LoopbackRoomServer, clock: FakeClock, heartbeats: number[], events: RoomEvent[]) {
  const session = new RoomSession(
    room.url,
    '5001',
    async () => undefined,
    (event) => events.push(event),
    { clock, onHeartbeat: (seq) => heartbeats.push(seq) },
  );
  const opening = session.open();
  await room.receivedCount(1);
  // open() waits up to 1 s for the join's answer; a silent server gives none.
  await clock.advance(1000);
  await opening;
  return session;
}

describe('heartbeat: msg_id 3, the next seq, an empty body, after 15 s without sending (SPEC §4, §7)', () => {
  it.each([
    // [time after the join, the heartbeats' seqs sent by then]
    [14_999, []],
    [15_000, [2]],
    [29_999, [2]],
    [30_000, [2, 3]],
    [60_000, [2, 3, 4, 5]],
  ])('%i ms after the join: heartbeats %j', async (afterJoinMs, seqs) => {
    const room = await loopbackRoomServer((socket) => socket.send(joinAck('5001')));
    rooms.push(room);
    const clock = new FakeClock();
    const heartbeats: number[] = [];
    const session = await openOn(room, clock, heartbeats, []);
    try {
      // The join went at 0 (open() moved the clock 1 s on, a server's answer does not delay a heartbeat).
      await clock.advance(afterJoinMs - 1000);
      expect(heartbeats).toEqual(seqs);
      await room.receivedCount(1 + seqs.length);
      const [join, ...sent] = room.received.map((text) => JSON.parse(text) as unknown);
      expect(JoinMessageSchema.parse(join)).toEqual({ msg_id: 3, seq: 1, body: { rid: '5001' } });
      expect(sent).toEqual(seqs.map((seq) => ({ msg_id: 3, seq, body: {} })));
      for (const frame of sent) expect(HeartbeatMessageSchema.safeParse(frame).success).toBe(true);
      // The exact text on the wire: the body is an empty object, nothing else is sent.
      if (seqs.length > 0) expect(room.received[1]).toBe('{"msg_id":3,"seq":2,"body":{}}');
    } finally {
      await session.close();
    }
  });

  it.each([
    // [label, the seq the server's ack names, counted and shown as a room message]
    ["the heartbeat's own seq", 2, false],
    ['a seq never sent as a heartbeat', 7, true],
  ] as const)('an ack naming %s: counted %s', async (_label, ackSeq, counted) => {
    const room = await loopbackRoomServer((socket) => socket.send(joinAck('5001')));
    rooms.push(room);
    const clock = new FakeClock();
    const events: RoomEvent[] = [];
    const session = await openOn(room, clock, [], events);
    try {
      await clock.advance(14_000);
      await room.receivedCount(2);
      const before = { messages: session.counters.messages, events: events.length };
      for (const socket of room.sockets) socket.send(envelope({ type: 0, ack: 3, seq: ackSeq }));
      // A room frame after it: once it is handled, the ack before it has been too.
      for (const socket of room.sockets) socket.send(envelope({ type: 3, rid: '5001', sn: 1 }));
      expect(await session.waitFor(() => events.some((e) => e.kind === 'sync-sn'), 60_000)).toBe(true);
      expect(session.counters.messages - before.messages).toBe(counted ? 2 : 1);
      const said = events
        .slice(before.events)
        .filter((e) => e.kind === 'other' || e.kind === 'heartbeat-answered');
      expect(said).toEqual(counted ? [{ kind: 'other', type: 0 }] : [{ kind: 'heartbeat-answered', seq: 2 }]);
    } finally {
      await session.close();
    }
  });

  it('sends none once closed', async () => {
    const room = await loopbackRoomServer((socket) => socket.send(joinAck('5001')));
    rooms.push(room);
    const clock = new FakeClock();
    const heartbeats: number[] = [];
    const session = await openOn(room, clock, heartbeats, []);
    await session.close();
    expect(clock.pending()).toEqual([]);
    await clock.advance(60_000);
    expect(heartbeats).toEqual([]);
  });
});

describe('receive time-out: no message for 121 s force-closes the socket, marked timed out (SPEC §4)', () => {
  it.each([
    // [label, messages the server sends and when (ms after the join), time moved on, timed out]
    ['a silent server, at 120 999 ms', [], 120_999, false],
    ['a silent server, at 121 000 ms', [], 121_000, true],
    ['a message at 100 s starts it again: 220 999 ms', [100_000], 220_999, false],
    ['a message at 100 s starts it again: 221 000 ms', [100_000], 221_000, true],
  ] as const)('%s', async (_label, sendAt, totalMs, timedOut) => {
    const room = await loopbackRoomServer();
    rooms.push(room);
    const clock = new FakeClock();
    const events: RoomEvent[] = [];
    const session = await openOn(room, clock, [], events);
    try {
      let at = 1000;
      for (const when of sendAt) {
        await clock.advance(when - at);
        at = when;
        const before = session.counters.messages;
        for (const socket of room.sockets) socket.send(envelope({ type: 3, rid: '5001', sn: 1 }));
        expect(await session.waitFor(() => session.counters.messages > before, 60_000)).toBe(true);
      }
      await clock.advance(totalMs - at);
      expect(session.timedOut).toBe(timedOut);
      if (timedOut) {
        // Force-closed: the close comes from the socket's own I/O, not from a timer.
        expect(await session.waitFor(() => session.closed, 60_000)).toBe(true);
        await session.close();
        expect(events.slice(-2)).toEqual([
          { kind: 'timeout', ms: 121_000 },
          { kind: 'closed', code: CLOSE_RECEIVE_TIMEOUT },
        ]);
        expect(session.closedNormally).toBe(false);
      } else {
        expect(session.closed).toBe(false);
      }
    } finally {
      await session.close();
    }
  });
});
