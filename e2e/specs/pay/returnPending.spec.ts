import type { Browser, Locator, Page } from '@playwright/test';
import { LIMITS } from '@topup/contracts/limits';
import { confirmLinkAccount } from '../../flows/pay';
import { PayStepPage } from '../../pages/payStep';
import { journalOf, paramsOf } from '../../support/chaos';
import { expect, test } from '../../support/test';

/**
 * Back from a provider's hosted page by its return link (SPEC §2 rechargeList: zp_show=1, the order id and the
 * device id), the order still pending: the page was left without paying. Once the return's polls (SPEC §9:
 * 500 ms, up to 100 tries) end with no result, the order this tab sent to that page is offered the way Back
 * offers it (keptPending.spec.ts): "not confirmed", cancel it and pay again, or check again. No one else's
 * order is: a return link names an order, and holding it is no proof the order is this visitor's to give up.
 */

/** This browser's device id, kept where the app keeps it: the order is made with it, its return carries it. */
const DEVICE = 'h5_0123456789abcdef0123456789abcdef';
const RETURNED = 'لم يُؤكَّد الدفع بعد';
const PROCESSING = 'الدفع قيد المعالجة';
const GIVE_UP = 'إلغاء الطلب والدفع من جديد';
const CHECK_AGAIN = 'التحقق من النتيجة مرة أخرى';
const NOT_FOUND =
  'لا يمكننا التحقق من طلب الدفع هذا من هنا. إن كان قد دُفع فسيصل الماس إلى الحساب دون أي خطوة منك';
const OTHER_DEVICE =
  'هذا الرابط لعملية دفع بدأت على جهاز أو متصفح آخر، لذا لا نعرض نتيجتها هنا. تظهر النتيجة على الجهاز الذي بدأ منه الدفع';

const returnLink = (orderId: string, device = DEVICE) =>
  `/recharge-list?${new URLSearchParams({ zp_show: '1', zp_orderid: orderId, zp_h5deviceid: device, zp_pay_sub_type: '29' })}`;

/** Pays 10000002's 350 package by the hosted provider (29) and lands on its page: the order's id. */
async function toHostedPage(page: Page, sessionKey?: string): Promise<string> {
  const pay = new PayStepPage(page);
  await pay.open({ recharge_id: 'rc_499', pay_type: 29, to_uid: 1002 }, '', sessionKey);
  if (sessionKey !== undefined) await confirmLinkAccount(page);
  await pay.channel(29).check();
  await pay.confirm.click();
  await expect(page.getByTestId('hosted-pay')).toBeVisible();
  const orderId = new URL(page.url()).searchParams.get('order_id');
  expect(orderId).toBeTruthy();
  return orderId ?? '';
}

/** The page's clock moved through the return's polls (one 500 ms wait at a time) until `reached` shows. */
async function pollsEndWith(page: Page, reached: Locator) {
  await expect(async () => {
    await page.clock.fastForward(LIMITS.resultPollMs);
    await expect(reached).toBeVisible({ timeout: 100 });
  }).toPass({ intervals: [0], timeout: 60_000 });
}

const cancelsOf = async (page: Page) =>
  (await journalOf(page.request, 'clickCancel')).map((e) => paramsOf(e).app_order);

/** The order's result as the server answers its last result poll: -1 pending, 0 paid, 1 failed. */
async function lastResultOf(page: Page, orderId: string): Promise<number | undefined> {
  const polls = (await journalOf(page.request, 'payResultByOrderFast')).filter(
    (e) => paramsOf(e).zp_orderid === orderId,
  );
  return (polls.at(-1)?.answer as { data?: { result?: number } } | undefined)?.data?.result;
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript((id) => localStorage.setItem('topup.device_id', JSON.stringify(id)), DEVICE);
});

test('back by the return link, still pending: "not confirmed", cancel and pay again cancels it first, one order paid', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.clock.install();
  const first = await toHostedPage(page);
  // The provider's page sends the visitor back by its return link, nothing paid there.
  await page.goto(returnLink(first));
  const pay = new PayStepPage(page);
  const heading = pay.resultPanel.getByRole('heading');
  await pollsEndWith(page, heading);
  await expect(heading).toHaveText(RETURNED);
  await expect(pay.resultPanel).not.toContainText(PROCESSING);
  await expect(pay.resultPanel).not.toContainText('لم يُخصم');
  const primary = page.getByTestId('result-primary');
  await expect(primary).toHaveText(GIVE_UP);
  await expect(page.getByTestId('result-secondary')).toHaveText(CHECK_AGAIN);

  await primary.click();
  await expect(pay.resultPanel).toHaveCount(0);
  await expect(page.getByTestId('pay-earlier-cancelled')).toContainText(first);
  expect(await cancelsOf(page), 'cancelled at the tap, before any new order').toEqual([first]);
  expect(await lastResultOf(page, first), 'asked after its cancel: over').toBe(1);

  // Paying again: one new order, paid; the first one over.
  await pay.channel(29).check();
  await pay.confirm.click();
  await page.getByTestId('hosted-pay').click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success', { timeout: 15_000 });
  const made = (await journalOf(page.request, 'createCoinPay')).filter((e) => e.result === 0);
  expect(made).toHaveLength(2);
  expect(await cancelsOf(page)).toEqual([first]);
});

test('back by the return link, paid meanwhile: "cancel and pay again" cancels nothing and shows it paid', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.clock.install();
  const first = await toHostedPage(page);
  await page.goto(returnLink(first));
  const pay = new PayStepPage(page);
  await pollsEndWith(page, pay.resultPanel.getByRole('heading', { name: RETURNED }));
  // The provider completes the payment late (its page, submitted from elsewhere).
  await page.request.post('/__provider/hosted/pay', { form: { order_id: first, decision: 'pay' } });

  await page.getByTestId('result-primary').click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success', { timeout: 15_000 });
  expect(await cancelsOf(page), 'a paid order is not cancelled').toEqual([]);
  const made = (await journalOf(page.request, 'createCoinPay')).filter((e) => e.result === 0);
  expect(made, 'no second order').toHaveLength(1);
});

/** Another browser's device id (kept where the app keeps it), another's client id. */
const OTHER_BROWSER_DEVICE = 'h5_ffffffffffffffffffffffffffffffff';

/** A second visitor in a browser of their own (its own device id and client id), signed in or not. */
async function otherBrowser(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext(baseURL === undefined ? {} : { baseURL });
  await context.addInitScript(
    (id) => localStorage.setItem('topup.device_id', JSON.stringify(id)),
    OTHER_BROWSER_DEVICE,
  );
  const page = await context.newPage();
  await page.clock.install();
  return { context, page };
}

test("a stranger's return link (the payer's forwarded, or one crafted with the stranger's device id) cannot give the order up", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const order = await toHostedPage(page);
  const stranger = await otherBrowser(browser, baseURL);
  try {
    // The payer's own link, forwarded: another device's, nothing of the order shown.
    await stranger.page.goto(returnLink(order));
    await expect(stranger.page.getByTestId('payment-return-notice')).toHaveText(OTHER_DEVICE);
    // Crafted with the stranger's own device id: no such order for that device.
    await stranger.page.goto(returnLink(order, OTHER_BROWSER_DEVICE));
    await expect(stranger.page.getByTestId('payment-return-notice')).toHaveText(NOT_FOUND, {
      timeout: 15_000,
    });
    await expect(stranger.page.getByTestId('result-primary')).toHaveCount(0);
    await expect(stranger.page.getByText(GIVE_UP)).toHaveCount(0);
  } finally {
    await stranger.context.close();
  }
  expect(await cancelsOf(page), 'nothing cancelled').toEqual([]);
  // The payer's order is still theirs to pay.
  await page.getByTestId('hosted-pay').click();
  await expect(new PayStepPage(page).result).toHaveAttribute('data-outcome', 'success', { timeout: 15_000 });
});

test("a return link naming an order this tab did not send to its page (the account's, made on another device) is only checked, never given up", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // Here, signed in, the visitor's own order is on its hosted page (this tab's kept order).
  await page.clock.install();
  const own = await toHostedPage(page, 'sk-10000001');
  // The same account's order made on another device, left on its hosted page too.
  const elsewhere = await otherBrowser(browser, baseURL);
  let order = '';
  try {
    order = await toHostedPage(elsewhere.page, 'sk-10000001');
  } finally {
    await elsewhere.context.close();
  }
  expect(order).not.toBe(own);
  // A link names that order with this browser's device id: the server answers it to the session, but this tab
  // never sent it to its page, so nothing here may give it up.
  await page.goto(returnLink(order));
  const pay = new PayStepPage(page);
  const heading = pay.resultPanel.getByRole('heading');
  await pollsEndWith(page, heading);
  await expect(heading).toHaveText(PROCESSING);
  await expect(page.getByText(GIVE_UP)).toHaveCount(0);
  await expect(page.getByTestId('result-primary')).toHaveText(CHECK_AGAIN);
  await page.getByTestId('result-primary').click();
  await expect(page.getByTestId('result-primary')).toHaveText(CHECK_AGAIN, { timeout: 15_000 });
  expect(await cancelsOf(page), 'nothing cancelled, neither order').toEqual([]);
});
