// Integration test: Ctrl-C (or SIGTERM) stops the long-running commands as the README's exit-code table
// says: `room watch` closes its socket normally, prints its summary and exits 130; `mock tail` exits 130.
// The real binary, against a room server and a mock on loopback, port 0; each wait is for output, not time.
import type { ChildProcess } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type StartedMock, startMock } from '../src/commands/mockServer';
import { runBin } from './support/bin';
import { envelope, joinAck, type LoopbackRoomServer, loopbackRoomServer } from './support/roomServer';

const rooms: LoopbackRoomServer[] = [];
afterEach(async () => {
  for (const room of rooms.splice(0)) await room.close();
});

/** A room that acknowledges the join and sends one frame the sn machine applies; it records close codes. */
async function liveRoom(live: boolean) {
  const closes: number[] = [];
  const room = await loopbackRoomServer((socket) => {
    socket.on('close', (code) => closes.push(code));
    if (!live) return;
    socket.send(joinAck('5001'));
    socket.send(
      envelope({
        type: 2,
        rid: '5001',
        status: [{ sn: 1, command: [{ op: 'mset', values: { fans_count: 1 } }] }],
      }),
    );
  });
  rooms.push(room);
  return { room, closes };
}

/** Resolves once the child's stdout holds `text` (checked on each chunk it writes). */
const stdoutContains = (child: ChildProcess, text: string) =>
  new Promise<void>((resolve) => {
    let seen = '';
    const check = (chunk: Buffer) => {
      seen += chunk.toString();
      if (!seen.includes(text)) return;
      child.stdout?.off('data', check);
      resolve();
    };
    child.stdout?.on('data', check);
  });

describe('room watch stopped by a signal (real binary)', () => {
  it.each([
    ['SIGINT', 'Ctrl-C'],
    ['SIGTERM', 'SIGTERM'],
  ] as const)(
    '%s: the socket closed normally (1000), the summary printed, exit 130',
    async (signal, said) => {
      const { room, closes } = await liveRoom(true);
      const result = await runBin(['room', 'watch', '--url', room.url, '--rid', '5001'], {
        limitMs: 30_000,
        whileRunning: async (child, stderrContains) => {
          const applied = stdoutContains(child, 'fans_count = 1');
          await stderrContains('watching room 5001');
          await applied;
          child.kill(signal);
        },
      });
      expect(result.signal).toBeNull();
      expect(result.code).toBe(130);
      expect(result.stdout).toContain(`\nstopped: ${said}\nsn 1: 2 messages, 1 applied`);
      expect(result.stdout).toContain('"fans_count": 1');
      expect(result.stderr).not.toContain('nothing was applied');
      expect(closes).toEqual([1000]);
    },
    40_000,
  );

  it('Ctrl-C before any frame came: still 130, saying nothing was applied', async () => {
    const { room, closes } = await liveRoom(false);
    const result = await runBin(['room', 'watch', '--url', room.url, '--rid', '5001'], {
      limitMs: 30_000,
      whileRunning: async (child, stderrContains) => {
        await stderrContains('watching room 5001');
        child.kill('SIGINT');
      },
    });
    expect(result.code).toBe(130);
    expect(result.stdout).toContain('\nstopped: Ctrl-C\n');
    expect(result.stderr).toContain("topup: nothing was applied to room 5001's table");
    expect(closes).toEqual([1000]);
  }, 40_000);
});

describe('mock tail stopped by Ctrl-C (real binary)', () => {
  let mock: StartedMock;
  beforeAll(async () => {
    mock = await startMock();
  });
  afterAll(() => mock.close());

  it('exits 130', async () => {
    const result = await runBin(
      ['mock', 'tail', '--target', mock.target.baseUrl, '--mock', '--interval', '20'],
      {
        limitMs: 30_000,
        whileRunning: async (child, stderrContains) => {
          await stderrContains('following the journal');
          child.kill('SIGINT');
        },
      },
    );
    expect(result.signal).toBeNull();
    expect(result.code).toBe(130);
  }, 40_000);
});
