import type { Page } from '@playwright/test';
import { enterNewCard } from '../../flows/pay';
import { PayStepPage } from '../../pages/payStep';
import { journalOf } from '../../support/chaos';
import { expect, test } from '../../support/test';

/**
 * The step's own kept order still pending (MACHINE.md, "An order whose answer was lost"): a provider's page left
 * by Back, a reload during 3-D Secure. A pay tap first asks for it; still pending, it is cancelled
 * (click_cancel), and only then is the new order made, so the earlier order can no longer be paid.
 */

const orderIdOf = (entry: { readonly answer?: unknown }) =>
  (entry.answer as { data?: { order_id?: string } } | undefined)?.data?.order_id;

/** The orders the server made, in order; those paid (at once, or as its result call answered) and failed. */
async function ordersOf(page: Page) {
  const made = (await journalOf(page.request, 'createCoinPay')).filter((e) => e.result === 0);
  const ids = [...new Set(made.map(orderIdOf))];
  const polls = await journalOf(page.request, 'payResultByOrderFast');
  const answered = (result: number) =>
    new Set(
      polls
        .filter((e) => (e.answer as { data?: { result?: number } } | undefined)?.data?.result === result)
        .map((e) => (e.params as { zp_orderid?: string } | undefined)?.zp_orderid),
    );
  const cancels = (await journalOf(page.request, 'clickCancel')).map(
    (e) => (e.params as { app_order?: string } | undefined)?.app_order,
  );
  // Paid as made (a card without 3-D Secure), or answered paid when asked for.
  const paidAtOnce = made
    .filter(
      (e) =>
        (e.answer as { data?: { platform_data?: { status?: string } } }).data?.platform_data?.status ===
        'paid',
    )
    .map(orderIdOf);
  return { ids, paid: new Set([...paidAtOnce, ...answered(0)]), failed: answered(1), cancels };
}

/** The panel of an order whose own page was left by Back, its result still pending: not confirmed. */
const RETURNED = 'لم يُؤكَّد الدفع بعد';

/** A signed-out visitor pays 10000002's 350 package by the hosted provider (29) and lands on its page. */
async function toHostedPage(page: Page): Promise<PayStepPage> {
  const pay = new PayStepPage(page);
  await pay.open({ recharge_id: 'rc_499', pay_type: 29, to_uid: 1002 });
  await pay.channel(29).check();
  await pay.confirm.click();
  await expect(page.getByTestId('hosted-pay')).toBeVisible();
  return pay;
}

test('Back from the hosted page, then pay again: the first order is cancelled and cannot be paid, one order paid', async ({
  page,
}) => {
  const pay = await toHostedPage(page);
  const firstPage = page.url();

  // Back without paying: the step asks for the order, still pending; the panel is closed (×).
  await page.goBack();
  await expect(pay.resultPanel).toContainText(RETURNED, { timeout: 15_000 });
  await pay.resultPanel.getByRole('button', { name: 'إغلاق', exact: true }).click();
  await expect(pay.resultPanel).toHaveCount(0);

  // The link's step, loaded again, chooses no method (linkEntry.spec.ts): the visitor picks it again.
  await pay.channel(29).check();
  await pay.confirm.click();
  await expect(page.getByTestId('hosted-pay')).toBeVisible({ timeout: 15_000 });
  const [first, second] = (await ordersOf(page)).ids;
  expect(second, 'a new order for the new tap').toBeDefined();
  expect(page.url()).not.toBe(firstPage);
  const before = await ordersOf(page);
  expect(before.cancels, 'the first order was cancelled before the new one').toEqual([first]);
  expect(before.failed.has(first), 'the first order asked for after its cancel: over').toBe(true);

  await page.getByTestId('hosted-pay').click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success', { timeout: 15_000 });

  // The first order's page, opened again, pays nothing: its order is over.
  await page.goto(firstPage);
  await page.getByTestId('hosted-pay').click();
  await expect(pay.resultPanel).toBeVisible({ timeout: 15_000 });
  await expect(pay.result).not.toHaveAttribute('data-outcome', 'success');
  const after = await ordersOf(page);
  expect(after.ids).toHaveLength(2);
  expect([...after.paid], 'one paid order').toEqual([second]);
});

test('Back from the hosted page: "not confirmed", no claim of a charge; cancel and pay again cancels it first, one order paid', async ({
  page,
}) => {
  const pay = await toHostedPage(page);
  await page.goBack();
  await expect(pay.resultPanel.getByRole('heading')).toHaveText(RETURNED, { timeout: 15_000 });
  await expect(pay.resultPanel).not.toContainText('الدفع قيد المعالجة');
  await expect(pay.resultPanel).not.toContainText('لم يُخصم');
  const primary = page.getByTestId('result-primary');
  await expect(primary).toHaveText('إلغاء الطلب والدفع من جديد');
  await expect(page.getByTestId('result-secondary')).toHaveText('التحقق من النتيجة مرة أخرى');

  await primary.click();
  await expect(pay.resultPanel).toHaveCount(0);
  const [first] = (await ordersOf(page)).ids;
  await expect(page.getByTestId('pay-earlier-cancelled')).toContainText(first ?? 'no order');
  expect((await ordersOf(page)).cancels, 'cancelled at the tap, before any new order').toEqual([first]);

  // Paying again: one new order, paid; the first one over.
  await pay.channel(29).check();
  await pay.confirm.click();
  await page.getByTestId('hosted-pay').click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success', { timeout: 15_000 });
  const { ids, paid, failed, cancels } = await ordersOf(page);
  expect(ids).toHaveLength(2);
  expect(cancels).toEqual([first]);
  expect(failed.has(first)).toBe(true);
  expect([...paid], 'one paid order').toEqual([ids[1]]);
});

test('"check again" on an order left unpaid on its page is a short check: the panel answers within seconds', async ({
  page,
}) => {
  const pay = await toHostedPage(page);
  await page.goBack();
  const checkAgain = pay.resultPanel.getByRole('button', { name: 'التحقق من النتيجة مرة أخرى' });
  await expect(checkAgain).toBeVisible({ timeout: 15_000 });
  const polls = async () => (await journalOf(page.request, 'payResultByOrderFast')).length;
  const before = await polls();

  await checkAgain.click();
  // Not SPEC's 100 polls of a payment being completed (about 50 s under a full-screen wait): a few seconds.
  const started = Date.now();
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0, { timeout: 8_000 });
  await expect(checkAgain).toBeVisible();
  expect(Date.now() - started, 'the check answered in seconds').toBeLessThan(8_000);
  expect((await polls()) - before, 'a short check: six polls at most').toBeLessThanOrEqual(6);
});

/** Pays with the Adyen card that asks for 3-D Secure and reloads while the bank's check is open. */
async function reloadDuringChallenge(page: Page): Promise<PayStepPage> {
  const pay = new PayStepPage(page);
  await pay.open({ recharge_id: 'rc_499', pay_type: 27, to_uid: 1002 });
  await enterNewCard(pay, 27, '4212345678910006');
  await pay.confirm.click();
  await expect(pay.challengeFrame.getByTestId('challenge-submit')).toBeVisible({ timeout: 15_000 });
  await page.reload();
  // Not "processing, the result will come" (it never would: the check is gone with the page): interrupted.
  await expect(pay.resultPanel).toContainText('انقطع تحقق البنك', { timeout: 15_000 });
  await expect(pay.resultPanel).not.toContainText('الدفع قيد المعالجة');
  return pay;
}

/** A new card pays: two orders in all, the challenged one cancelled once (and failed), the new one paid. */
async function paysWithANewCardOnce(pay: PayStepPage): Promise<void> {
  await enterNewCard(pay, 27, '4242424242424242');
  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success', { timeout: 15_000 });
  const { ids, paid, failed, cancels } = await ordersOf(pay.page);
  expect(ids).toHaveLength(2);
  const [first, second] = ids;
  expect(cancels, 'the challenged order was cancelled once').toEqual([first]);
  expect(failed.has(first)).toBe(true);
  expect([...paid], 'one paid order').toEqual([second]);
}

test('a reload during 3-D Secure: the check is said interrupted; "cancel and pay again" cancels it, one order paid', async ({
  page,
}) => {
  const pay = await reloadDuringChallenge(page);
  const primary = page.getByTestId('result-primary');
  await expect(primary).toHaveText('إلغاء الطلب والدفع من جديد');
  await expect(page.getByTestId('result-secondary')).toHaveText('التحقق من النتيجة مرة أخرى');
  await primary.click();
  await expect(pay.resultPanel).toHaveCount(0);
  // The step is the visitor's again, saying the earlier order was cancelled (its number), before any new order.
  const [challenged] = (await ordersOf(page)).ids;
  await expect(page.getByTestId('pay-earlier-cancelled')).toContainText(challenged ?? 'no order');
  expect((await ordersOf(page)).cancels, 'cancelled at the tap, before any new order').toEqual([challenged]);
  expect((await ordersOf(page)).ids).toHaveLength(1);

  await paysWithANewCardOnce(pay);
});

test('a reload during 3-D Secure, the panel closed, then pay again: the challenged order is cancelled first', async ({
  page,
}) => {
  const pay = await reloadDuringChallenge(page);
  // Its close (×) closes the panel; the order stays kept, and the next tap gives it up before any new order.
  await pay.resultPanel.getByRole('button', { name: 'إغلاق', exact: true }).click();
  await expect(pay.resultPanel).toHaveCount(0);
  expect((await ordersOf(page)).cancels).toEqual([]);

  await paysWithANewCardOnce(pay);
});

test('the earlier order cannot be cancelled (no answer): no new order, the page says so, the next tap tries again', async ({
  page,
}) => {
  const pay = await toHostedPage(page);
  await page.goBack();
  await expect(pay.resultPanel).toContainText(RETURNED, { timeout: 15_000 });
  await pay.resultPanel.getByRole('button', { name: 'إغلاق', exact: true }).click();
  // The link's step, loaded again, chooses no method (linkEntry.spec.ts): the visitor picks it again.
  await pay.channel(29).check();

  let cancelLost = true;
  await page.route('**/api/order/click_cancel/**', (route) =>
    cancelLost ? route.abort('connectionreset') : route.continue(),
  );
  await pay.confirm.click();
  const notice = page.getByTestId('pay-earlier-not-cancelled');
  await expect(notice).toBeVisible({ timeout: 15_000 });
  const [first] = (await ordersOf(page)).ids;
  await expect(notice).toContainText(first ?? 'no order');
  await expect(page.getByTestId('hosted-pay')).toHaveCount(0);
  expect((await ordersOf(page)).ids, 'no new order while the earlier one may be paid').toHaveLength(1);

  cancelLost = false;
  await pay.confirm.click();
  await expect(page.getByTestId('hosted-pay')).toBeVisible({ timeout: 15_000 });
  const { ids, cancels, failed } = await ordersOf(page);
  expect(ids).toHaveLength(2);
  expect(cancels).toEqual([first]);
  expect(failed.has(first)).toBe(true);
});
