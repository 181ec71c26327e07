// Integration test: the CLI talks HTTP, so it runs against small backends listening on loopback, port 0.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { runBin } from './support/bin';
import { captureIo } from './support/capture';
import { startServer } from './support/drifting';
import { parseXml } from './support/xml';

/**
 * The report names what did not run (README): the scenarios selected that never started, when the target
 * does not answer or Ctrl-C comes before them, are named in every reporter, and the head line says they were
 * not run instead of counting "0 scenarios … in 0 ms".
 */
const dir = mkdtempSync(join(tmpdir(), 'topup-not-run-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// In the catalogue's order, as the run takes them.
const FIXTURES = join(__dirname, '..', 'fixtures', 'mock-backend.yaml');
const SELECTED = ['account-banned', 'account-normal'];

let arrived: () => void = () => {};
let clockHangs: Awaited<ReturnType<typeof startServer>>;
let lookupHangs: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  // Its clock read never answers: Ctrl-C comes during the target check.
  clockHangs = await startServer((app) => {
    app.get('/__mock/clock', () => {
      arrived();
      return new Promise(() => {});
    });
  });
  // Not the mock (its clock is not found); the first scenario's lookup never answers.
  lookupHangs = await startServer((app) => {
    app.get('/__mock/clock', async (_r, reply) => reply.code(404).send());
    app.get('/api/web/check_display_id/', () => {
      arrived();
      return new Promise(() => {});
    });
  });
});
afterAll(async () => {
  await clockHangs.close();
  await lookupHangs.close();
});

async function interrupted(url: string, out: string) {
  const arrival = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  return runBin(
    [
      'scenario',
      'run',
      ...SELECTED,
      '--target',
      url,
      '--fixtures',
      FIXTURES,
      '--reporter',
      'json',
      '--out',
      out,
      '--last-run-file',
      `${out}.last`,
    ],
    {
      whileRunning: async (child) => {
        await arrival;
        child.kill('SIGINT');
      },
      limitMs: 30_000,
    },
  );
}

describe('Ctrl-C names the scenarios it left not run (real binary)', () => {
  it('during the target check: both selected scenarios not run, exit 130', async () => {
    const out = join(dir, 'check.json');
    const run = await interrupted(clockHangs.url, out);
    expect(run.code).toBe(130);
    expect(run.stdout).toContain(`INTERRUPTED 2 scenarios not run against ${clockHangs.url}`);
    const report = JSON.parse(readFileSync(out, 'utf8')) as Record<string, unknown>;
    expect(report.interrupted).toBe(true);
    expect(report.notRunScenarios).toEqual(SELECTED);
  }, 40_000);

  it('during the first scenario: it is reported, the second named as not run', async () => {
    const out = join(dir, 'first.json');
    const run = await interrupted(lookupHangs.url, out);
    expect(run.stderr).toContain('topup: interrupted');
    expect(run.code).toBe(130);
    const report = JSON.parse(readFileSync(out, 'utf8')) as {
      scenarios: { name: string }[];
      notRunScenarios?: string[];
    };
    expect(report.scenarios.map((s) => s.name)).toEqual(['account-banned']);
    expect(report.notRunScenarios).toEqual(['account-normal']);
    // --last-failed runs again the one cut short and the one never started, not the first alone.
    const io = captureIo();
    const again = ['scenario', 'run', '--last-failed', '--last-run-file', `${out}.last`];
    const code = await runCli([...again, '--target', 'http://127.0.0.1:4', '--reporter', 'json'], io);
    expect(code).toBe(1);
    expect((JSON.parse(io.stdout()) as { notRunScenarios?: string[] }).notRunScenarios).toEqual(SELECTED);
  }, 40_000);
});

describe('a target that does not answer', () => {
  const closed = 'http://127.0.0.1:4';
  const run = (reporter: string) => {
    const io = captureIo();
    const args = ['scenario', 'run', ...SELECTED, '--target', closed, '--reporter', reporter];
    return runCli([...args, '--last-run-file', join(dir, 'last.json')], io).then((code) => ({ code, io }));
  };

  it('pretty: the head line says the scenarios were not run, and why; the recap names them', async () => {
    const { code, io } = await run('pretty');
    expect(code).toBe(1);
    expect(io.stdout()).toMatch(
      /^FAILED: 2 scenarios not run against http:\/\/127\.0\.0\.1:4 \(--target: no answer from /m,
    );
    expect(io.stdout()).not.toContain('0 scenarios');
    expect(io.stdout()).toContain('2 scenarios not run: account-banned, account-normal');
  });

  it('json, junit and html name each scenario not run', async () => {
    const json = JSON.parse((await run('json')).io.stdout()) as Record<string, unknown>;
    expect(json.notRunScenarios).toEqual(SELECTED);
    const suites = parseXml((await run('junit')).io.stdout()).children.map((s) => s.attrs.name);
    expect(suites).toEqual(expect.arrayContaining(SELECTED));
    const html = (await run('html')).io.stdout();
    expect(html).toContain('2 scenarios not run against');
    expect(html).toContain('account-banned, account-normal');
  });
});
