/**
 * `npm run bench` (issues 4, 16 and 30): builds the web app and a bare React 19 page the same way, serves each as
 * `npm start` serves the app (the mock server with --web), and runs Lighthouse 13 with its default settings,
 * which are its mobile preset (simulated throttling: slow 4G, 4× CPU slowdown, a Moto G Power's screen), on
 * every route of SPEC §2, each with the arguments it is opened with, beside the bare page in the same run.
 * Each round audits the bare page and then every route once, so the machine's noise falls on all of them
 * alike; the table shows the median of the rounds, and each route's LCP, TTI and TBT beside the bare page's.
 *
 *   npx tsx e2e/bench/run.ts [--strict] [--runs N] [--routes a,b] [--throttling simulate|devtools] [--keep DIR]
 *
 * `--runs N` rounds (default 3); `--routes` picks routes by name or path (`login,/fines?id=7001`);
 * `--throttling devtools` slows the real load instead of simulating it (see Throttling in benchRoutes.ts);
 * `--strict` exits 1 when a target is missed; `--keep DIR` writes each Lighthouse report there as JSON
 * (its `bootup-time` and `mainthread-work-breakdown` audits say where the main thread's time goes).
 * Lighthouse 13 needs Node 22.19 or later: `npm run bench` runs this under Node 24 (scripts/bench.mjs).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_ARGS, visitorChromiumPath } from '../support/chromium';
import { FIRST_SCREEN, type Options, parseArgs, TARGETS } from './benchRoutes';
import { rowOf, table } from './benchTable';
import { audit, lighthouseSeen, type PageResult } from './lighthouseAudit';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');

function run(command: string, args: string[], cwd = root): void {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
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
    chromePath: visitorChromiumPath(),
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
      bareRuns.push(
        await audit(`${bare.url}/`, chrome.port, bareRoot, options.throttling, keepAs('bare', round)),
      );
      for (const route of options.routes) {
        // A route Lighthouse could not record twice (a busy machine) is left out of this round, not the run.
        const result = await audit(
          `${app.url}${route.path}`,
          chrome.port,
          appRoot,
          options.throttling,
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
      `\n${lighthouseSeen()}; median of ${options.runs} run${options.runs === 1 ? '' : 's'}; targets: LCP ≤ ${TARGETS.lcpRatio}× bare, TTI ≤ ${TARGETS.ttiRatio}× bare, CLS 0, first-load JS of ${FIRST_SCREEN} ≤ ${TARGETS.firstLoadKiB} KiB gzip\n`,
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
