// biome-ignore-all lint/suspicious/noTemplateCurlyInString: scenario references are written ${...} inside plain strings
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { captureIo } from './support/capture';
import { startServer } from './support/drifting';
import { parseXml } from './support/xml';

/**
 * A run is green only when what was asked was checked. Scenario runs of nothing but skipped steps,
 * shards merged incompletely and targets that do not answer, each against a small backend of the test's own.
 */
const dir = mkdtempSync(join(tmpdir(), 'topup-checked-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const scenarios = join(dir, 'scenarios');
mkdirSync(scenarios);
const scenario = (name: string, steps: string) =>
  writeFileSync(
    join(scenarios, `${name}.yaml`),
    `version: 1\nname: ${name}\ndescription: ${name}\ntags: [t]\nsteps:\n${steps}`,
  );
scenario('controls-only', '  - control: { reset: {} }\n  - control: { clock: { advanceMs: 1000 } }\n');
scenario('time', '  - call: serverTime\n');
scenario('time-again', '  - call: serverTime\n');
scenario('time-thrice', '  - call: serverTime\n');
writeFileSync(
  join(dir, 'ts-matches.yaml'),
  'version: 1\nname: ts-matches\ndescription: d\nsteps:\n  - call: serverTime\n    expect: { data: { ts: { $matches: "^[0-9]{13}$" } } }\n',
);

/** A backend with no control API whose serverTime answers as the contract says. */
let backend: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  backend = await startServer((app) => {
    app.get('/api/sys/ts/', async () => ({ result: 0, message: '', data: { ts: Date.now() } }));
  });
});
afterAll(() => backend.close());

/** A loopback port nothing listens on. */
async function deadPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

const run = (args: readonly string[]) => {
  const io = captureIo();
  return runCli(['scenario', 'run', '--dir', scenarios, ...args], io).then((code) => ({ code, io }));
};

describe('a scenario whose every step was skipped is not a pass', () => {
  it('fails the run, says why in every reporter, and passes only with --allow-skipped', async () => {
    const pretty = await run(['controls-only', '--target', backend.url]);
    expect(pretty.code).toBe(1);
    expect(pretty.io.stdout()).toContain('FAILED: 0 of 1 scenario failed against http://127.0.0.1');
    expect(pretty.io.stdout()).toMatch(/controls-only: not checked: every step was skipped \(.+\)/);
    const html = await run(['controls-only', '--target', backend.url, '--reporter', 'html']);
    expect(html.code).toBe(1);
    expect(html.io.stdout()).toContain('<h1 class="failed">FAILED');
    const junit = await run(['controls-only', '--target', backend.url, '--reporter', 'junit']);
    expect(junit.io.stdout()).toContain('not checked: every step was skipped');
    const allowed = await run(['controls-only', '--target', backend.url, '--allow-skipped']);
    expect(allowed.code).toBe(0);
    expect(allowed.io.stdout()).toContain('PASSED 1 scenario');
  });

  it('still passes a run where some steps were skipped but each scenario checked something', async () => {
    const mixed = await run(['controls-only', 'time', '--target', backend.url]);
    expect(mixed.code).toBe(1);
    expect((await run(['time', '--target', backend.url])).code).toBe(0);
  });
});

describe('$matches on a numeric field', () => {
  it('is valid, and passes a number whose text matches when the scenario runs', async () => {
    const file = join(dir, 'ts-matches.yaml');
    const valid = captureIo();
    expect(await runCli(['scenario', 'validate', file], valid)).toBe(0);
    expect((await run([file, '--target', backend.url])).code).toBe(0);
  });
});

describe('scenario merge: every shard once, of one selection', () => {
  const out = join(dir, 'shards');
  const shard = async (i: number, n: number, extra: readonly string[] = []) => {
    const file = join(out, `shard-${i}-of-${n}${extra.length > 0 ? '-other' : ''}.json`);
    const args = ['--tag', 't', '--allow-skipped', '--target', backend.url, '--shard', `${i}/${n}`];
    await run([...args, ...extra, '--reporter', 'json', '--out', file]);
    return file;
  };
  let files: string[] = [];
  beforeAll(async () => {
    files = [];
    for (const i of [1, 2, 3, 4]) files.push(await shard(i, 4));
  });
  const merge = async (given: readonly string[], reporter = 'pretty') => {
    const io = captureIo();
    const code = await runCli(['scenario', 'merge', ...given, '--reporter', reporter], io);
    return { code, io };
  };

  it('carries its shard and the selection fingerprint in every report', () => {
    const report = JSON.parse(readFileSync(files[1] ?? '', 'utf8')) as { shard: unknown };
    expect(report.shard).toEqual({
      index: 2,
      total: 4,
      scenarios: 4,
      fingerprint: expect.any(String),
      names: expect.any(Array),
    });
  });

  it('passes all four shards, and fails three of four naming the missing one', async () => {
    const all = await merge(files);
    expect(all.code).toBe(0);
    expect(all.io.stdout()).toContain('merged shards 1/4, 2/4, 3/4, 4/4');
    const three = await merge(files.slice(0, 3), 'junit');
    expect(three.code).toBe(1);
    expect(three.io.stderr()).toContain('topup: shard 4/4 is missing from the merge');
    const root = parseXml(three.io.stdout());
    expect(root.attrs).toMatchObject({ errors: '1' });
    expect(three.io.stdout()).toContain('shard 4/4 is missing from the merge');
  });

  it('fails a shard given twice and a shard of another selection', async () => {
    const twice = await merge([...files, files[0] ?? '']);
    expect(twice.code).toBe(1);
    expect(twice.io.stderr()).toMatch(/shard 1\/4 is merged 2 times/);
    const other = await shard(4, 4, ['--grep-invert', 'thrice']);
    const foreign = await merge([...files.slice(0, 3), other]);
    expect(foreign.code).toBe(1);
    expect(foreign.io.stderr()).toContain('of another selection');
    expect(foreign.io.stderr()).toContain('shard 4/4 is missing from the merge');
  });
});

describe('-v shows simulator and room traffic', () => {
  it('prints the simulator request and each room frame', async () => {
    const io = captureIo();
    const args = ['scenario', 'run', 'card-3ds-challenge-passed', 'room-relative-frames', '-v'];
    expect(await runCli(args, io)).toBe(0);
    expect(io.stdout()).toMatch(
      /simulator POST \/__provider\/adyen\/challenge[^\n]*\n\s+→ POST http:\/\/127\.0\.0\.1:\d+\/__provider\/adyen\/challenge/,
    );
    expect(io.stdout()).toMatch(/⇠ \+\d+ ms \{"kind":"applied","sn":\d+/);
  }, 60_000);
});

describe('--target mock --mock-ports', () => {
  it('starts the mock on a port of the range, and refuses a range that is not one', async () => {
    const port = Number(new URL(await deadPort()).port);
    const range = `${port}-${port + 20}`;
    const ran = await run(['time', '--target', 'mock', '--mock-ports', range, '--reporter', 'json']);
    expect(ran.code).toBe(0);
    const target = (JSON.parse(ran.io.stdout()) as { target: string }).target;
    const used = Number(/:(\d+)\)?$/.exec(target)?.[1]);
    expect(used).toBeGreaterThanOrEqual(port);
    expect(used).toBeLessThanOrEqual(port + 20);
    const wrong = await run(['time', '--target', 'mock', '--mock-ports', '9100-9000']);
    expect(wrong.code).toBe(2);
    expect(wrong.io.stderr()).toContain(
      '--mock-ports takes a range of ports such as 9000-9099, not 9100-9000',
    );
  }, 60_000);
});

describe('a target that does not answer', () => {
  it('is one line and a report saying what did not run (--target and --compare, JUnit too)', async () => {
    const dead = await deadPort();
    const out = join(dir, 'dead.xml');
    const target = await run(['time', '--target', dead, '--reporter', 'junit', '--out', out]);
    expect(target.code).toBe(1);
    expect(target.io.stderr()).toMatch(
      /^topup: --target: no answer from http:\/\/127\.0\.0\.1:\d+\/: .+; 1 scenario did not run there\n/m,
    );
    expect(target.io.stderr()).not.toMatch(/\n\s+at /);
    expect(readFileSync(out, 'utf8')).toContain('1 scenario did not run there');
    const compare = await run(['time', '--target', backend.url, '--compare', dead]);
    expect(compare.code).toBe(1);
    expect(compare.io.stderr()).toContain('topup: --compare: no answer from');
    expect(compare.io.stderr()).not.toMatch(/\n\s+at /);
    expect(compare.io.stdout()).toMatch(/not run: --compare: no answer from/);
  });
});
