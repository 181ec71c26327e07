/**
 * `npm run bench` (issue 4, item 10): builds the web app and a bare React 19 page the same way, serves each
 * as `npm start` serves the app (the mock server with --web), and runs Lighthouse's mobile preset on
 * /recharge-list. Prints the scores and the JavaScript ratio; `--strict` exits 1 when a target is missed.
 *
 *   npx tsx e2e/bench/run.ts [--strict] [--runs N]
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const strict = process.argv.includes('--strict');
const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Math.max(1, Number(process.argv[runsArg + 1]) || 1) : 3;

const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const;

const TARGETS = { performance: 0.98, accessibility: 1, 'best-practices': 1, jsRatio: 1.5 } as const;

function run(command: string, args: string[], cwd = root): void {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

interface PageResult {
  scores: Record<string, number>;
  metrics: Record<string, number>;
  jsTransfer: number;
  jsResource: number;
  scripts: string[];
}

async function audit(url: string, port: number): Promise<PageResult> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
  });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  const scores: Record<string, number> = {};
  for (const [id, category] of Object.entries(lhr.categories)) scores[id] = category.score ?? 0;
  const items = (
    (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []
  ).filter((item) => item.resourceType === 'Script');
  const metrics: Record<string, number> = {};
  for (const id of METRICS) metrics[id] = lhr.audits[id]?.numericValue ?? 0;
  return {
    scores,
    metrics,
    jsTransfer: items.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    jsResource: items.reduce((sum, item) => sum + (item.resourceSize ?? 0), 0),
    scripts: items.map((item) => new URL(item.url).pathname),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main(): Promise<void> {
  console.log('building web/ and the bare React page…');
  run('npm', ['run', 'build', '-w', 'web']);
  run('npx', ['vite', 'build', '-c', join(here, 'bare', 'vite.config.ts')], join(root, 'web'));

  const { startMockServer } = (await import('@topup/mock-server/server')) as unknown as {
    startMockServer: (options: Record<string, unknown>) => Promise<{ url: string; close(): Promise<void> }>;
  };
  const app = await startMockServer({ port: 0, webRoot: join(root, 'web', 'dist'), logger: false });
  const bare = await startMockServer({ port: 0, webRoot: join(here, 'bare', 'dist'), logger: false });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    const appRuns: PageResult[] = [];
    for (let i = 0; i < runs; i++) appRuns.push(await audit(`${app.url}/recharge-list`, chrome.port));
    const bareRun = await audit(`${bare.url}/`, chrome.port);

    const score = (id: string) => median(appRuns.map((r) => r.scores[id] ?? 0));
    const jsTransfer = median(appRuns.map((r) => r.jsTransfer));
    const jsResource = median(appRuns.map((r) => r.jsResource));
    const ratio = jsTransfer / Math.max(1, bareRun.jsTransfer);
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
    const lines: [string, string, boolean][] = [
      ['performance', score('performance').toFixed(2), score('performance') >= TARGETS.performance],
      ['accessibility', score('accessibility').toFixed(2), score('accessibility') >= TARGETS.accessibility],
      [
        'best-practices',
        score('best-practices').toFixed(2),
        score('best-practices') >= TARGETS['best-practices'],
      ],
      [
        'JS before interaction',
        `${kb(jsTransfer)} transferred (${kb(jsResource)} uncompressed) vs bare React ${kb(bareRun.jsTransfer)} (${kb(bareRun.jsResource)}): ratio ${ratio.toFixed(2)}`,
        ratio <= TARGETS.jsRatio,
      ],
    ];
    console.log(
      `\nLighthouse mobile preset, /recharge-list, median of ${runs} runs (targets: perf ≥ 0.98, a11y 1.0, best practices 1.0, JS ≤ 1.5×)`,
    );
    for (const [name, value, ok] of lines) console.log(`  ${ok ? 'PASS' : 'MISS'}  ${name}: ${value}`);
    console.log(`  scripts: ${appRuns[0]?.scripts.join(', ')}`);
    console.log(
      `  metrics: ${METRICS.map((id) => `${id} ${median(appRuns.map((r) => r.metrics[id] ?? 0)).toFixed(id === 'cumulative-layout-shift' ? 3 : 0)}`).join(', ')}`,
    );
    if (strict && lines.some(([, , ok]) => !ok)) process.exitCode = 1;
  } finally {
    chrome.kill();
    await app.close();
    await bare.close();
  }
}

await main();
