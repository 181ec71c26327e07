// Integration test: the CLI talks HTTP, so it runs against mock servers (or fake backends) listening on loopback, port 0.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { type StartedMock, startMock } from '../src/commands/mockServer';
import { captureIo } from './support/capture';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'mock-backend.yaml');

/** Commands against running servers given by URL: --compare, and the room watcher. */
describe('topup against base URLs', () => {
  let a: StartedMock;
  beforeAll(async () => {
    a = await startMock();
  });
  afterAll(async () => {
    await a.close();
  });

  it('--compare runs the scenarios on both targets and says where they differ', async () => {
    // A running mock marked --mock, compared with a mock of the run's own (a --compare URL is a real backend).
    const io = captureIo();
    const code = await runCli(
      [
        'scenario',
        'run',
        'account-normal',
        'card-visa-approved',
        '--target',
        a.target.baseUrl,
        '--mock',
        '--compare',
        'mock',
      ],
      io,
    );
    expect(io.stdout()).toMatch(
      /Comparing http:\/\/127\.0\.0\.1:\d+ with mock \(http:\/\/127\.0\.0\.1:\d+\):\n {2}no differences/,
    );
    expect(code).toBe(0);
  });

  it('--compare with a real backend: a scenario it skips by design (a write) is not compared, no difference', async () => {
    const real = await startMock({ control: false });
    try {
      const io = captureIo();
      const args = [
        'scenario',
        'run',
        'account-guest',
        'account-normal',
        '--target',
        a.target.baseUrl,
        '--mock',
      ];
      const code = await runCli([...args, '--compare', real.target.baseUrl, '--fixtures', FIXTURES], io);
      expect(io.stdout()).toMatch(
        /Comparing http:\/\/127\.0\.0\.1:\d+ with http:\/\/127\.0\.0\.1:\d+:\n {2}no differences\n {2}not compared: account-guest \(skipped by design against http:\/\/127\.0\.0\.1:\d+\)\n/,
      );
      expect(io.stdout()).not.toContain('passed vs skipped');
      expect(code).toBe(0);
    } finally {
      await real.close();
    }
  });

  it('room watch prints frames as the sn machine takes them, and the table', async () => {
    const io = captureIo();
    const url = a.target.roomUrl ?? '';
    const code = await runCli(
      ['room', 'watch', '--url', url, '--rid', '5001', '--count', '2', '--duration', '5000'],
      io,
    );
    expect(code).toBe(0);
    // Joining mid-stream: the first broadcast cannot join up with sn -1, so a full refresh replaces the table.
    expect(io.stdout()).toMatch(
      /GAP .* at local sn -1: asking for a full refresh\n.*REFRESH {2}whole table replaced at sn \d+/,
    );
    expect(io.stdout()).toMatch(/\nsn \d+: 2 messages/);
    expect(io.stdout()).toContain('"pk_status"');
  });
});
