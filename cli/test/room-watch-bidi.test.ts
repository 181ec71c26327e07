// Integration test: `room watch --json` writes a frame's text with its bidi overrides, line separators and
// C1 controls as \u escapes: each line parses to the value the room sent, and shows as it is. Loopback server.
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { captureIo } from './support/capture';
import { envelope, joinAck, type LoopbackRoomServer, loopbackRoomServer } from './support/roomServer';

const rooms: LoopbackRoomServer[] = [];
afterEach(async () => {
  for (const room of rooms.splice(0)) await room.close();
});

const NICKNAME = 'x\u202Eevil\u2028PASSED\u0085\u007f';

describe('room watch --json', () => {
  it("escapes a frame's bidi overrides and separators, keeping the value", async () => {
    const room = await loopbackRoomServer((socket) => {
      socket.send(joinAck('5001'));
      socket.send(
        envelope({
          type: 2,
          rid: '5001',
          status: [{ sn: 1, command: [{ op: 'mset', values: { nickname: NICKNAME } }] }],
        }),
      );
    });
    rooms.push(room);
    const io = captureIo();
    const code = await runCli(
      ['room', 'watch', '--url', room.url, '--rid', '5001', '--count', '2', '--json'],
      io,
    );
    expect(code).toBe(0);
    const out = io.stdout();
    for (const raw of ['\u202e', '\u2028', '\u0085', '\u007f']) expect(out).not.toContain(raw);
    expect(out).toContain('\\u202eevil\\u2028PASSED');
    const lines = out.trimEnd().split('\n');
    expect(lines.map((l) => JSON.stringify(JSON.parse(l))).join('\n')).toContain(JSON.stringify(NICKNAME));
  });
});
