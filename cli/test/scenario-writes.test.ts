// Integration test: `scenario run` against a real backend (the mock without its control API, behind a proxy
// of the test's own that keeps every path asked) sends only read-only calls and the fixtures file's
// safeWrites, as `contract check` does: a scenario that writes anything else is skipped, never sent.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CallName, registry } from '@topup/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { loadFixturesFile } from '../src/scenario/fixturesFile';
import { captureIo } from './support/capture';
import { startProxyBackend } from './support/proxyBackend';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'mock-backend.yaml');
const SAFE = loadFixturesFile(FIXTURES).safeWrites;
/** The paths of the writes the mock's fixtures file does not allow: none may reach the backend. */
const UNSAFE_PATHS = Object.entries(registry)
  .filter(([call, c]) => !c.readOnly && !SAFE.includes(call as CallName))
  .map(([, c]): string => c.path);

let backend: Awaited<ReturnType<typeof startProxyBackend>>;
let dir: string;
beforeAll(async () => {
  backend = await startProxyBackend();
  dir = mkdtempSync(join(tmpdir(), 'topup-scenario-writes-'));
});
afterAll(async () => {
  await backend.close();
  rmSync(dir, { recursive: true, force: true });
});

const run = async (args: readonly string[]) => {
  const io = captureIo();
  backend.paths.length = 0;
  const code = await runCli(
    [
      'scenario',
      'run',
      ...args,
      '--target',
      backend.url,
      '--reporter',
      'json',
      '--last-run-file',
      join(dir, 'last.json'),
    ],
    io,
  );
  const report = JSON.parse(io.stdout()) as {
    passed: boolean;
    scenarios: { name: string; status: string; writeGated?: string; steps: { skipReason?: string }[] }[];
  };
  return { code, report, err: io.stderr(), paths: [...backend.paths] };
};

describe('scenario run against a real backend sends no write it may not take', () => {
  it('skips saved-card-delete unsent, names the call and how to allow it, and is no pass (exit 2)', async () => {
    const { code, report, err, paths } = await run(['saved-card-delete', '--fixtures', FIXTURES]);
    expect(paths.filter((p) => p.startsWith('/api/'))).toEqual([]);
    expect(code).toBe(2);
    expect(report.passed).toBe(false);
    expect(report.scenarios.map((s) => s.status)).toEqual(['skipped']);
    expect(report.scenarios[0]?.steps[0]?.skipReason).toContain('deleteCardSource is a write');
    const lines = err.split('\n').filter((l) => l.includes('skipped saved-card-delete on'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('deleteCardSource');
    expect(lines[0]).toContain(`list deleteCardSource under safeWrites in ${FIXTURES}`);
    expect(lines[0]).toContain('--target mock');
  });

  it('runs the others and passes when only some scenarios are skipped as writes', async () => {
    const { code, report, err } = await run(['saved-card-delete', 'account-normal', '--fixtures', FIXTURES]);
    expect(err).toContain('skipped saved-card-delete on');
    expect(Object.fromEntries(report.scenarios.map((s) => [s.name, s.status]))).toEqual({
      'saved-card-delete': 'skipped',
      'account-normal': 'passed',
    });
    expect(code).toBe(0);
  });

  it('sends none of the writes of the whole catalogue (orders, uploads, card changes, feedback)', async () => {
    const { report, paths } = await run(['--all', '--fixtures', FIXTURES, '--concurrency', '2']);
    expect(paths.filter((p) => UNSAFE_PATHS.includes(p))).toEqual([]);
    const gated = report.scenarios.filter((s) => s.writeGated !== undefined).map((s) => s.name);
    expect(gated).toContain('saved-card-delete');
    expect(gated).toContain('card-visa-approved');
    expect(gated).toContain('feedback-three-files-fourth-refused');
  });

  it('sends a write the fixtures file lists under safeWrites', async () => {
    const file = join(dir, 'allow-delete.yaml');
    writeFileSync(
      file,
      readFileSync(FIXTURES, 'utf8').replace('safeWrites: [', 'safeWrites: [deleteCardSource, '),
    );
    const { report, paths } = await run(['saved-card-delete', '--fixtures', file]);
    expect(paths).toContain(registry.deleteCardSource.path);
    expect(report.scenarios[0]?.writeGated).toBeUndefined();
  });

  it('skips a write without a fixtures file too, naming --fixtures', async () => {
    const file = join(dir, 'delete-literal.yaml');
    writeFileSync(
      file,
      [
        'version: 1',
        'name: delete-literal',
        'description: a saved card deleted with literal values, no fixtures',
        'steps:',
        '  - call: deleteCardSource',
        '    params: { fingerprint: fp_mc5454, h5_deviceid: h5-device-10000001, session_key: sk-10000001 }',
        '',
      ].join('\n'),
    );
    const { code, err, paths } = await run([file]);
    expect(paths.filter((p) => p.startsWith('/api/'))).toEqual([]);
    expect(err).toContain('list deleteCardSource under safeWrites in a --fixtures file');
    expect(code).toBe(2);
  });
});
