import { confirmLinkAccount } from '../../flows/pay';
import { PayStepPage } from '../../pages/payStep';
import { RechargePage } from '../../pages/RechargePage';
import { journalOf } from '../../support/chaos';
import { expect, test } from '../../support/test';

/**
 * Attacker review, finding 2: a lying list priced rc_499 at $0.01 (the mock charges 4.99). The result panel said
 * $0.01 was paid. The panel names the paid order's own amount (get_order_info_by_pay2_order_id) and says that
 * it is not the one shown before paying.
 */

test.use({ viewport: { width: 390, height: 844 } });

test('a list priced below the order: the result names the order’s amount and says it differs', async ({
  page,
}) => {
  await page.route('**/api/third_party_pay/get_recharge_list_v3/**', async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { data: { list: { recharge_id: string; amount: number }[] } };
    for (const row of body.data.list) if (row.recharge_id === 'rc_499') row.amount = 0.01;
    return route.fulfill({ response: answer, json: body });
  });
  const recharge = new RechargePage(page);
  await recharge.open('?session_key=sk-10000001');
  await confirmLinkAccount(page);
  await recharge.packages.filter({ hasText: '$0.01' }).click();
  await recharge.payNow.click();
  const pay = new PayStepPage(page);
  await expect(page.getByTestId('pay-amount')).toHaveText('$0.01');
  await expect(pay.savedCardOption).toBeChecked();
  await pay.confirm.click();
  await pay.cvv.fill('123');
  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success');
  await expect(page.getByTestId('result-amount')).toHaveText('$4.99');
  await expect(page.getByTestId('result-charge-differs')).toHaveText(
    'انتبه: سُجّل الطلب بمبلغ $4.99، لا $0.01 الذي عُرض قبل الدفع. إن لم تكن تتوقّع هذا المبلغ فتواصل مع الدعم ومعك رقم الطلب',
  );
  expect(await journalOf(page.request, 'getOrderInfo')).toHaveLength(1);
});

test('a list priced as the order: the result names the amount, with nothing to say', async ({ page }) => {
  const recharge = new RechargePage(page);
  await recharge.open('?session_key=sk-10000001');
  await confirmLinkAccount(page);
  await recharge.packages.filter({ hasText: '$4.99' }).click();
  await recharge.payNow.click();
  const pay = new PayStepPage(page);
  await expect(pay.savedCardOption).toBeChecked();
  await pay.confirm.click();
  await pay.cvv.fill('123');
  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success');
  await expect(page.getByTestId('result-amount')).toHaveText('$4.99');
  await expect.poll(async () => (await journalOf(page.request, 'getOrderInfo')).length).toBe(1);
  await expect(page.getByTestId('result-charge-differs')).toHaveCount(0);
});
