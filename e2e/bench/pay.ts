/**
 * `npm run bench` (issue 5, item 12): the payment flow's two loading targets, in Playwright's Chromium against
 * the mock server serving a fresh build of web/ (as `npm start` serves it).
 *
 *   (a) No provider SDK (Adyen Web, Checkout Frames / frames-react, Checkout.com) in the first load of
 *       /recharge-list, for a fresh visitor and signed in: every script loaded until the network is idle is
 *       listed and classified by what its chunk was built from (its source map), and, independently, no SDK
 *       chunk may be statically reachable from the entry in Vite's build manifest.
 *   (b) From "recharge now" with a saved card to the order request (create_coin_pay) leaving the browser, no
 *       more than one API round trip.
 *
 *   npx tsx e2e/bench/pay.ts [--strict]
 *
 * The build goes to a temporary directory (with a manifest and hidden source maps, which leave the served
 * bytes as the production build's apart from the map files beside them), so web/dist, which e2e runs use, is
 * never touched. Prints PASS/MISS lines; `--strict` exits 1 on a MISS.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page, type Request } from '@playwright/test';
import { chromiumLaunch } from '../support/chromium';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const strict = process.argv.includes('--strict');

/** What a provider SDK is built from: its npm packages. Their adapters are provider code, reported apart. */
const SDK_SOURCE = /node_modules\/(?:@adyen\/|frames-react\/|@checkout\.com\/)/;
const ADAPTER_SOURCE = /features\/providers\/(?:adyen|checkout)\//;
/** For a chunk without a source map (the bundler's runtime): strings only the SDKs' own code carries. */
const SDK_CONTENT = /adyen-checkout__|cdn\.checkout\.com\/js\/framesv2|Frames\.removeAllEventHandlers/;
/** A script from a provider's own host (a CDN-loaded SDK). */
const SDK_HOST = /(?:^|\.)(?:checkout\.com|adyen\.com|adyenpayments\.com)$/;
/** The API as SPEC §7 has it: paths under /api, and /third/ for the monitoring report. */
const API_PATH = /^\/(?:api|third)\//;
const ORDER_PATH = '/api/order/create_coin_pay/';
const MAX_API_ROUND_TRIPS = 1;

type Line = readonly [name: string, value: string, ok: boolean];

// ------------------------------------------------------------------------------------------- the build

interface ManifestChunk {
  readonly file: string;
  readonly src?: string;
  readonly isEntry?: boolean;
  readonly imports?: readonly string[];
  readonly dynamicImports?: readonly string[];
}

type ChunkKind = 'sdk' | 'adapter' | 'app';

interface Build {
  readonly dir: string;
  /** Each built script (path from the web root, e.g. /assets/es-….js) and what it was built from. */
  readonly kinds: ReadonlyMap<string, { kind: ChunkKind; sdkSources: readonly string[] }>;
  /** The scripts the entry loads by static import, whatever the route. */
  readonly staticFromEntry: ReadonlySet<string>;
}

function build(): Build {
  const dir = mkdtempSync(join(tmpdir(), 'topup-bench-pay-'));
  const result = spawnSync(
    'npx',
    [
      'vite',
      'build',
      '--outDir',
      dir,
      '--emptyOutDir',
      '--manifest',
      '--sourcemap',
      'hidden',
      '--logLevel',
      'warn',
    ],
    { cwd: join(root, 'web'), stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('the web build failed');

  const kinds = new Map<string, { kind: ChunkKind; sdkSources: string[] }>();
  const assets = join(dir, 'assets');
  for (const name of readdirSync(assets).filter((n) => n.endsWith('.js'))) {
    const mapPath = join(assets, `${name}.map`);
    if (!existsSync(mapPath)) {
      const marker = SDK_CONTENT.exec(readFileSync(join(assets, name), 'utf8'));
      kinds.set(`/assets/${name}`, {
        kind: marker === null ? 'app' : 'sdk',
        sdkSources: marker === null ? [] : [`content marker ${marker[0]}`],
      });
      continue;
    }
    const sources = (JSON.parse(readFileSync(mapPath, 'utf8')) as { sources: string[] }).sources;
    const sdkSources = sources.filter((s) => SDK_SOURCE.test(s));
    const kind: ChunkKind =
      sdkSources.length > 0 ? 'sdk' : sources.some((s) => ADAPTER_SOURCE.test(s)) ? 'adapter' : 'app';
    kinds.set(`/assets/${name}`, { kind, sdkSources });
  }

  const manifest = JSON.parse(readFileSync(join(dir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const staticFromEntry = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (chunk === undefined || staticFromEntry.has(`/${chunk.file}`)) return;
    staticFromEntry.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return { dir, kinds, staticFromEntry };
}

/** The SDK packages a chunk holds, shortened to their names (e.g. @adyen/adyen-web). */
function packagesOf(sdkSources: readonly string[]): string {
  const names = new Set(
    sdkSources.map((s) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(s)?.[1] ?? s).filter(Boolean),
  );
  return [...names].join(', ');
}

// ------------------------------------------------------------------------- (a) the first load's scripts

interface LoadedScript {
  readonly url: string;
  readonly label: string;
  readonly sdk: boolean;
}

function classify(url: string, origin: string, built: Build): LoadedScript {
  const parsed = new URL(url);
  if (parsed.origin !== origin) {
    const sdk = SDK_HOST.test(parsed.hostname);
    return { url, label: `${url} (${sdk ? 'provider SDK host' : 'third party'})`, sdk };
  }
  const known = built.kinds.get(parsed.pathname);
  if (known === undefined)
    return { url, label: `${parsed.pathname} (inline or not in the build)`, sdk: false };
  if (known.kind === 'sdk')
    return { url, label: `${parsed.pathname} (PROVIDER SDK: ${packagesOf(known.sdkSources)})`, sdk: true };
  return {
    url,
    label: `${parsed.pathname}${known.kind === 'adapter' ? ' (provider adapter)' : ''}`,
    sdk: false,
  };
}

/** The scripts a page requests from now on (module scripts, dynamic imports and module preloads). */
function watchScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' || new URL(request.url()).pathname.endsWith('.js'))
      scripts.push(request.url());
  });
  return scripts;
}

async function firstLoadScripts(page: Page, url: string): Promise<string[]> {
  const scripts = watchScripts(page);
  await page.goto(url, { waitUntil: 'networkidle' });
  return [...new Set(scripts)];
}

async function checkFirstLoad(browser: Browser, origin: string, built: Build): Promise<Line[]> {
  const lines: Line[] = [];
  const sdkInEntry = [...built.staticFromEntry].filter((file) => built.kinds.get(file)?.kind === 'sdk');
  lines.push([
    'build manifest: no provider SDK chunk statically imported by the entry',
    sdkInEntry.length === 0
      ? `${built.staticFromEntry.size} chunks reachable, none an SDK`
      : sdkInEntry.join(', '),
    sdkInEntry.length === 0,
  ]);
  const sdkChunks = [...built.kinds].filter(([, k]) => k.kind === 'sdk');
  console.log(
    `  SDK chunks in the build (loaded only on demand): ${sdkChunks.map(([file, k]) => `${file} (${packagesOf(k.sdkSources)})`).join(', ') || 'none'}`,
  );

  const context = await browser.newContext();
  try {
    const loads: [string, string][] = [
      ['fresh visitor', `${origin}/recharge-list`],
      ['signing in (session_key in the URL)', `${origin}/recharge-list?session_key=sk-10000001`],
      ['signed in (session from storage)', `${origin}/recharge-list`],
    ];
    for (const [name, url] of loads) {
      // The first load is fresh: a new context; the signed-in loads share one, so the session carries over.
      const page =
        name === 'fresh visitor' ? await (await browser.newContext()).newPage() : await context.newPage();
      const scripts = (await firstLoadScripts(page, url)).map((s) => classify(s, origin, built));
      if (name !== 'fresh visitor' && !(await page.getByTestId('sign-out').isVisible()))
        throw new Error(`${name}: not signed in after the load`);
      const sdk = scripts.filter((s) => s.sdk);
      lines.push([
        `/recharge-list, ${name}: no provider SDK among ${scripts.length} scripts loaded until network idle`,
        sdk.length === 0 ? 'none' : sdk.map((s) => s.label).join(', '),
        sdk.length === 0,
      ]);
      console.log(`  scripts (${name}):\n${scripts.map((s) => `    ${s.label}`).join('\n')}`);
      if (name === 'fresh visitor') await page.context().close();
      else await page.close();
    }
    lines.push(await detectorSeesAnSdk(browser, origin, built));
  } finally {
    await context.close();
  }
  return lines;
}

/**
 * Guards against a vacuous PASS: a page that does load an SDK chunk (imported by hand after the load) must be
 * caught by the same listing and classification.
 */
async function detectorSeesAnSdk(browser: Browser, origin: string, built: Build): Promise<Line> {
  const sdkFile = [...built.kinds].find(([, k]) => k.kind === 'sdk')?.[0];
  const name = 'self-check: an SDK chunk loaded on purpose is caught';
  if (sdkFile === undefined) return [name, 'no SDK chunk in the build to try', true];
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const scripts = watchScripts(page);
    await page.goto(`${origin}/recharge-list`, { waitUntil: 'networkidle' });
    await page.evaluate((file) => import(file).then(() => undefined), sdkFile);
    await page.waitForLoadState('networkidle');
    const caught = [...new Set(scripts)].map((s) => classify(s, origin, built)).filter((s) => s.sdk);
    return [name, caught.map((s) => s.label).join(', ') || 'missed', caught.length > 0];
  } finally {
    await context.close();
  }
}

// ------------------------------------------------------------ (b) round trips from the press to the order

/**
 * A request placed in the order in which the browser reported its events: `start` and `end` are positions in
 * one sequence (its request event, and its finished or failed event), so "B was sent after A's answer" is
 * `A.end < B.start`, and the press of a button is a position in the same sequence. Event order is used
 * rather than timestamps because the browser's request times and the page's clock are different clocks.
 */
interface Sequenced {
  readonly path: string;
  readonly start: number;
  readonly end: number;
  readonly ms: number;
}

/**
 * The round trips on the way to the order. Only requests that both start after the press and complete before
 * create_coin_pay is sent can be waited for by it. A request's depth is 1 plus the greatest depth among the
 * counted requests that had completed when it started: requests in flight together (parallel, or one batch)
 * share a depth, and a request sent only after another's answer is one round trip more. The number of round
 * trips is the greatest depth, i.e. the longest chain of answers the order could have waited on.
 */
function roundTrips(requests: readonly Sequenced[]): number {
  const sorted = [...requests].sort((a, b) => a.start - b.start);
  const depth = new Map<Sequenced, number>();
  for (const request of sorted) {
    let before = 0;
    for (const earlier of sorted) {
      if (earlier === request) break;
      if (earlier.end < request.start) before = Math.max(before, depth.get(earlier) ?? 0);
    }
    depth.set(request, before + 1);
  }
  return Math.max(0, ...depth.values());
}

/** The counting rule on known shapes, checked before it is trusted with a measurement. */
function selfCheckRoundTrips(): void {
  const r = (start: number, end: number): Sequenced => ({ path: '/api/x/', start, end, ms: 0 });
  const cases: [Sequenced[], number][] = [
    [[], 0],
    [[r(1, 2)], 1],
    [[r(1, 3), r(2, 4)], 1],
    [[r(1, 2), r(3, 4)], 2],
    [[r(1, 3), r(2, 6), r(4, 5)], 2],
    [[r(1, 2), r(3, 4), r(5, 6)], 3],
  ];
  for (const [requests, expected] of cases)
    if (roundTrips(requests) !== expected)
      throw new Error(
        `round-trip counting is wrong: ${JSON.stringify(requests)} gave ${roundTrips(requests)}`,
      );
}

/** Numbers every request event of a page, and lets the caller mark a moment (a press) in the same sequence. */
function recordRequests(page: Page) {
  let seq = 0;
  const started = new Map<Request, number>();
  const ended = new Map<Request, number>();
  page.on('request', (request) => void started.set(request, ++seq));
  page.on('requestfinished', (request) => void ended.set(request, ++seq));
  page.on('requestfailed', (request) => void ended.set(request, ++seq));
  return {
    mark: () => ++seq,
    startOf: (path: string): number | undefined =>
      [...started].find(([request]) => new URL(request.url()).pathname === path)?.[1],
    all: (): Sequenced[] =>
      [...started].map(([request, start]) => {
        const timing = request.timing();
        return {
          path: new URL(request.url()).pathname,
          start,
          end: ended.get(request) ?? Number.POSITIVE_INFINITY,
          ms: timing.responseEnd >= 0 ? Math.round(timing.responseEnd) : -1,
        };
      }),
  };
}

function describeWindow(name: string, requests: readonly Sequenced[], from: number, orderStart: number) {
  const inWindow = requests.filter((r) => r.start > from && r.end < orderStart);
  const api = inWindow.filter((r) => API_PATH.test(r.path));
  const other = inWindow.filter((r) => !API_PATH.test(r.path));
  const list = (rs: readonly Sequenced[]) =>
    rs.length === 0 ? 'none' : rs.map((r) => `${r.path} (${r.ms} ms)`).join(', ');
  return {
    trips: roundTrips(api),
    line: `${name}: ${roundTrips(api)} API round trip(s) [${list(api)}]; other requests: ${list(other)} (${roundTrips(inWindow)} round trip(s) in all)`,
  };
}

async function checkSavedCardOrder(browser: Browser, origin: string): Promise<Line[]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/recharge-list?session_key=sk-10000001`);
    await page.getByTestId('sign-out').waitFor();
    const record = recordRequests(page);
    await page.goto(`${origin}/pay-step?recharge_id=rc_499&pay_type=23&to_uid=1001`);
    const cardOption = page.getByTestId('saved-card-option').getByRole('radio');
    await cardOption.check();
    // The page's own loading (package, saved cards, events) settles before the visitor's press is timed.
    await page.waitForLoadState('networkidle');
    const confirm = page.getByTestId('pay-confirm');

    const rechargeNowAt = record.mark();
    await confirm.click();
    await page.locator('[data-testid="pay-step"][data-step="cardCvv"]').waitFor();
    await page.getByLabel('CVV').fill('123');
    await page.waitForFunction(
      () => !(document.querySelector('[data-testid="pay-confirm"]') as HTMLButtonElement | null)?.disabled,
    );
    const cvvPressAt = record.mark();
    const orderSent = page.waitForRequest((r) => new URL(r.url()).pathname === ORDER_PATH);
    await confirm.click();
    await orderSent;
    await page.locator('[data-testid="pay-result"][data-outcome="success"]').waitFor();
    const orderStart = record.startOf(ORDER_PATH);
    if (orderStart === undefined) throw new Error('no create_coin_pay request');
    const requests = record.all();

    const fromCvv = describeWindow('CVV step confirm → create_coin_pay', requests, cvvPressAt, orderStart);
    const fromRechargeNow = describeWindow(
      '"recharge now" → create_coin_pay',
      requests,
      rechargeNowAt,
      orderStart,
    );
    console.log(`  ${fromRechargeNow.line}\n  ${fromCvv.line}`);
    return [
      [
        `saved card: CVV step confirm → create_coin_pay sent, at most ${MAX_API_ROUND_TRIPS} API round trip`,
        `${fromCvv.trips}`,
        fromCvv.trips <= MAX_API_ROUND_TRIPS,
      ],
      [
        `saved card: "recharge now" → create_coin_pay sent (CVV typed in between), at most ${MAX_API_ROUND_TRIPS} API round trip`,
        `${fromRechargeNow.trips}`,
        fromRechargeNow.trips <= MAX_API_ROUND_TRIPS,
      ],
    ];
  } finally {
    await context.close();
  }
}

// ----------------------------------------------------------------------------------------------- main

async function main(): Promise<void> {
  selfCheckRoundTrips();
  console.log('building web/ with a manifest and source maps…');
  const built = build();
  const { startMockServer } = (await import('@topup/mock-server/server')) as unknown as {
    startMockServer: (options: Record<string, unknown>) => Promise<{ url: string; close(): Promise<void> }>;
  };
  const mock = await startMockServer({
    port: 0,
    host: '127.0.0.1',
    webRoot: built.dir,
    signInRateLimit: 100_000,
    logger: false,
  });
  const browser = await chromium.launch(chromiumLaunch);
  try {
    console.log('\nissue 5 item 12: provider SDKs in the first load of /recharge-list');
    const firstLoad = await checkFirstLoad(browser, mock.url, built);
    console.log('\nissue 5 item 12: API round trips from "recharge now" with a saved card to the order');
    const order = await checkSavedCardOrder(browser, mock.url);
    const lines = [...firstLoad, ...order];
    console.log(
      '\nresults (targets: no provider SDK before a card is entered; ≤ 1 API round trip to the order)',
    );
    for (const [name, value, ok] of lines) console.log(`  ${ok ? 'PASS' : 'MISS'}  ${name}: ${value}`);
    if (strict && lines.some(([, , ok]) => !ok)) process.exitCode = 1;
  } finally {
    await browser.close();
    await mock.close();
    rmSync(built.dir, { recursive: true, force: true });
  }
}

await main();
