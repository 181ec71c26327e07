import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';

/**
 * Integration test: it runs `npm test`'s runner as a process (which spawns Vitest, and Node 24 from the npm
 * registry) over one small test file, with the Node 24 run asked for: each Vitest run is reported on its own
 * line under the Node it ran on, and the last line counts each test once. (Under Node 24 itself the second run
 * is not made.) The counting rules are testCounts.test.ts's.
 */
const root = join(import.meta.dirname, '..');
const reports = mkdtempSync(join(tmpdir(), 'topup-reports-'));
afterAll(() => rmSync(reports, { recursive: true, force: true }));

it('reports each Vitest run on its own line and counts each test once in its last line', {
  timeout: 300_000,
}, () => {
  const out = spawnSync(
    'node',
    ['scripts/test-all.mjs', '--unit', '--node24', 'scripts/browser.test.ts', '--project', 'scripts'],
    { cwd: root, encoding: 'utf8', env: { ...process.env, TEST_REPORTS_DIR: reports } },
  );
  const lines = out.stdout.split('\n').filter((l) => l.trim() !== '');
  const perFile = JSON.parse(readFileSync(join(reports, 'vitest.json'), 'utf8')) as {
    numPassedTests: number;
  };
  expect(perFile.numPassedTests).toBeGreaterThan(0);

  const on24 = process.versions.node.startsWith('24.');
  const runs = lines.filter((l) => /^ {2}vitest \(node [\d.]+\): \d+ passed, \d+ failed$/.test(l));
  expect(runs).toEqual([
    `  vitest (node ${process.versions.node}): ${perFile.numPassedTests} passed, 0 failed`,
    ...(on24
      ? []
      : [
          expect.stringMatching(
            new RegExp(
              `^ {2}vitest \\(node 24\\.\\d+\\.\\d+\\): ${perFile.numPassedTests} passed, 0 failed$`,
            ),
          ),
        ]),
  ]);
  expect(existsSync(join(reports, 'vitest-node24.json'))).toBe(!on24);
  expect(lines.at(-1)).toBe(`tests: ${perFile.numPassedTests} passed, 0 failed`);
  expect(out.status).toBe(0);
});
