// Integration test: the CLI talks HTTP, so it runs against a small backend listening on loopback, port 0.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin } from './support/bin';
import { startServer } from './support/drifting';
import { parseXml } from './support/xml';

/**
 * Ctrl-C during `contract check` or `contract fuzz` still writes the report asked for: the calls done, the
 * one in flight and the rest skipped as not run, the run marked interrupted; the command exits 130.
 */
const dir = mkdtempSync(join(tmpdir(), 'topup-interrupt-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const FIXTURES = join(__dirname, '..', 'fixtures', 'mock-backend.yaml');

let backend: Awaited<ReturnType<typeof startServer>>;
let hung: () => void = () => {};
let hangs: Promise<void>;
beforeAll(async () => {
  // Answers the server time; the display id lookup never answers.
  backend = await startServer((app) => {
    app.get('/__mock/clock', async (_r, reply) => reply.code(404).send());
    app.get('/api/sys/ts/', async () => ({ result: 0, message: 'ok', data: { ts: Date.now() } }));
    app.get('/api/web/check_display_id/', () => {
      hung();
      return new Promise(() => {});
    });
  });
});
afterAll(() => backend.close());
const arrival = () => {
  hangs = new Promise<void>((resolve) => {
    hung = resolve;
  });
};

/** The testcases of a JUnit file: name → status (`passed`, `failure`, `skipped`) and its message. */
function testcases(file: string): Map<string, { status: string; message: string }> {
  const root = parseXml(readFileSync(file, 'utf8'));
  const out = new Map<string, { status: string; message: string }>();
  for (const suite of root.children)
    for (const c of suite.children) {
      // A case's verdict is its failure, error or skipped element; <properties> and <system-out> say more.
      const child = c.children.find((el) => ['failure', 'error', 'skipped'].includes(el.name));
      out.set(c.attrs.name ?? '', {
        status: child?.name ?? 'passed',
        message: child?.attrs.message ?? '',
      });
    }
  return out;
}

describe('Ctrl-C writes the partial report and exits 130 (real binary)', () => {
  for (const command of ['check', 'fuzz']) {
    it(`contract ${command}`, async () => {
      arrival();
      const out = join(dir, `${command}.xml`);
      const only = ['--only', 'serverTime', '--only', 'checkDisplayId', '--only', 'hii'];
      const extra = command === 'fuzz' ? ['--runs', '2', '--seed', '1', '--rate', '100'] : [];
      const result = await runBin(
        ['contract', command, '--target', backend.url, '--fixtures', FIXTURES, ...only, ...extra].concat([
          '--reporter',
          'junit',
          '--out',
          out,
        ]),
        {
          whileRunning: async (child, stderrContains) => {
            await stderrContains(' serverTime ');
            await hangs;
            child.kill('SIGINT');
          },
        },
      );
      expect(result.code).toBe(130);
      expect(result.stderr).toContain('topup: interrupted; the report holds');
      const cases = testcases(out);
      const named = (call: string) => [...cases].find(([name]) => name.startsWith(`${call} `))?.[1];
      // Done before the Ctrl-C: reported as it went.
      expect(named('serverTime')?.status).toBe('passed');
      // In flight, and not yet started: skipped, said not run.
      expect(named('checkDisplayId')).toMatchObject({
        status: 'skipped',
        message: expect.stringContaining('not run: interrupted (Ctrl-C)'),
      });
      if (command === 'fuzz')
        expect(named('hii')).toMatchObject({
          status: 'skipped',
          message: expect.stringContaining('not run'),
        });
      expect(cases.get('setup')).toMatchObject({
        status: 'error',
        message: expect.stringContaining('interrupted (Ctrl-C)'),
      });
    }, 60_000);
  }
});
