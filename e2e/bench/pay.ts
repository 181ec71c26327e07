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
import { rmSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumLaunch } from '../support/chromium';
import { buildWeb } from './payBuild';
import { checkFirstLoad } from './payFirstLoad';
import { checkSavedCardOrder, selfCheckRoundTrips } from './payRoundTrips';

const strict = process.argv.includes('--strict');

async function main(): Promise<void> {
  selfCheckRoundTrips();
  console.log('building web/ with a manifest and source maps…');
  const built = buildWeb();
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
