import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import type { CallName } from '@topup/contracts/registry/index';

/** The mock's fault catalogue from the chaos specs: forced faults, and the journal's count of orders. */

/** The control API's header (harmless where the mock does not ask for it). */
const CONTROL = { 'x-topup-control': '1' };

export type Fault =
  | { readonly fault: 'delay'; readonly ms: number }
  | { readonly fault: 'http'; readonly status: number }
  | { readonly fault: 'hang'; readonly ms?: number }
  | { readonly fault: 'reset' }
  | { readonly fault: 'pastLimit'; readonly limit: string }
  | { readonly fault: 'notEnvelope'; readonly status?: number }
  | { readonly fault: 'lostAnswer'; readonly after?: 'reset' | 'hang'; readonly ms?: number };

export async function forceFault(
  request: APIRequestContext,
  call: CallName,
  answer: Fault | { readonly result: number },
  times = 1,
): Promise<void> {
  const answered = await request.post('/__mock/force', { data: { call, times, answer }, headers: CONTROL });
  if (!answered.ok()) throw new Error(`force refused: ${answered.status()} ${await answered.text()}`);
}

/**
 * Waits until the mock has taken every forced answer of a call: the requests they were meant for reached it.
 * Before a test moves the page's clock past a time limit: a jump while the request is still on its way (a
 * busy machine) makes the page give up on it unsent, and the retry would take the fault meant for it.
 */
export async function untilFaultTaken(request: APIRequestContext, call: CallName): Promise<void> {
  await expect
    .poll(
      async () => {
        const answer = await request.get('/__mock/force', { headers: CONTROL });
        const { pending } = ((await answer.json()) as { data: { pending: Record<string, number> } }).data;
        return pending[call] ?? 0;
      },
      { message: `the mock took the forced answers of ${call}` },
    )
    .toBe(0);
}

interface JournalEntry {
  readonly seq: number;
  readonly call: string;
  readonly path: string;
  readonly result: number | 'fault';
  readonly requestId?: string;
  /** The parameters, secrets redacted. */
  readonly params?: unknown;
  /** The envelope answered, redacted as the parameters are. */
  readonly answer?: unknown;
}

/** An entry's parameters as the object they are (none: empty). */
export function paramsOf(entry: JournalEntry | undefined): Readonly<Record<string, unknown>> {
  const params = entry?.params;
  return typeof params === 'object' && params !== null ? (params as Record<string, unknown>) : {};
}

/** What the mock answered, oldest first: every call, or only `call`'s. */
export async function journalOf(request: APIRequestContext, call?: CallName): Promise<JournalEntry[]> {
  const answer = await request.get(call === undefined ? '/__mock/journal' : `/__mock/journal?call=${call}`, {
    headers: CONTROL,
  });
  return ((await answer.json()) as { data: { entries: JournalEntry[] } }).data.entries;
}

/**
 * The orders the world made: order creations it answered 0 (lost answers included, the journal records the
 * world's result), counted by X-CLI-RID. A retry with the same id finds the same order, so one intent paid
 * once shows one id; a second id would be a second order.
 */
export async function expectOneOrder(request: APIRequestContext): Promise<void> {
  const made = (await journalOf(request, 'createCoinPay')).filter((e) => e.result === 0);
  expect(made.length, 'an order was made').toBeGreaterThan(0);
  expect(
    made.every((e) => e.requestId !== undefined),
    'every order creation carries an X-CLI-RID',
  ).toBe(true);
  expect(new Set(made.map((e) => e.requestId)).size, 'duplicate orders').toBe(1);
}

/** The network drops the first order request before it leaves the phone; later ones go through. */
export async function dropFirstOrderRequest(page: Page): Promise<void> {
  let dropped = false;
  await page.route('**/api/order/create_coin_pay/**', async (route) => {
    if (dropped) return route.continue();
    dropped = true;
    await route.abort('internetdisconnected');
  });
}

/** The visitor taps pay again after a fault: the payment succeeds, and the world made one order for it. */
export async function retryPaysOnce(
  request: APIRequestContext,
  pay: { readonly confirm: Locator; readonly result: Locator },
): Promise<void> {
  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success');
  await expectOneOrder(request);
}

/**
 * On a loaded page, waits until the code it fetches by itself after loading is here: the end-to-end build
 * samples every visit, so the performance monitor's chunk and the shared chunks it imports are fetched once
 * the page is idle after its load event (web/src/report/schedule.ts), and every module link the page has
 * inserted has finished. A connection that drops during such a download is a fault of its own, which breaks
 * the page's later loads until a reload (chaos/droppedCode.spec.ts); "offline once the page has loaded" goes
 * offline after it. A page still loading waits for nothing (its monitor waits for the connection).
 */
async function backgroundCodeLoaded(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      if (document.readyState !== 'complete') return true;
      const fetched = (href: string) => performance.getEntriesByName(href).length > 0;
      const monitor = performance
        .getEntriesByType('resource')
        .some((entry) => /\/assets\/performance-[^/]+\.js$/.test(entry.name));
      const links = Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'));
      return monitor && links.every((link) => fetched(link.href));
    },
    undefined,
    { polling: 100 },
  );
}

/**
 * The connection drops, and the page has heard so (`navigator.onLine` false) before the next tap. A tap sent
 * sooner finds a page that still believes it is online: its code's download fails on the wire, which is another
 * case (Chromium then keeps that chunk's and its imports' failures until a reload).
 */
export async function goOffline(page: Page): Promise<void> {
  await backgroundCodeLoaded(page);
  await page.context().setOffline(true);
  await page.waitForFunction(() => !navigator.onLine, undefined, { polling: 100 });
}

/**
 * The connection comes back, as the visitor's phone sees it: the browser is online again, the page has heard so
 * (`navigator.onLine`) and a request from it reaches the server, before the next tap. A tap sent sooner meets
 * the page still offline (it then asks for nothing by design, platform/loadOnce.ts) or a network not yet back,
 * and on a busy machine that moment can be long.
 */
export async function backOnline(page: Page): Promise<void> {
  await page.context().setOffline(false);
  await page.waitForFunction(
    async () =>
      navigator.onLine &&
      (await fetch('/', { method: 'HEAD', cache: 'no-store' }).then(
        (answer) => answer.ok,
        () => false,
      )),
    undefined,
    { polling: 100 },
  );
}
