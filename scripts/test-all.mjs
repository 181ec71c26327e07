#!/usr/bin/env node
// `npm test`: every test runner of the repo, then one line `tests: N passed, M failed` over all of them. Exits
// non-zero if any test failed, needed a retry, or a runner crashed or produced no report.
// The steps (browser, Vitest, Vitest again under Node 24 in CI, Playwright) and how N and M count: README,
// "Tests". After a whole run (no --unit, no Vitest arguments) it also writes the spec coverage matrix
// (`topup coverage`) to reports/coverage.md and prints its summary; that does not change the total.
//
//   node scripts/test-all.mjs [--unit] [--node24] [vitest arguments…]
//     --unit: the Vitest projects only, no browser; other arguments go to every Vitest run (a file, --project);
//     TEST_REPORTS_DIR moves the runners' JSON reports from reports/.
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ensureTestBrowser } from './browser.mjs';
import { node24Args } from './node24.mjs';
import {
  countsOf,
  distinct,
  failedLines,
  playwrightOutcomes,
  summaryLine,
  vitestOutcomes,
} from './testCounts.mjs';

const root = join(import.meta.dirname, '..');
const reports = process.env.TEST_REPORTS_DIR || join(root, 'reports');
const flags = ['--unit', '--node24'];
const vitestArgs = process.argv.slice(2).filter((a) => !flags.includes(a));
const unitOnly = process.argv.includes('--unit');
const ci = Boolean(process.env.CI) && !['0', 'false'].includes(String(process.env.CI).toLowerCase());
const node24 = (ci || process.argv.includes('--node24')) && process.versions.node.split('.')[0] !== '24';

const specDir = join(root, 'e2e', 'specs');
const hasSpecs =
  existsSync(specDir) &&
  readdirSync(specDir, { recursive: true }).some((f) => String(f).endsWith('.spec.ts'));
const e2e = hasSpecs && !unitOnly;

// 1. The browser, before anything runs: no browser means one line, not hundreds of failed tests.
const browserEnv = {};
if (e2e) {
  const browser = ensureTestBrowser();
  if (!browser.ok) {
    console.error(browser.message);
    process.exit(1);
  }
  console.log(`browser: ${browser.path} (${browser.version}, from ${browser.source})`);
  browserEnv.CHROMIUM_PATH = browser.path;
}

rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

/** Each runner's outcomes by test, for the distinct count; its own line for the reader. */
const runs = [];
const lines = [];
const failures = [];
let broken = false;

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`);
  const out = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return out.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function record(label, outcomes, status, note = '') {
  runs.push(outcomes);
  const counts = countsOf(outcomes);
  lines.push(`${label}: ${counts.passed} passed, ${counts.failed} failed${note}`);
  failures.push(...failedLines(label, outcomes));
  // A runner that exits non-zero with no failed test (a crash, a file that did not load) is a failure too.
  if (status !== 0 && counts.failed === 0) {
    console.error(`${label} exited ${status} with no failed test`);
    broken = true;
  }
}

function vitest(label, command, prefix, reportName, args = vitestArgs) {
  const report = join(reports, reportName);
  const status = run(label, command, [
    ...prefix,
    'run',
    '--retry=0',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...args,
  ]);
  const json = readJson(report);
  if (!json) {
    console.error(`${label} wrote no report`);
    broken = true;
    return;
  }
  record(label, vitestOutcomes(json, root), status);
}

// Node 24 for step 3, fetched from the npm registry while step 2 runs: on a fresh machine the download is half
// a minute, mostly waiting on the network. `npx -p node@24` puts that Node first on PATH, so what the tests
// spawn (npx, tsx, npm) runs under it too.
const npx24 = ['-y', '-p', 'node@24', '--', 'node'];
const node24Version = node24
  ? promisify(execFile)('npx', [...npx24, '--version'], { cwd: root }).then(
      ({ stdout }) => ({ status: 0, stdout, stderr: '' }),
      (error) => ({ status: 1, stdout: error.stdout ?? '', stderr: error.stderr || String(error) }),
    )
  : undefined;

// 2. Vitest: every unit, integration and app.inject test of every package.
vitest(`vitest (node ${process.versions.node})`, 'npx', ['vitest'], 'vitest.json');

// 3. The same under Node 24.
if (node24Version) {
  const version = await node24Version;
  const v24 = version.stdout?.trim() ?? '';
  if (version.status !== 0 || !v24.startsWith('v24.')) {
    console.error(`could not get Node 24 from the npm registry's node@24 package: ${version.stderr?.trim()}`);
    broken = true;
  } else {
    vitest(
      `vitest (node ${v24.slice(1)})`,
      'npx',
      [...npx24, join('node_modules', 'vitest', 'vitest.mjs')],
      'vitest-node24.json',
      node24Args(vitestArgs),
    );
  }
}

// 4. Playwright: the web app in Chromium, when the e2e package has specs.
if (e2e) {
  const report = join(reports, 'playwright.json');
  const status = run('playwright', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    ...browserEnv,
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
  });
  const pw = readJson(report);
  if (pw?.stats) {
    const flaky = pw.stats.flaky ?? 0;
    record('playwright', playwrightOutcomes(pw), status, flaky > 0 ? ` (${flaky} needed a retry)` : '');
  } else {
    console.error('playwright wrote no report');
    broken = true;
  }
}

// 5. The spec coverage matrix of this run: only tests tagged @spec:<row id> that passed here count. A row left
// with no passing test and no written reason, or a tag naming no row (a typo), fails the run (`--check`).
if (e2e && vitestArgs.length === 0) {
  const coverage = ['cli', 'bin', 'topup.mjs'];
  const args = ['coverage', '--reports', reports, '--format'];
  run('spec coverage', process.execPath, [
    join(...coverage),
    ...args,
    'md',
    '--out',
    join(reports, 'coverage.md'),
  ]);
  if (run('spec coverage', process.execPath, [join(...coverage), ...args, 'summary', '--check']) !== 0) {
    console.error('spec coverage: a row has no passing test and no reason, or a tag names no row');
    broken = true;
  }
}

const total = countsOf(distinct(runs));
if (broken) total.failed = Math.max(total.failed, 1);
if (failures.length > 0) console.log(`\nfailed:\n${failures.map((l) => `  ${l}`).join('\n')}`);
console.log(`\n${lines.map((l) => `  ${l}`).join('\n')}`);
if (total.skipped > 0) console.log(`  ${total.skipped} skipped`);
console.log(summaryLine(total));
process.exit(total.failed > 0 || broken ? 1 : 0);
