import type { Browser, Page, Request } from '@playwright/test';
import type { Line } from './payBuild';

/**
 * Target (b) of the pay bench: from "recharge now" with a saved card to create_coin_pay leaving the browser,
 * at most one API round trip, counted from the order of the browser's request events.
 */

/** The API as SPEC §7 has it: paths under /api, and /third/ for the monitoring report. */
const API_PATH = /^\/(?:api|third)\//;
const ORDER_PATH = '/api/order/create_coin_pay/';
const MAX_API_ROUND_TRIPS = 1;

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
export function selfCheckRoundTrips(): void {
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

export async function checkSavedCardOrder(browser: Browser, origin: string): Promise<Line[]> {
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
