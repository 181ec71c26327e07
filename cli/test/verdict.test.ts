// A report written to a file (--out) still leaves its verdict on the terminal; a fixtures file's __proto__
// entry is an unknown fixture name like any other.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runCli } from '../src/cli';
import { checkFixturesDocument } from '../src/scenario/fixturesFile';
import { captureIo } from './support/capture';

const dir = mkdtempSync(join(tmpdir(), 'topup-verdict-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('--reporter … --out: the verdict still reaches the terminal', () => {
  const json = join(dir, 'run.json');
  it.each(['json', 'junit', 'html', 'pretty'])(
    'scenario run --reporter %s --out',
    async (reporter) => {
      const run = captureIo();
      const out = reporter === 'json' ? json : join(dir, `run.${reporter}`);
      const args = ['scenario', 'run', 'account-normal', '--target', 'mock', '--reporter', reporter];
      expect(await runCli([...args, '--out', out], run)).toBe(0);
      expect(run.stdout()).toMatch(
        /^PASSED 1 scenario against mock \(http:\/\/127\.0\.0\.1:\d+\) in .+\n {2}scenarios: 1 passed, 0 failed, 0 skipped\n$/,
      );
    },
    60_000,
  );

  it.each(['json', 'junit', 'html', 'pretty'])('scenario merge --reporter %s --out', async (reporter) => {
    const merged = captureIo();
    const out = join(dir, `merged.${reporter}`);
    expect(await runCli(['scenario', 'merge', json, '--reporter', reporter, '--out', out], merged)).toBe(0);
    expect(merged.stdout()).toMatch(/^PASSED 1 scenario against mock .+\n {2}scenarios: 1 passed/);
  });
});

describe('a fixtures file naming __proto__', () => {
  it('is an unknown fixture name, with the valid names', () => {
    const checked = checkFixturesDocument(parse('version: 1\nfixtures:\n  __proto__: { uid: 1 }\n'));
    expect(checked.ok).toBe(false);
    expect(checked.ok ? [] : checked.reasons).toEqual([
      expect.stringMatching(/^fixtures\.__proto__: unknown fixture name; valid names: account\.banned, /),
    ]);
  });
});
