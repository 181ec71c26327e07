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

test('the order is made, its answer hangs, the page reloads: the same order is found and shown paid', async ({
  page,
}) => {
  const pay = await openPayStep(page, 23);
  await enterNewCard(pay, 23, VISA);
  await forceFault(page.request, 'createCoinPay', { fault: 'lostAnswer', after: 'hang', ms: 20_000 });
  await pay.confirm.click();
  await expect(page.getByText('جارٍ إنشاء الطلب')).toBeVisible();
  // The order exists before the reload: the world made it, the page never heard.
  await expect.poll(async () => (await journalOf(page.request, 'createCoinPay')).length).toBe(1);
  await page.reload();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success');
  await expect(pay.result).toContainText('سيصل الماس إلى حساب ريم');
  const creations = await journalOf(page.request, 'createCoinPay');
  expect(new Set(creations.map((e) => e.requestId)).size, 'the reload asked with the same X-CLI-RID').toBe(1);
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
