/**
 * `npm run bench` (issues 4, 16 and 30): builds the web app and a bare React 19 page the same way, serves each as
 * `npm start` serves the app (the mock server with --web), and runs Lighthouse 13 with its default settings,
 * which are its mobile preset (simulated throttling: slow 4G, 4× CPU slowdown, a Moto G Power's screen), on
 * every route of SPEC §2, each with the arguments it is opened with, beside the bare page in the same run.
 * Each round audits the bare page and then every route once, so the machine's noise falls on all of them
 * alike; the table shows the median of the rounds, and each route's LCP, TTI and TBT beside the bare page's.
 *
 *   npx tsx e2e/bench/run.ts [--strict] [--runs N] [--routes a,b] [--keep DIR]
 *
 * `--runs N` rounds (default 3); `--routes` picks routes by name or path (`login,/fines?id=7001`);
 * `--strict` exits 1 when a target is missed; `--keep DIR` writes each Lighthouse report there as JSON
 * (its `bootup-time` and `mainthread-work-breakdown` audits say where the main thread's time goes).
 * Lighthouse 13 needs Node 22.19 or later: `npm run bench` runs this under Node 24 (scripts/bench.mjs).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');

/** Every route of SPEC §2 a visitor arrives on directly, with the arguments it is opened with (TESTDATA.md). */
export const ROUTES: readonly { readonly name: string; readonly path: string }[] = [
  { name: 'index', path: '/' },
  { name: 'recharge-list', path: '/recharge-list' },
  { name: 'recharge-list tab=2', path: '/recharge-list?tab=2' },
  { name: 'pay signed in', path: '/pay?session_key=sk-10000001' },
  {
    name: 'payment return',
    path: '/recharge-list?zp_show=1&zp_orderid=bench-order&zp_h5deviceid=bench-device',
  },
  { name: 'pay-step', path: '/pay-step?recharge_id=rc_499&pay_type=23&to_uid=1001&session_key=sk-10000001' },
  { name: 'fines id', path: '/fines?id=7001' },
  { name: 'fines', path: '/fines' },
  { name: 'feedback', path: '/feedback' },
  { name: 'login', path: '/login' },
];

/** The route whose JavaScript is the first load's, held to the first-load limit. */
const FIRST_SCREEN = '/recharge-list';

/**
 * What every route is held to, beside the bare page measured in the same run: its largest paint no later,
 * its time to interactive at most 1.2×, no layout shift; and the first load's JavaScript (gzip) under a limit
 * with room for library code (web/README.md, performance).
 */
export const TARGETS = {
  lcpRatio: 1.0,
  ttiRatio: 1.2,
  cls: 0,
  firstLoadKiB: 120,
} as const;

export interface Options {
  readonly strict: boolean;
  readonly runs: number;
  readonly routes: readonly { readonly name: string; readonly path: string }[];
  /** Where to write each run's Lighthouse report (JSON), if anywhere. */
  readonly keep?: string;
}

/** The command line; a bad argument is an error naming it, never a silent default. */
export function parseArgs(argv: readonly string[]): Options {
  let strict = false;
  let runs = 3;
  let routes = ROUTES;
  let keep: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--strict') strict = true;
    else if (arg === '--runs') {
      const value = argv[++i] ?? '';
      if (!/^[1-9]\d{0,1}$/.test(value))
        throw new Error(`--runs takes a whole number from 1 to 99, not "${value}"`);
      runs = Number(value);
    } else if (arg === '--routes') {
      const value = argv[++i] ?? '';
      const wanted = value
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== '');
      if (wanted.length === 0)
        throw new Error('--routes takes a comma-separated list of route names or paths');
      const unknown = wanted.filter((w) => !ROUTES.some((r) => r.name === w || r.path === w));
      if (unknown.length > 0)
        throw new Error(
          `unknown route ${unknown.map((u) => `"${u}"`).join(', ')}; known: ${ROUTES.map((r) => `${r.name} (${r.path})`).join(', ')}`,
        );
      routes = ROUTES.filter((r) => wanted.includes(r.name) || wanted.includes(r.path));
    } else if (arg === '--keep') {
      const value = argv[++i] ?? '';
      if (value === '' || value.startsWith('--')) throw new Error('--keep takes a directory');
      keep = value;
    } else
      throw new Error(`unknown argument "${arg}"; use [--strict] [--runs N] [--routes a,b] [--keep DIR]`);
  }
  return keep === undefined ? { strict, runs, routes } : { strict, runs, routes, keep };
}

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
  lcp: number;
  cls: number;
  tbt: number;
  tti: number;
  fcp: number;
  jsTransfer: number;
  scripts: string[];
  /** What Lighthouse took as the largest contentful paint, and the layout shifts' elements. */
  lcpElement: string;
}

/** The first node snippet in an audit's details (Lighthouse nests them in tables and lists). */
function firstSnippet(details: unknown): string {
  if (details === null || typeof details !== 'object') return '';
  const node = (details as { node?: { snippet?: string } }).node;
  if (typeof node?.snippet === 'string') return node.snippet;
  for (const value of Object.values(details)) {
    const found = Array.isArray(value) ? value.map(firstSnippet).find((s) => s !== '') : firstSnippet(value);
    if (found) return found;
  }
  return '';
}

/** A script's gzip size (level 9), read from the build it was served from: what a compressing host sends. */
function gzipSize(webRoot: string, pathname: string): number {
  return gzipSync(readFileSync(join(webRoot, pathname)), { level: 9 }).length;
}

/** One Lighthouse run; a run Lighthouse itself could not record (NO_NAVSTART on a busy machine) is retried once. */
async function audit(url: string, port: number, webRoot: string, keepAs?: string): Promise<PageResult> {
  try {
    return await auditOnce(url, port, webRoot, keepAs);
  } catch (error) {
    console.log(`  ${error instanceof Error ? error.message : String(error)}; once more`);
    return auditOnce(url, port, webRoot, keepAs);
  }
}

async function auditOnce(url: string, port: number, webRoot: string, keepAs?: string): Promise<PageResult> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    // Every route is a visitor's first visit: Lighthouse's default keeps the origin's local storage, cookies
    // and IndexedDB, so a route audited after a sign-in (the pay links) would start signed in.
    clearStorageTypes: ['all'],
  });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  if (keepAs !== undefined) writeFileSync(keepAs, JSON.stringify(lhr));
  settingsSeen ??= settingsOf(lhr.configSettings);
  lighthouseVersion ??= lhr.lighthouseVersion;
  const scores: Record<string, number> = {};
  for (const [id, category] of Object.entries(lhr.categories)) scores[id] = category.score ?? 0;
  const items = (
    (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []
  ).filter((item) => item.resourceType === 'Script');
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    scores,
    lcp: metric('largest-contentful-paint'),
    cls: metric('cumulative-layout-shift'),
    tbt: metric('total-blocking-time'),
    // Not in the score since Lighthouse 10, still computed (the report's JSON).
    tti: metric('interactive'),
    fcp: metric('first-contentful-paint'),
    // The page's own scripts at their gzip size; another host's (a social SDK on /login) as transferred.
    jsTransfer: items.reduce(
      (sum, item) =>
        sum +
        (new URL(item.url).origin === new URL(url).origin
          ? gzipSize(webRoot, new URL(item.url).pathname)
          : (item.transferSize ?? 0)),
      0,
    ),
    scripts: items.map((item) => new URL(item.url).pathname),
    // Lighthouse 13 names the element in its LCP breakdown insight.
    lcpElement: firstSnippet(lhr.audits['lcp-breakdown-insight']?.details).slice(0, 120),
  };
}

export const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

interface Row {
  readonly name: string;
  readonly path: string;
  readonly perf: number;
  readonly lcp: number;
  readonly lcpRatio: number;
  readonly tti: number;
  readonly ttiRatio: number;
  readonly tbt: number;
  readonly cls: number;
  readonly js: number;
  readonly misses: readonly string[];
}

/** One route's medians beside the bare page's, and which targets it misses. */
export function rowOf(
  name: string,
  path: string,
  runs: readonly PageResult[],
  bare: readonly PageResult[],
): Row {
  const med = (pick: (r: PageResult) => number) => median(runs.map(pick));
  const lcp = med((r) => r.lcp);
  const tti = med((r) => r.tti);
  const cls = med((r) => r.cls);
  const js = med((r) => r.jsTransfer);
  const lcpRatio = lcp / median(bare.map((r) => r.lcp));
  const ttiRatio = tti / median(bare.map((r) => r.tti));
  const misses: string[] = [];
  if (name !== 'bare') {
    if (!(lcpRatio <= TARGETS.lcpRatio))
      misses.push(`LCP ${lcpRatio.toFixed(2)}× bare > ${TARGETS.lcpRatio}`);
    if (!(ttiRatio <= TARGETS.ttiRatio))
      misses.push(`TTI ${ttiRatio.toFixed(2)}× bare > ${TARGETS.ttiRatio}`);
    if (!(cls <= TARGETS.cls)) misses.push(`CLS ${cls.toFixed(3)} > 0`);
    if (path === FIRST_SCREEN && !(js / 1024 <= TARGETS.firstLoadKiB))
      misses.push(`first-load JS ${(js / 1024).toFixed(1)} KiB > ${TARGETS.firstLoadKiB}`);
  }
  return {
    name,
    path,
    perf: med((r) => r.scores.performance ?? 0),
    lcp,
    lcpRatio,
    tti,
    ttiRatio,
    tbt: med((r) => r.tbt),
    cls,
    js,
    misses,
  };
}

/** The issue's table, as Markdown (it is what README shows). */
export function table(rows: readonly Row[]): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const lines = [
    '| route | LCP | LCP / bare | TTI | TTI / bare | TBT | CLS | perf | JS KiB gzip | |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    const bare = row.name === 'bare';
    lines.push(
      `| ${bare ? 'bare React page' : `\`${row.path}\``} | ${s(row.lcp)} | ${row.lcpRatio.toFixed(2)} | ${s(row.tti)} | ${row.ttiRatio.toFixed(2)} | ${row.tbt.toFixed(0)} ms | ${row.cls.toFixed(3)} | ${row.perf.toFixed(2)} | ${(row.js / 1024).toFixed(1)} | ${bare ? '' : row.misses.length === 0 ? 'PASS' : `MISS: ${row.misses.join('; ')}`} |`,
    );
  }
  return lines.join('\n');
}

/** The Lighthouse and the settings it measured with, as it reports them (the first audit's). */
let settingsSeen: string | undefined;
let lighthouseVersion: string | undefined;
function settingsOf(settings: {
  formFactor?: string;
  throttlingMethod?: string;
  throttling?: { rttMs?: number; throughputKbps?: number; cpuSlowdownMultiplier?: number };
  screenEmulation?: { width?: number; height?: number; deviceScaleFactor?: number; mobile?: boolean };
}): string {
  const t = settings.throttling ?? {};
  const screen = settings.screenEmulation ?? {};
  return `${settings.formFactor}, throttling ${settings.throttlingMethod} (RTT ${t.rttMs} ms, ${t.throughputKbps} kbps, CPU ${t.cpuSlowdownMultiplier}×), screen ${screen.width}×${screen.height} @${screen.deviceScaleFactor}`;
}

async function main(options: Options): Promise<void> {
  console.log('building web/ and the bare React page…');
  run('npm', ['run', 'build', '-w', 'web']);
  run('npx', ['vite', 'build', '-c', join(here, 'bare', 'vite.config.ts')], join(root, 'web'));

  const { startMockServer } = (await import('@topup/mock-server/server')) as unknown as {
    startMockServer: (options: Record<string, unknown>) => Promise<{ url: string; close(): Promise<void> }>;
  };
  const appRoot = join(root, 'web', 'dist');
  const bareRoot = join(here, 'bare', 'dist');
  const app = await startMockServer({ port: 0, webRoot: appRoot, logger: false });
  const bare = await startMockServer({ port: 0, webRoot: bareRoot, logger: false });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    const bareRuns: PageResult[] = [];
    const routeRuns = new Map<string, PageResult[]>(options.routes.map((r) => [r.path, []]));
    const { keep } = options;
    if (keep !== undefined) mkdirSync(keep, { recursive: true });
    const keepAs = (name: string, round: number) =>
      keep === undefined ? undefined : join(keep, `${name.replace(/[^a-z0-9]+/gi, '-')}.${round}.json`);
    for (let round = 1; round <= options.runs; round++) {
      console.log(`round ${round} of ${options.runs}: the bare page and ${options.routes.length} routes`);
      bareRuns.push(await audit(`${bare.url}/`, chrome.port, bareRoot, keepAs('bare', round)));
      for (const route of options.routes) {
        // A route Lighthouse could not record twice (a busy machine) is left out of this round, not the run.
        const result = await audit(
          `${app.url}${route.path}`,
          chrome.port,
          appRoot,
          keepAs(route.name, round),
        ).catch((error: unknown) => {
          console.log(`  ${route.path} left out of round ${round}: ${String(error)}`);
          return undefined;
        });
        if (result !== undefined) routeRuns.get(route.path)?.push(result);
      }
    }
    const rows = [
      rowOf('bare', '/', bareRuns, bareRuns),
      ...options.routes.map((r) => rowOf(r.name, r.path, routeRuns.get(r.path) ?? [], bareRuns)),
    ];
    console.log(
      `\nLighthouse ${lighthouseVersion}, ${settingsSeen ?? 'no settings reported'}; median of ${options.runs} run${options.runs === 1 ? '' : 's'}; targets: LCP ≤ ${TARGETS.lcpRatio}× bare, TTI ≤ ${TARGETS.ttiRatio}× bare, CLS 0, first-load JS of ${FIRST_SCREEN} ≤ ${TARGETS.firstLoadKiB} KiB gzip\n`,
    );
    console.log(table(rows));
    const firstScreen = options.routes.find((r) => r.path === FIRST_SCREEN);
    if (firstScreen !== undefined)
      console.log(`\n${FIRST_SCREEN} scripts: ${routeRuns.get(FIRST_SCREEN)?.[0]?.scripts.join(', ')}`);
    console.log('\nlargest contentful paint element (first run):');
    for (const route of options.routes)
      console.log(`  ${route.path}: ${routeRuns.get(route.path)?.[0]?.lcpElement || '(none)'}`);
    const missed = rows.filter((r) => r.misses.length > 0);
    console.log(missed.length === 0 ? '\nevery route PASS' : `\n${missed.length} route(s) MISS`);
    if (options.strict && missed.length > 0) process.exitCode = 1;
  } finally {
    chrome.kill();
    await app.close();
    await bare.close();
  }
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  let options: Options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  }
  await main(options);
}
