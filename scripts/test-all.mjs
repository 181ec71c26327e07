#!/usr/bin/env node
// Runs every test runner of the repo (Vitest projects, then Playwright when e2e has specs), then prints one
// line `tests: N passed, M failed` totalled over all of them. Exits non-zero if anything failed or a runner
// produced no report.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const reports = join(root, 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
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

// 1. Vitest: every unit, integration and app.inject test of every package.
const vitestReport = join(reports, 'vitest.json');
const vitestStatus = run('vitest', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
const vitest = readJson(vitestReport);
if (vitest) {
  totals.passed += vitest.numPassedTests ?? 0;
  totals.failed += vitest.numFailedTests ?? 0;
  totals.skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  if (vitestStatus !== 0 && (vitest.numFailedTests ?? 0) === 0) broken = true;
} else {
  console.error('vitest wrote no report');
  broken = true;
}

// 2. Playwright: the web app in Debian's Chromium, when the e2e package has specs.
const specDir = join(root, 'e2e', 'specs');
const hasSpecs =
  existsSync(specDir) &&
  readdirSync(specDir, { recursive: true }).some((f) => String(f).endsWith('.spec.ts'));
if (hasSpecs && !process.argv.includes('--unit')) {
  const pwReport = join(reports, 'playwright.json');
  const pwStatus = run('playwright', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: pwReport,
  });
  const pw = readJson(pwReport);
  if (pw?.stats) {
    totals.passed += (pw.stats.expected ?? 0) + (pw.stats.flaky ?? 0);
    totals.failed += pw.stats.unexpected ?? 0;
    totals.skipped += pw.stats.skipped ?? 0;
    if (pwStatus !== 0 && (pw.stats.unexpected ?? 0) === 0) broken = true;
  } else {
    console.error('playwright wrote no report');
    broken = true;
  }
}

if (broken) totals.failed = Math.max(totals.failed, 1);
const skipped = totals.skipped > 0 ? `, ${totals.skipped} skipped` : '';
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed > 0 || broken ? 1 : 0);
