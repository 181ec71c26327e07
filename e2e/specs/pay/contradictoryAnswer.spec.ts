import type { Page } from '@playwright/test';
import { confirmLinkAccount, enterNewCard, openPayStepByLink } from '../../flows/pay';
import { PayStepPage } from '../../pages/payStep';
import { expectOneOrder, journalOf } from '../../support/chaos';
import { expect, test } from '../../support/test';

/**
 * Attacker review (a lying server), findings 1 and 2: the first create_coin_pay answer is rewritten on its way
 * to the page. A failure that says Authorised (or whose code is markup) was shown as "nothing was charged" with a
 * retry that made a second paid order; a success that says Refused was shown as paid. An answer whose fields
 * contradict each other is checked with the result poll for that same order, and the panel says what the poll
 * says: one order, and no "nothing charged" for a card that was charged.
 */

test.use({ viewport: { width: 390, height: 844 } });

const NOTHING_CHARGED = 'لم يُخصم';

/** The first order answer's platform_data replaced by `lie`; the mock's own answer otherwise. */
async function lieOnFirstOrder(page: Page, lie: Record<string, unknown>): Promise<void> {
  let told = false;
  await page.route('**/api/order/create_coin_pay/**', async (route) => {
    const answer = await route.fetch();
    if (told) return route.fulfill({ response: answer });
    told = true;
    const body = (await answer.json()) as { data: { platform_data: Record<string, unknown> } };
    body.data.platform_data = lie;
    return route.fulfill({ response: answer, json: body });
  });
}

interface Made {
  readonly data: { readonly order_id: string; readonly platform_data: { readonly status: string } };
}

/** The orders the world made (its own answers, before any rewrite). */
async function ordersMade(page: Page): Promise<Made[]> {
  const made = (await journalOf(page.request, 'createCoinPay')).filter((e) => e.result === 0);
  return made.map((e) => e.answer as Made);
}

/** The orders the world made, by the status it answered for each. */
async function orderStatuses(page: Page): Promise<string[]> {
  return (await ordersMade(page)).map((made) => made.data.platform_data.status);
}

test('a saved card’s order said failed yet Authorised: the poll says paid, one order, nothing said uncharged', async ({
  page,
}) => {
  await lieOnFirstOrder(page, { status: 'failed', resultCode: 'Authorised' });
  const pay = await openPayStepByLink(page, 23);
  await pay.savedCardOption.check();
  await pay.confirm.click();
  await pay.cvv.fill('123');
  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success');
  await expect(page.getByTestId('result-panel')).not.toContainText(NOTHING_CHARGED);
  await expect(page.getByRole('button', { name: 'إعادة المحاولة' })).toHaveCount(0);
  await expectOneOrder(page.request);
  expect(await orderStatuses(page)).toEqual(['paid']);
  // The server was asked about that same order: the answer was not taken as it stood.
  const orderIds = (await ordersMade(page)).map((made) => made.data.order_id);
  const polls = await journalOf(page.request, 'payResultByOrderFast');
  expect(polls.map((e) => (e.params as { zp_orderid: string }).zp_orderid)).toEqual(
    expect.arrayContaining(orderIds),
  );
});

test('a new card’s order said failed with markup for its code: the poll says paid, one order', async ({
  page,
}) => {
  await lieOnFirstOrder(page, {
    status: 'failed',
    err_code: '<img src=x onerror=alert(1)>',
    fail_detail: '\u202E<b>expired</b>',
  });
  const pay = new PayStepPage(page);
  await pay.open({ recharge_id: 'rc_499', pay_type: 23, to_uid: 1002 });
  await enterNewCard(pay, 23, '4242424242424242');
  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success');
  await expect(page.getByTestId('result-panel')).not.toContainText(NOTHING_CHARGED);
  await expectOneOrder(page.request);
  expect(await orderStatuses(page)).toEqual(['paid']);
});

test('a declined card’s order said paid yet Refused: the poll says failed, never a success', async ({
  page,
}) => {
  await lieOnFirstOrder(page, {
    status: 'paid',
    resultCode: 'Refused',
    err_code: '20051',
    fail_detail: 'Insufficient Funds or Exceeds Amount Limits',
  });
  const pay = new PayStepPage(page);
  await pay.open({ recharge_id: 'rc_499', pay_type: 23, to_uid: 1002 });
  await enterNewCard(pay, 23, '4000000000000002');
  await pay.confirm.click();
  await expect(pay.result).not.toHaveAttribute('data-outcome', 'success');
  await expect(pay.result).toHaveAttribute('data-outcome', /^(fail|balance|other)$/);
  await expect(page.getByTestId('result-panel')).not.toContainText('تم الدفع بنجاح');
  expect(await orderStatuses(page)).toEqual(['failed']);
});

/**
 * Finding 3: get_order_info_by_pay2_order_id names another account, amount and coins for the paid order. Each is
 * said, and the success text never says the diamonds reach the account chosen (10000002).
 */
test('the paid order’s info names another account and coins: said, and no claim the diamonds reach 10000002', async ({
  page,
}) => {
  await page.route('**/api/web/get_order_info_by_pay2_order_id/**', async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { data: Record<string, unknown> };
    body.data = { ...body.data, to_uid: 1010, amount: 199.99, coin: 999999 };
    return route.fulfill({ response: answer, json: body });
  });
  const pay = new PayStepPage(page);
  await pay.open({ recharge_id: 'rc_499', pay_type: 23, to_uid: 1002 }, '', 'sk-10000001');
  await confirmLinkAccount(page);
  await pay.savedCardOption.check();
  await pay.confirm.click();
  await pay.cvv.fill('123');
  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success');
  await expect(page.getByTestId('result-other-account')).toHaveText(
    'انتبه: سجّل الخادم هذا الطلب للحساب ذي الرقم الداخلي 1010، لا للحساب 10000002 الذي اخترته، فلا نؤكد وصول الماس إليه. تواصل مع الدعم ومعك رقم الطلب',
  );
  await expect(page.getByTestId('result-coins-differ')).toContainText('999,999');
  await expect(page.getByTestId('result-charge-differs')).toContainText('$199.99');
  await expect(page.getByTestId('result-tip')).toHaveText('تم الدفع، لكن الطلب سُجّل لحساب غير الذي اخترته');
  await expect(page.getByTestId('result-panel')).not.toContainText('سيصل الماس إلى حساب');
});
