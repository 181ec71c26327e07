// Integration test: the mock (HTTP, control API) and a room relay of the test's own on loopback, port 0, that
// delivers every room message 6 s late (QA saw 4.5 s; 6 s keeps a margin under load). room-quiet-pushed-
// changes waits 4 s for its sn: the wait runs out with the table short (`table.fans_count: expected 4, got
// …`), a timing failure that --retries retries, not a wrong value.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { type StartedMock, startMock } from '../src/commands/mockServer';
import { captureIo } from './support/capture';
import { startRoomRelay } from './support/roomRelay';

const dir = mkdtempSync(join(tmpdir(), 'topup-room-late-'));
let mock: StartedMock;
beforeAll(async () => {
  mock = await startMock();
});
afterAll(async () => {
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a room whose frames are only late, with --retries 1', () => {
  it('is retried (a timing failure), not failed at once as a wrong value', async () => {
    const relay = await startRoomRelay(mock.target.roomUrl ?? '', (_r, raw) => [raw], 6000);
    try {
      const io = captureIo();
      const args = [
        'scenario',
        'run',
        'room-quiet-pushed-changes',
        '--target',
        mock.target.baseUrl,
        '--mock',
      ];
      const more = ['--room-url', relay.url, '--retries', '1', '--reporter', 'json'];
      const code = await runCli([...args, ...more, '--last-run-file', join(dir, 'last.json')], io);
      expect(code).toBe(1);
      const report = JSON.parse(io.stdout()) as {
        scenarios: {
          status: string;
          attempts?: number;
          notRetried?: string;
          steps: { status: string; failures: string[] }[];
        }[];
      };
      const scenario = report.scenarios[0];
      expect(scenario?.notRetried).toBeUndefined();
      expect(scenario?.attempts).toBe(2);
      const failures = scenario?.steps.find((s) => s.status === 'failed')?.failures ?? [];
      expect(failures[0]).toMatch(/^room 5002: condition \{"sn":\d+\} not reached within 4000 ms/);
      expect(failures).toContainEqual(expect.stringMatching(/^table\.fans_count: expected 4, got/));
    } finally {
      await relay.close();
    }
  }, 60_000);
});
