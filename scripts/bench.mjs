#!/usr/bin/env node
// `npm run bench`: every benchmark of the repo, each measuring ratios against a baseline taken in the same run
// on this machine (never absolute thresholds in tests). Runs them one after another, so they do not share
// the two cores, and exits non-zero if one of them could not run. The web app's benchmarks drive Chromium:
// it is found or installed first (scripts/browser.mjs), and where there is none to be had, one line says what
// to run and nothing runs.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureChromium } from './browser.mjs';

const root = join(import.meta.dirname, '..');
const benches = [
  [
    'mock server: read and order throughput beside bare Fastify; room fan-out to 1,000 clients',
    'npx',
    ['tsx', 'mock-server/bench/run.ts'],
  ],
  [
    'topup CLI: the scenario catalogue at concurrency 4, and the contract check',
    'npm',
    ['run', 'bench', '-w', 'cli'],
  ],
  [
    'web app: Lighthouse 13 (its mobile preset) on every route of SPEC §2 beside a bare React 19 page: LCP, TTI, TBT, first-load JavaScript',
    ...underLighthouseNode(['node_modules/tsx/dist/cli.mjs', 'e2e/bench/run.ts']),
  ],
  [
    'payment flow (issue 5 item 12): no provider SDK in the first load of /recharge-list; API round trips from "recharge now" with a saved card to the order',
    'npx',
    ['tsx', 'e2e/bench/pay.ts'],
  ],
];

/**
 * Lighthouse 13 needs Node 22.19 or later: on an older Node the web bench runs under Node 24 from the npm
 * registry's node@24 package, as `npm test` runs its Node 24 pass.
 */
function underLighthouseNode(args) {
  const [major, minor] = process.versions.node.split('.').map(Number);
  const recent = major > 22 || (major === 22 && minor >= 19);
  return recent ? ['node', args] : ['npx', ['-y', '-p', 'node@24', '--', 'node', ...args]];
}

const browser = ensureChromium();
if (!browser.ok) {
  console.error(browser.message);
  process.exit(1);
}
console.log(`browser: ${browser.path} (${browser.version}, from ${browser.source})`);
const env = { ...process.env, CHROMIUM_PATH: browser.path };

const failed = [];
for (const [title, command, args] of benches) {
  console.log(`\n━━ ${title}\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) failed.push(title);
}
if (failed.length > 0) {
  console.error(`\nbenchmarks that did not run to the end:\n${failed.map((f) => `- ${f}`).join('\n')}`);
  process.exit(1);
}
