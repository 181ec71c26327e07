import type { Page } from '@playwright/test';
import { confirmLinkAccount, enterNewCard } from '../../flows/pay';
import { PayStepPage } from '../../pages/payStep';
import { journalOf } from '../../support/chaos';
import { recordToasts } from '../../support/notices';
import { expect, test } from '../../support/test';

/**
 * An order whose answer was lost (MACHINE.md, "An order whose answer was lost"): the server made it, the phone
 * got a 503 in its place. Only that request may be sent again unchanged; any other pay tap settles it first:
 * paid, its result (the card it charged) and no new order; known unpaid, the new request goes on.
 */

/** The first order requests reach the server, whose answers are lost on the way back (a 503 in their place). */
async function loseFirstOrderAnswer(page: Page, lost = 1): Promise<void> {
  let sent = 0;
  await page.route('**/api/order/create_coin_pay/**', async (route) => {
    sent += 1;
    const answer = await route.fetch();
    if (sent <= lost) return route.fulfill({ status: 503, body: 'lost' });
    return route.fulfill({ response: answer });
  });
}

/** The orders the server made and the ones it reports paid, from its journal (a lookup replays the same order). */
async function ordersOf(page: Page) {
  const entries = (await journalOf(page.request, 'createCoinPay')).filter((e) => e.result === 0);
  const ids = new Set(
    entries.map((e) => (e.answer as { data?: { order_id?: string } } | undefined)?.data?.order_id),
  );
  const results = await journalOf(page.request, 'payResultByOrderFast');
  return { requestIds: new Set(entries.map((e) => e.requestId)), orderIds: ids, results };
}

/** A signed-out visitor pays for 10000002 with a new card, and the order's answer (and `lost - 1` more) is lost. */
async function newCardOrderLost(page: Page, number: string, lost = 1): Promise<PayStepPage> {
  await loseFirstOrderAnswer(page, lost);
  const pay = new PayStepPage(page);
  await pay.open({ recharge_id: 'rc_999', pay_type: 27, to_uid: 1002 });
  await enterNewCard(pay, 27, number);
  await pay.confirm.click();
  await expect(page.getByTestId('pay-unconfirmed')).toBeVisible();
  return pay;
}

test('on the card form the notice is two sentences, the first ended by its full stop', async ({ page }) => {
  await newCardOrderLost(page, '4242424242424242');
  await expect(page.getByTestId('pay-unconfirmed')).toHaveText(
    'لم يصلنا رد مؤكد على طلبك. اضغط «التحقق من الدفع» لمتابعة الطلب نفسه، ولن يُخصم المبلغ مرتين. ' +
      'إن غيّرت بيانات البطاقة فسنتحقق أولًا من نتيجة طلبك السابق قبل أي طلب جديد',
  );
});

test('an order made but answered 10005 (internal): the next tap asks for that order, one order', async ({
  page,
}) => {
  // The server makes and pays the order; its answer to the phone is its internal error, which says nothing of
  // whether the order was made (a code every call may answer).
  let sent = 0;
  await page.route('**/api/order/create_coin_pay/**', async (route) => {
    sent += 1;
    const answer = await route.fetch();
    if (sent > 1) return route.fulfill({ response: answer });
    return route.fulfill({ json: { result: 10005, message: 'internal' } });
  });
  const pay = new PayStepPage(page);
  await pay.open({ recharge_id: 'rc_499', pay_type: 27, to_uid: 1002 }, '', 'sk-10000001');
  await confirmLinkAccount(page);
  // A link's step chooses no method (linkEntry.spec.ts): the visitor picks the saved Visa.
  await pay.savedCardOption.check();
  await expect(pay.confirm).toBeEnabled();
  await pay.confirm.click(); // the remembered Visa 4242: its CVV step
  await pay.cvvStep.getByLabel('CVV').fill('123');
  await pay.confirm.click();
  await expect(page.getByTestId('pay-unconfirmed')).toBeVisible();

  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success', { timeout: 15_000 });
  const sentIds = (await journalOf(page.request, 'createCoinPay')).map((e) => e.requestId);
  expect(sentIds, 'the retry kept the X-CLI-RID').toHaveLength(2);
  expect(new Set(sentIds).size, 'the retry kept the X-CLI-RID').toBe(1);
  const { requestIds, orderIds } = await ordersOf(page);
  expect(requestIds.size).toBe(1);
  expect(orderIds.size, 'one order').toBe(1);
});

test('a refusal with a code no contract lists (99999) stays in the step with its code, its message as text, never as a lost answer', async ({
  page,
}) => {
  // The server answers the first two requests with a refusal of its own (SPEC §8: a generic failure with code
  // and message); the third reaches it. Each is the same request, so the same X-CLI-RID: one order at most.
  // Its message is markup and English: never drawn as markup, nor mixed into the Arabic (refusalText.ts).
  const toasts = await recordToasts(page);
  let sent = 0;
  const requestIds: string[] = [];
  await page.route('**/api/order/create_coin_pay/**', async (route) => {
    sent += 1;
    requestIds.push(route.request().headers()['x-cli-rid'] ?? '');
    if (sent > 2) return route.fulfill({ response: await route.fetch() });
    return route.fulfill({ json: { result: 99999, message: '<b>x</b> boom' } });
  });
  const pay = new PayStepPage(page);
  await pay.open({ recharge_id: 'rc_499', pay_type: 27, to_uid: 1002 }, '', 'sk-10000001');
  await confirmLinkAccount(page);
  // A link's step chooses no method (linkEntry.spec.ts): the visitor picks the saved Visa.
  await pay.savedCardOption.check();
  await expect(pay.confirm).toBeEnabled();
  await pay.confirm.click(); // the remembered Visa 4242: its CVV step
  await pay.cvvStep.getByLabel('CVV').fill('123');
  const failure = page.getByTestId('pay-refused');
  for (let tap = 1; tap <= 2; tap += 1) {
    await pay.confirm.click();
    await expect.poll(() => requestIds.length, 'this tap was answered').toBe(tap);
    await expect(failure).toHaveText(
      'تعذّر إنشاء الطلب (الرمز 99999). ' +
        'بيانات الدفع كما هي: اضغط زر الدفع لإعادة المحاولة بالطلب نفسه، ولن يُخصم المبلغ مرتين',
    );
    await expect(failure).toHaveAttribute('role', 'alert');
    await expect(page.getByTestId('pay-refused-code')).toHaveText('99999');
    await expect(page.getByTestId('pay-unconfirmed')).toHaveCount(0);
    await expect(page.getByText('لم يصلنا رد مؤكد')).toHaveCount(0);
    await expect(page.locator('b', { hasText: 'x' })).toHaveCount(0);
    await expect(page.getByText('boom')).toHaveCount(0);
    await expect(pay.cvvStep.getByLabel('CVV')).toHaveValue('123');
  }
  expect(
    (await toasts()).filter((text) => text.includes('تعذّر إنشاء الطلب')),
    'no toast said it',
  ).toEqual([]);
  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success', { timeout: 15_000 });
  expect(requestIds).toHaveLength(3);
  expect(new Set(requestIds).size, 'every tap sent the same X-CLI-RID').toBe(1);
  expect((await ordersOf(page)).orderIds.size, 'one order').toBe(1);
});

test('a saved card order lost, then a new card: the saved card order is found paid, no second order', async ({
  page,
}) => {
  await loseFirstOrderAnswer(page);
  const pay = new PayStepPage(page);
  await pay.open({ recharge_id: 'rc_999', pay_type: 27, to_uid: 1001 }, '', 'sk-10000001');
  await confirmLinkAccount(page);
  // A link's step chooses no method (linkEntry.spec.ts): the visitor picks the saved Visa.
  await pay.savedCardOption.check();
  await expect(pay.confirm).toBeEnabled();
  await pay.confirm.click(); // the remembered Visa 4242: its CVV step
  await expect(pay.cvvStep).toBeVisible();
  await pay.cvvStep.getByLabel('CVV').fill('123');
  await pay.confirm.click();
  await expect(page.getByTestId('pay-unconfirmed')).toBeVisible();

  await pay.back.click();
  await pay.leavePopup.getByRole('button', { name: 'مغادرة' }).click();
  await pay.openSavedCards.click();
  await pay.newCard.click();
  await pay.cardNumber.fill('5555555555554444');
  await pay.expiry.fill('12/30');
  await pay.cvv.fill('456');
  await pay.holder.fill('Reem Test');
  // Not "press pay again for the same order": this pay button would send another request.
  await expect(page.getByTestId('pay-unconfirmed')).toHaveCount(0);
  await expect(page.getByTestId('pay-check-first')).toBeVisible();

  await pay.confirm.click();
  await expect(pay.resultPanel).toBeVisible({ timeout: 15_000 });
  await expect(pay.resultPanel).toContainText('تم الدفع');
  await expect(page.getByTestId('result-earlier')).toContainText('4242');
  await expect(page.getByTestId('result-earlier')).not.toContainText('4444');
  const { requestIds, orderIds } = await ordersOf(page);
  expect(requestIds.size, 'one X-CLI-RID made an order').toBe(1);
  expect(orderIds.size, 'one order').toBe(1);
  const made = await journalOf(page.request, 'createCoinPay');
  expect(
    made.some((e) => JSON.stringify(e.params ?? {}).includes('4444')),
    'the new card was never sent',
  ).toBe(false);
});

test('a new card order lost, the number then edited: the first card is named as charged, no second order', async ({
  page,
}) => {
  const pay = await newCardOrderLost(page, '4242424242424242');

  await pay.cardNumber.fill('5555555555554444');
  await pay.confirm.click();
  await expect(pay.resultPanel).toBeVisible({ timeout: 15_000 });
  // The visitor is told which card paid: the first one, whose order was made; the edited one was not charged.
  await expect(page.getByTestId('result-earlier')).toContainText('4242');
  await expect(page.getByTestId('result-earlier')).not.toContainText('4444');
  const { requestIds, orderIds } = await ordersOf(page);
  expect(requestIds.size, 'one X-CLI-RID made an order').toBe(1);
  expect(orderIds.size, 'one order').toBe(1);
});

test('a new card order lost and declined, then another card: the kept order is dropped, the new one pays', async ({
  page,
}) => {
  const pay = await newCardOrderLost(page, '4544249167673670'); // declined: insufficient funds

  await pay.cardNumber.fill('5555555555554444');
  await pay.confirm.click();
  await expect(pay.resultPanel).toBeVisible({ timeout: 15_000 });
  await expect(pay.resultPanel).toContainText('تم الدفع');
  await expect(page.getByTestId('result-earlier')).toHaveCount(0);
  const { orderIds } = await ordersOf(page);
  expect(orderIds.size, 'the declined order and the new one').toBe(2);
});

test('the earlier order cannot be asked for yet: no new order, the page says so, the next tap asks again', async ({
  page,
}) => {
  // The order's answer and then the lookup's are lost: the result of the first order stays unknown.
  const pay = await newCardOrderLost(page, '4242424242424242', 2);

  await pay.cardNumber.fill('5555555555554444');
  await pay.confirm.click();
  await expect(page.getByTestId('pay-earlier-unknown')).toBeVisible();
  await expect(page.getByTestId('pay-unconfirmed')).toHaveCount(0);
  await expect(pay.resultPanel).toHaveCount(0);
  expect((await ordersOf(page)).requestIds.size, 'no new order while the earlier one is unknown').toBe(1);

  await pay.confirm.click();
  await expect(pay.resultPanel).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('result-earlier')).toContainText('4242');
  const { requestIds, orderIds } = await ordersOf(page);
  expect(requestIds.size, 'one X-CLI-RID made an order').toBe(1);
  expect(orderIds.size, 'one order').toBe(1);
});

test('a new card order lost, then another package: its step says the earlier order was paid, then pays its own', async ({
  page,
}) => {
  const pay = await newCardOrderLost(page, '4242424242424242');

  // The visitor leaves for another package in the same tab: the lost request is checked there, not forgotten.
  await pay.open({ recharge_id: 'rc_499', pay_type: 27, to_uid: 1002 });
  await expect(page.getByTestId('pay-earlier-paid')).toBeVisible({ timeout: 15_000 });
  // Said on this step, never shown as its result (whose package and amount are this step's).
  await expect(pay.resultPanel).toHaveCount(0);
  const earlier = await ordersOf(page);
  expect(earlier.orderIds.size, 'the lookup made no second order').toBe(1);
  await expect(page.getByTestId('pay-earlier-order')).toHaveText([...earlier.orderIds][0] ?? '');

  // This package is another purchase the visitor chose: its own tap makes its own order.
  await enterNewCard(pay, 27, '5555555555554444');
  await pay.confirm.click();
  await expect(pay.resultPanel).toContainText('تم الدفع', { timeout: 15_000 });
  await expect(page.getByTestId('result-earlier')).toHaveCount(0);
  const made = (await journalOf(page.request, 'createCoinPay')).filter((e) => e.result === 0);
  const packages = made.map((e) => (e.params as { recharge_id?: string } | undefined)?.recharge_id);
  expect(new Set(packages), 'one order for each package').toEqual(new Set(['rc_999', 'rc_499']));
  expect((await ordersOf(page)).orderIds.size).toBe(2);
});

test('a 3-D Secure order lost, then another account: its step says the earlier order is pending', async ({
  page,
}) => {
  // The order waits for a challenge the page never saw (its answer was lost).
  const pay = await newCardOrderLost(page, '4212345678910006');

  await pay.open({ recharge_id: 'rc_999', pay_type: 27, to_uid: 1010 });
  await expect(page.getByTestId('pay-earlier-pending')).toBeVisible({ timeout: 20_000 });
  await expect(pay.resultPanel).toHaveCount(0);
  expect((await ordersOf(page)).orderIds.size, 'the lookup made no second order').toBe(1);
  // The pay button is the visitor's, once told: nothing blocks this account's own payment.
  await enterNewCard(pay, 27, '4242424242424242');
  await pay.confirm.click();
  await expect(pay.resultPanel).toContainText('تم الدفع', { timeout: 15_000 });
  expect((await ordersOf(page)).orderIds.size).toBe(2);
});
