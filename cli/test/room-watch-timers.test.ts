// Integration test: `room watch` on a loopback room server (port 0) and a fake clock: its heartbeat, its
// receive time-out and its reconnects (SPEC §4 "Realtime connection"), with no real wait.
import { afterEach, describe, expect, it } from 'vitest';
import { type RoomWatchOptions, roomWatchCommand } from '../src/commands/room';
import { captureIo } from './support/capture';
import { FakeClock } from './support/clock';
import { envelope, joinAck, type LoopbackRoomServer, loopbackRoomServer } from './support/roomServer';

const rooms: LoopbackRoomServer[] = [];
afterEach(async () => {
  for (const room of rooms.splice(0)) await room.close();
});

async function server(...args: Parameters<typeof loopbackRoomServer>) {
  const room = await loopbackRoomServer(...args);
  rooms.push(room);
  return room;
}

/** Starts a watch on the fake clock; resolves once its header is out (the first socket open). */
async function startWatch(room: LoopbackRoomServer, clock: FakeClock, options: Partial<RoomWatchOptions>) {
  const io = captureIo();
  const exit = roomWatchCommand({ url: room.url, rid: '5001', reconnect: true, ...options }, io, clock);
  await room.receivedCount(room.received.length + 1);
  // open() waits up to 1 s for the join's answer: a silent server gives none.
  await clock.advance(1000);
  await io.when(({ stderr }) => stderr.includes('watching room 5001'));
  return { io, exit };
}

/** One frame that the sn machine applies from any sn below it. */
const frame = (sn: number) =>
  envelope({ type: 2, rid: '5001', status: [{ sn, command: [{ op: 'mset', values: { fans_count: sn } }] }] });

const jsonLines = (stdout: string) =>
  stdout
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as { kind: string; seq?: number; ms?: number; code?: number; reason?: string });

describe('room watch on a server that stays silent', () => {
  it.each([
    ['text', false],
    ['--json', true],
  ])(
    '%s: heartbeats every 15 s, then the receive time-out at 121 s ends it, exit 1',
    async (_label, json) => {
      const room = await server();
      const clock = new FakeClock();
      const { io, exit } = await startWatch(room, clock, { json });
      // 1 s gone in open(); 119 999 ms more is 1 ms short of the time-out.
      await clock.advance(119_999);
      expect(io.stdout()).not.toMatch(/TIMEOUT|"timeout"/);
      await clock.advance(1);
      const code = await exit;
      expect(code).toBe(1);
      // Eight heartbeats (15 s … 120 s), seq 2 to 9 after the join's 1, each as the server got it.
      const heartbeats = room.received.slice(1).map((t) => JSON.parse(t) as unknown);
      expect(heartbeats).toEqual([2, 3, 4, 5, 6, 7, 8, 9].map((seq) => ({ msg_id: 3, seq, body: {} })));
      if (json) {
        const lines = jsonLines(io.stdout());
        expect(lines.filter((l) => l.kind === 'heartbeat').map((l) => l.seq)).toEqual([
          2, 3, 4, 5, 6, 7, 8, 9,
        ]);
        expect(lines.slice(-3)).toMatchObject([
          { kind: 'timeout', ms: 121_000 },
          { kind: 'closed', code: 4000 },
          {
            kind: 'stopped',
            reason: 'stopped: no message for 121 s (receive time-out): the socket was force-closed',
          },
        ]);
      } else {
        expect(io.stdout().match(/heartbeat sent \(seq \d+, 15 s without sending\)/g)).toHaveLength(8);
        expect(io.stdout()).toMatch(
          /TIMEOUT {2}no message for 121 s: the socket was force-closed \(receive time-out\)\n.*closed {3}code 4000: receive time-out\n/,
        );
        expect(io.stdout()).toContain(
          '\nstopped: no message for 121 s (receive time-out): the socket was force-closed\n',
        );
      }
      expect(io.stderr()).toContain(
        `topup: room 5001 at ${room.url} sent no message for 121 s: receive time-out, the socket was force-closed`,
      );
      // No reconnect after a time-out: one socket, and no timer left behind.
      expect(room.requests).toHaveLength(1);
      expect(clock.pending()).toEqual([]);
    },
  );

  it('a server that answers each heartbeat keeps the watch open past 121 s', async () => {
    const room = await server((socket) => {
      socket.send(joinAck('5001'));
      socket.on('message', (raw) => {
        const { seq } = JSON.parse(raw.toString()) as { seq: number };
        socket.send(envelope({ type: 0, ack: 3, seq }));
      });
    });
    const clock = new FakeClock();
    const { io, exit } = await startWatch(room, clock, { duration: 300_000 });
    for (let at = 15_000; at <= 300_000; at += 15_000) {
      await clock.advance(at === 15_000 ? 14_000 : 15_000);
      if (at < 300_000)
        await io.when(({ stdout }) => (stdout.match(/heartbeat answered/g) ?? []).length >= at / 15_000);
    }
    expect(await exit).toBe(1);
    expect(io.stdout()).toContain('stopped: 300000 ms elapsed (--duration)');
    expect(io.stdout()).not.toContain('TIMEOUT');
    // Exit 1 only because no frame brought the table up to date (acknowledgements only).
    expect(io.stderr()).toContain("nothing was applied to room 5001's table");
    expect(io.stderr()).not.toContain('receive time-out');
  });
});

describe('room watch reconnects as SPEC §4 says: 1 s, up to 8 attempts, an open resets them', () => {
  it('after an error close, the next socket is asked for 1 s later, not before', async () => {
    const room = await server((socket) => socket.send(joinAck('5001')));
    const clock = new FakeClock();
    const { io, exit } = await startWatch(room, clock, { count: 3 });
    room.sockets[0]?.close(1012, 'restart');
    await io.when(({ stdout }) => stdout.includes('closed   code 1012'));
    await clock.advance(999);
    expect(room.requests).toHaveLength(1);
    await clock.advance(1);
    await io.when(({ stderr }) => stderr.includes('reconnected (attempt 1)'));
    expect(room.requests).toHaveLength(2);
    room.sockets[1]?.send(frame(4));
    expect(await exit).toBe(0);
    expect(io.stdout()).toContain('stopped: 3 messages received (--count)');
  });

  it.each([
    // [label, refusals before each reconnection, what it says last, exit code]
    [
      '7 refusals, twice: the 8th attempt opens each time (an open resets the count)',
      [7, 7],
      'reconnected (attempt 8)',
      0,
    ],
    [
      '8 refusals: the watch gives up',
      [8],
      'stopped: the server closed the socket and 8 reconnection attempts failed',
      1,
    ],
  ] as const)('%s', async (_label, refusals, words, code) => {
    const room = await server((socket) => socket.send(joinAck('5001')));
    const clock = new FakeClock();
    const { io, exit } = await startWatch(room, clock, {});
    const said = (text: string) => `${io.stdout()}${io.stderr()}`.split(text).length - 1;
    for (const [round, refuse] of refusals.entries()) {
      room.refuseNext(refuse);
      room.sockets[round]?.close(1012, 'restart');
      await io.when(() => said('closed   code 1012') > round);
      for (let attempt = 1; attempt <= Math.min(refuse + 1, 8); attempt += 1) {
        // Each attempt 1 s after the one before: none sooner.
        await clock.advance(999);
        expect(said(`attempt ${attempt} `) + said(`(attempt ${attempt})`)).toBe(round === 0 ? 0 : 1);
        await clock.advance(1);
        await io.when(
          () => said(`attempt ${attempt} `) + said(`(attempt ${attempt})`) > (round === 0 ? 0 : 1),
        );
      }
    }
    if (code === 0) {
      room.sockets.at(-1)?.send(frame(1));
      room.sockets.at(-1)?.close(1000, 'bye');
    }
    expect(await exit).toBe(code);
    expect(said('failed: Unexpected server response: 503')).toBe(refusals.reduce((a, b) => a + b, 0));
    expect(said('attempt 9')).toBe(0);
    expect(said(words)).toBe(code === 0 ? refusals.length : 1);
    expect(clock.pending()).toEqual([]);
  });

  it('a normal close (1000) is not reconnected', async () => {
    const room = await server((socket) => socket.send(joinAck('5001')));
    const clock = new FakeClock();
    const { io, exit } = await startWatch(room, clock, {});
    room.sockets[0]?.close(1000, 'bye');
    await exit;
    expect(io.stdout()).toContain('closed   code 1000 (normal closure)');
    expect(io.stdout()).toContain(
      'stopped: the server closed the socket normally (1000), which the app does not reconnect',
    );
    expect(room.requests).toHaveLength(1);
    expect(clock.pending()).toEqual([]);
  });
});
