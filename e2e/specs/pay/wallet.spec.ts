import type { Page } from '@playwright/test';
import { walletTokens } from '@topup/contracts/testdata/wallet';
import { IPHONE_SAFARI, localhostOrigin, openPayStepByLink } from '../../flows/pay';
import { nouraSignsInElsewhere, orderCallSessions } from '../../flows/signIn';
import { RechargePage } from '../../pages/RechargePage';
import { Shell } from '../../pages/Shell';
import { journalOf, paramsOf } from '../../support/chaos';
import { pollUntil } from '../../support/clock';
import { expect, test } from '../../support/test';

/** Every wallet token of TESTDATA through the mock wallet sheet (ApplePaySession's interface), on an iPhone. */

test.use({ userAgent: IPHONE_SAFARI });

const outcomeOf: Record<string, string> = {
  'wallet:success': 'success',
  'wallet:pending-success': 'success',
  'wallet:pending-fail': 'fail',
  'wallet:insufficient': 'balance',
  'wallet:risk': 'highRisk',
  // After the token was sent the charge is unknown: the card's time-out panel (its outcome `other`).
  'wallet:timeout': 'other',
};

/**
 * What the result panel says of a failure the visitor must act on (SPEC §4's wallet failure reasons; they show
 * in the panel rather than a toast: README, "departs from SPEC on purpose").
 */
const saidOf: Record<string, string> = {
  // Declined after the visitor authorised it: a refusal, not a request that failed.
  'wallet:pending-fail': 'رُفض الدفع. أعد المحاولة أو اختر طريقة دفع أخرى',
  'wallet:timeout': 'تعذّر الاتصال بالشبكة. تحقّق من اتصالك وأعد المحاولة',
};

for (const row of walletTokens) {
  test(`wallet ${row.token} → ${outcomeOf[row.token]}`, {
    tag: [
      `@spec:outcome.${outcomeOf[row.token]}`,
      ...(row.failure_reason === null ? [] : [`@spec:wallet.${row.failure_reason}`]),
      ...(row.token.startsWith('wallet:pending') ? ['@spec:wallet.pendingPoll'] : []),
    ],
  }, async ({ page, baseURL }) => {
    // A pending payment's polls run on the page's clock, not in real time.
    await page.clock.install();
    const pay = await openPayStepByLink(page, 26, localhostOrigin(baseURL));
    await pay.channel(26).check();
    await pay.confirm.click();
    await pay.walletSheet.locator(`button[data-token="${row.token}"]`).click();
    await pollUntil(page, (timeout) =>
      expect(pay.result).toHaveAttribute('data-outcome', outcomeOf[row.token] ?? '', { timeout }),
    );
    const said = saidOf[row.token];
    if (said !== undefined) await expect(pay.result).toContainText(said);
  });
}

test('a time-out after the token was sent says nothing of a charge, and paying again reads that order first', {
  tag: ['@spec:wallet.networkTimeout', '@spec:outcome.other'],
}, async ({ page, baseURL }) => {
  const pay = await openPayStepByLink(page, 26, localhostOrigin(baseURL));
  await pay.channel(26).check();
  await pay.confirm.click();
  await pay.walletSheet.locator('button[data-token="wallet:timeout"]').click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'other', { timeout: 15_000 });
  // The token reached the provider: whether it charged is unknown, so never "nothing was charged".
  const verified = await journalOf(page.request, 'adyenVerifyPay');
  expect(verified.map((e) => e.result)).toEqual([0]);
  const first = String(paramsOf(verified[0]).app_order);
  await expect(pay.result).not.toContainText('لم يُخصم');
  await expect(pay.result).toContainText('راجع حسابك البنكي قبل أن تدفع مرة أخرى');
  // SPEC §4's network message stays beneath it.
  await expect(pay.result).toContainText('تعذّر الاتصال بالشبكة. تحقّق من اتصالك وأعد المحاولة');
  // No button pays again blindly: the panel closes, and the pay button first reads the earlier order.
  await expect(page.getByTestId('result-primary')).toHaveText('إغلاق');
  await page.getByTestId('result-primary').click();
  await expect(pay.resultPanel).toHaveCount(0);
  await pay.confirm.click();
  await expect(pay.walletSheet).toBeVisible();
  const orders = await journalOf(page.request, 'createCoinPay');
  expect(orders).toHaveLength(2);
  const reads = (await journalOf(page.request, 'payResultByOrderFast')).filter(
    (e) => paramsOf(e).zp_orderid === first,
  );
  const readFirst = reads.find((e) => e.seq > (verified[0]?.seq ?? 0) && e.seq < (orders[1]?.seq ?? 0));
  expect(readFirst, 'the earlier order was read before a new one was made').toBeDefined();
});

/**
 * Counts, on every change of the page, the layers over it that are visible at once (a dialog, the wallet's
 * sheet, a wait's overlay), and keeps the most seen; `most()` reads it.
 */
async function watchLayers(page: Page): Promise<{ most: () => Promise<number> }> {
  await page.evaluate(() => {
    const win = window as unknown as { mostLayers: number };
    win.mostLayers = 0;
    const count = () => {
      const shown = Array.from(document.querySelectorAll('[aria-modal="true"], .loading-overlay')).filter(
        (layer) => layer.checkVisibility(),
      ).length;
      win.mostLayers = Math.max(win.mostLayers, shown);
    };
    new MutationObserver(count).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  return {
    most: () => page.evaluate(() => (window as unknown as { mostLayers: number }).mostLayers),
  };
}

test('pending: the sheet says it is completing the payment, and is the one layer until the result', {
  tag: '@spec:wallet.pendingPoll',
}, async ({ page, baseURL }) => {
  // The pending payment's polls run on the page's clock, not in real time.
  await page.clock.install();
  const pay = await openPayStepByLink(page, 26, localhostOrigin(baseURL));
  await pay.channel(26).check();
  await pay.confirm.click();
  const layers = await watchLayers(page);
  await pay.walletSheet.locator('button[data-token="wallet:pending-success"]').click();
  // Like Apple's sheet once authorised: no outcome to pick, no cancel, only that the payment is completing.
  await expect(pay.walletSheet.getByRole('status')).toHaveText('جارٍ إتمام الدفع…');
  await expect(pay.walletSheet.getByRole('button')).toHaveCount(0);
  await pollUntil(page, (timeout) =>
    expect(pay.result).toHaveAttribute('data-outcome', 'success', { timeout }),
  );
  await expect(pay.walletSheet).toHaveCount(0);
  expect(await layers.most()).toBe(1);
});

test('cancelling the sheet says payment cancelled and charges nothing', {
  tag: '@spec:wallet.userCancel',
}, async ({ page, baseURL }) => {
  const pay = await openPayStepByLink(page, 26, localhostOrigin(baseURL));
  await pay.channel(26).check();
  await pay.confirm.click();
  await pay.walletSheet.getByRole('button', { name: 'إلغاء' }).click();
  await expect(page.getByText('ألغيت الدفع، ولم يُخصم أي مبلغ')).toBeVisible();
  await expect(pay.resultPanel).toHaveCount(0);
  // Nothing charged: no token ever reached the server, and the order was given up.
  await expect.poll(async () => (await journalOf(page.request, 'clickCancel')).length).toBe(1);
  expect(await journalOf(page.request, 'adyenVerifyPay')).toEqual([]);
});

test("another window signs Noura in while Reem's wallet order is made: the sheet pays it as Reem's", async ({
  page,
  context,
  baseURL,
}) => {
  const origin = localhostOrigin(baseURL);
  const pay = await openPayStepByLink(page, 26, origin);
  const sessions = orderCallSessions(page);
  // Reem's order is made; before its answer arrives, another window signs Noura in.
  await page.route('**/api/order/create_coin_pay/**', async (route) => {
    const answer = await route.fetch();
    await nouraSignsInElsewhere(context, { origin });
    await route.fulfill({ response: answer });
  });
  await pay.channel(26).check();
  await pay.confirm.click();
  await pay.walletSheet.locator('button[data-token="wallet:success"]').click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success', { timeout: 15_000 });
  // The merchant session and the token went under Reem's session, never Noura's ("no such order").
  expect((await journalOf(page.request, 'adyenApplePaySessionData')).map((e) => e.result)).toEqual([0]);
  expect((await journalOf(page.request, 'adyenVerifyPay')).map((e) => e.result)).toEqual([0]);
  expect(sessions().filter((call) => call.key !== 'sk-10000001')).toEqual([]);
});

test("another window signs Noura in while the sheet is open, then it is cancelled: Reem's order is cancelled", async ({
  page,
  context,
  baseURL,
}) => {
  const origin = localhostOrigin(baseURL);
  const pay = await openPayStepByLink(page, 26, origin);
  await pay.channel(26).check();
  await pay.confirm.click();
  await expect.poll(async () => (await journalOf(page.request, 'adyenApplePaySessionData')).length).toBe(1);
  await nouraSignsInElsewhere(context, { origin });
  await page.bringToFront();
  await pay.walletSheet.getByRole('button', { name: 'إلغاء' }).click();
  await expect(page.getByText('ألغيت الدفع، ولم يُخصم أي مبلغ')).toBeVisible();
  // Cancelled as Reem's: under Noura's session the cancel would be "no such order" (23001), the order left open.
  await expect
    .poll(async () => (await journalOf(page.request, 'clickCancel')).map((e) => e.result))
    .toEqual([0]);
});

test('on 127.0.0.1 the wallet check moves the page to localhost with page info, and it is restored', {
  tag: '@spec:pay.domainCheck',
}, async ({ page, baseURL }) => {
  const url = new URL(baseURL ?? '');
  url.hostname = '127.0.0.1';
  await page.goto(`${url.origin}/recharge-list?session_key=sk-10000001`);
  await expect(new Shell(page).signOutButton).toBeVisible();
  // From the list, Apple Pay chosen there: the page moved to keeps the choice.
  const recharge = new RechargePage(page);
  await recharge.packages.nth(1).click();
  await recharge.method(26).check();
  await recharge.payNow.click();
  await expect(
    page.locator('[data-testid="pay-channel"][data-pay-type="26"]').getByRole('radio'),
  ).toBeChecked();
  await page.getByTestId('pay-confirm').click();
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/pay-step\?/);
  await expect(page).not.toHaveURL(/pageinfo/);
  await expect(page.getByTestId('pay-step')).toBeVisible();
  // The session is written back on the new host as the step starts: read until it is there (a single read
  // beside the step's first paint raced it, and failed on the busy machine).
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('topup.session_key')))
    .toContain('sk-10000001');
  // The sheet opens only from a tap on this page: the step says so above the pay button, and that tap opens it.
  const moved = page.getByTestId('pay-wallet-moved');
  await expect(moved).toHaveText(/اضغط «ادفع» لفتح Apple Pay/);
  await page.getByTestId('pay-confirm').click();
  await expect(page.getByTestId('mock-wallet-sheet')).toBeVisible();
  await expect(moved).toHaveCount(0);
});
