import { enterNewCard, openPayStep } from '../../flows/pay';
import { dropFirstOrderRequest, expectOneOrder, forceFault, journalOf } from '../../support/chaos';
import { expect, test } from '../../support/test';

/**
 * A reload while a new card's order answer is lost. The page keeps the intent's X-CLI-RID (never the card):
 * back from the reload it asks again with the same id and no card, which finds the order that id made (and
 * can make none), then follows it to its result. No order lost, none made twice.
 */

const VISA = '4242424242424242';
const NOT_FOUND = 'لم نجد طلبًا لدفعتك السابقة، فلم يُخصم مبلغها';

// Provider 13's card (a token) on the phone and the desktop; provider 17's (its encrypted fields in
// platform_data, which storage never keeps either) on the phone (@table).
for (const payType of [23, 27] as const) {
  test(
    `the order is made, its answer hangs, the page reloads: the same order is found and shown paid (${payType})`,
    payType === 23 ? {} : { tag: '@table' },
    async ({ page }) => {
      const pay = await openPayStep(page, payType);
      await enterNewCard(pay, payType, VISA);
      await forceFault(page.request, 'createCoinPay', { fault: 'lostAnswer', after: 'hang', ms: 20_000 });
      await pay.confirm.click();
      await expect(page.getByText('جارٍ إنشاء الطلب')).toBeVisible();
      // The order exists before the reload: the world made it, the page never heard.
      await expect.poll(async () => (await journalOf(page.request, 'createCoinPay')).length).toBe(1);
      await page.reload();
      await expect(pay.result).toHaveAttribute('data-outcome', 'success');
      await expect(pay.result).toContainText('سيصل الماس إلى حساب ريم');
      const creations = await journalOf(page.request, 'createCoinPay');
      expect(
        new Set(creations.map((e) => e.requestId)).size,
        'the reload asked with the same X-CLI-RID',
      ).toBe(1);
      await expectOneOrder(page.request);
    },
  );
}

test('the server says the X-CLI-RID made an order already (10009): that order is asked for and shown, none made twice', {
  tag: '@spec:code.10009',
}, async ({ page }) => {
  const pay = await openPayStep(page, 23);
  await enterNewCard(pay, 23, VISA);
  // The first request makes the order and its answer is lost; the next with that id is answered 10009.
  await forceFault(page.request, 'createCoinPay', { fault: 'lostAnswer' });
  await forceFault(page.request, 'createCoinPay', { result: 10009 });
  // Chromium may re-send the reset request itself (then the page meets 10009 at once) or report it lost (then
  // the visitor's retry does): either way the next tap at most.
  await pay.confirm.click();
  await expect(pay.result.or(page.getByTestId('pay-unconfirmed'))).toBeVisible();
  if (!(await pay.result.isVisible())) await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success');
  await expect(page.getByText(/10009|معرّف الطلب/)).toHaveCount(0);
  const creations = await journalOf(page.request, 'createCoinPay');
  expect(new Set(creations.map((e) => e.requestId)).size, 'one X-CLI-RID').toBe(1);
  expect(creations.at(-1)?.params, 'the last request carried no card').not.toHaveProperty('token');
  await expectOneOrder(page.request);
});

test('the request reaches the server after the reload asked for it (a slow network): it makes no order, the next pay makes one', async ({
  page,
}) => {
  const pay = await openPayStep(page, 23);
  await enterNewCard(pay, 23, VISA);
  // The order request is on its way for 4 s; the reload's lookup, with the same X-CLI-RID, overtakes it.
  await forceFault(page.request, 'createCoinPay', { fault: 'delay', ms: 4_000 });
  const sent = page.waitForRequest(/\/create_coin_pay\//);
  await pay.confirm.click();
  await sent;
  await page.reload();
  await expect(page.getByTestId('pay-not-found')).toContainText(NOT_FOUND);
  // The late request is refused: the page said nothing was charged, and so it stays.
  await expect
    .poll(async () => (await journalOf(page.request, 'createCoinPay')).map((e) => e.result), {
      timeout: 10_000,
    })
    .toEqual([10001, 10009]);
  await enterNewCard(pay, 23, VISA);
  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success');
  await expectOneOrder(page.request);
});

test('the request never reached the server, then a reload: no order is found, nothing charged, the next pay makes one', async ({
  page,
}) => {
  const pay = await openPayStep(page, 23);
  await enterNewCard(pay, 23, VISA);
  await dropFirstOrderRequest(page);
  await pay.confirm.click();
  await expect(page.getByTestId('pay-unconfirmed')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('pay-not-found')).toContainText(NOT_FOUND);
  expect(
    (await journalOf(page.request, 'createCoinPay')).every((e) => e.result !== 0),
    'no order yet',
  ).toBe(true);
  await enterNewCard(pay, 23, VISA);
  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success');
  await expect(page.getByTestId('pay-not-found')).toHaveCount(0);
  await expectOneOrder(page.request);
});
