// Integration test: `room watch` on a loopback room server (port 0) and a fake clock, the server dropping the
// socket (1006, no close frame) right after each frame. Each reconnect opens, so the 8 attempts never run
// out: the summary counts the drops, and more than one fails the watch (exit 1, one line saying how many).
import { afterEach, describe, expect, it } from 'vitest';
import { roomWatchCommand } from '../src/commands/room';
import { captureIo } from './support/capture';
import { FakeClock } from './support/clock';
import { envelope, joinAck, type LoopbackRoomServer, loopbackRoomServer } from './support/roomServer';

const rooms: LoopbackRoomServer[] = [];
afterEach(async () => {
  for (const room of rooms.splice(0)) await room.close();
});

/** One frame that the sn machine applies from any sn below it. */
const frame = (sn: number) =>
  envelope({ type: 2, rid: '5001', status: [{ sn, command: [{ op: 'mset', values: { fans_count: sn } }] }] });

describe('room watch on a server that drops the socket after every frame', () => {
  it.each([
    ['text', false, 3, 1],
    ['--json', true, 3, 1],
    ['text', false, 1, 0],
  ] as const)('%s (json: %s): dropped %i times → exit %i', async (_label, json, drops, code) => {
    let sent = 0;
    const room = await loopbackRoomServer((socket) => {
      socket.send(joinAck('5001'));
      sent += 1;
      socket.send(frame(sent));
      if (sent <= drops) socket.terminate();
    });
    rooms.push(room);
    const clock = new FakeClock();
    const io = captureIo();
    const exit = roomWatchCommand(
      { url: room.url, rid: '5001', reconnect: true, duration: 60_000, json },
      io,
      clock,
    );
    const said = () =>
      `${io.stdout()}${io.stderr()}`.split(/reconnected \(attempt 1\)|"reconnected"/).length - 1;
    for (let reconnects = 1; reconnects <= drops; reconnects += 1) {
      await room.receivedCount(reconnects);
      await io.when(({ stdout }) => (stdout.match(/code 1006|"code":1006/g) ?? []).length >= reconnects);
      await clock.advance(1000);
      await io.when(() => said() >= reconnects);
    }
    await clock.advance(60_000);
    expect(await exit).toBe(code);
    expect(room.requests).toHaveLength(drops + 1);
    const summary = json ? io.stderr() : io.stdout();
    expect(summary).toMatch(new RegExp(`; the socket dropped ${drops} times \\(1006\\)\\n`));
    if (json) expect(io.stdout()).toContain(`"socketDrops":${drops}`);
    const line = `topup: room 5001's socket dropped ${drops} times during the watch (code 1006, no close frame)`;
    if (code === 1)
      expect(
        io
          .stderr()
          .split('\n')
          .filter((l) => l.startsWith('topup:')),
      ).toEqual([expect.stringContaining(line)]);
    else expect(io.stderr()).not.toContain('topup:');
  });
});
