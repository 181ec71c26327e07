import { confirmLinkAccount } from '../../flows/pay';
import { PayStepPage } from '../../pages/payStep';
import { RechargePage } from '../../pages/RechargePage';
import { journalOf } from '../../support/chaos';
import { holdRequests } from '../../support/hold';
import { expect, test } from '../../support/test';

/**
 * A return from a payment (SPEC §2 rechargeList) whose order the server does not know: a definite answer
 * (23001) ends the wait at once. The page's clock is installed and never moved, so a page that waited between
 * polls (SPEC §9: 500 ms, up to 100 tries) would still be waiting when the test looks.
 */

const UNKNOWN_ORDER = 'PO9e9bb996cf0170922768f38be8e68053';
const CHECKING = 'جارٍ التحقق من نتيجة الدفع…';
const PAID = 'تم الدفع بنجاح. سيصل الماس إلى الحساب خلال دقائق';
const NOT_FOUND =
  'لا يمكننا التحقق من طلب الدفع هذا من هنا. إن كان قد دُفع فسيصل الماس إلى الحساب دون أي خطوة منك';
const OTHER_DEVICE =
  'هذا الرابط لعملية دفع بدأت على جهاز أو متصفح آخر، لذا لا نعرض نتيجتها هنا. تظهر النتيجة على الجهاز الذي بدأ منه الدفع';

/** This browser's device id, kept where the app keeps it: the links below are returns made here. */
const DEVICE = 'h5_0123456789abcdef0123456789abcdef';
test.beforeEach(async ({ page }) => {
  await page.addInitScript((id) => localStorage.setItem('topup.device_id', JSON.stringify(id)), DEVICE);
});

test('a return link with an unknown order: the list says at once that the order was not found, and stays usable', async ({
  page,
}) => {
  await page.clock.install();
  const recharge = new RechargePage(page);
  await recharge.open(`?zp_show=1&zp_orderid=${UNKNOWN_ORDER}&zp_h5deviceid=${DEVICE}`);
  const notice = page.getByTestId('payment-return-notice');
  await expect(notice).toHaveText(NOT_FOUND);
  await expect(notice).toHaveAttribute('role', 'alert');
  await expect(page.getByText(CHECKING)).toHaveCount(0);
  // The list is there and answers: a package can be chosen.
  await recharge.packages.first().click();
  await expect(recharge.payNow).toBeEnabled();
  const asked = await journalOf(page.request, 'payResultByOrderFast');
  expect(asked.map((e) => e.result)).toEqual([23001]);
});

test('while a return is checked, the page says "checking" once, in the notice that then gives the result', async ({
  page,
}) => {
  const release = await holdRequests(page, /\/api\/web\/pay_result_by_order_fast\//);
  const recharge = new RechargePage(page);
  await recharge.open(`?zp_show=1&zp_orderid=${UNKNOWN_ORDER}&zp_h5deviceid=${DEVICE}`);
  // The app has the page (no longer the build's copy) and the answer is still held: the check is on.
  const checking = page.getByTestId('payment-return-checking');
  await expect(checking).toHaveText(CHECKING);
  await expect(checking).not.toHaveClass(/notice-return--built/);
  // Said to assistive technology too, as a wait: it is the page's only word on the check.
  await expect(checking).toHaveAttribute('role', 'status');
  await expect(checking).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByText(CHECKING)).toHaveCount(1);
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
  release();
  await expect(page.getByTestId('payment-return-notice')).toHaveText(NOT_FOUND);
  await expect(page.getByText(CHECKING)).toHaveCount(0);
});

test('the ended return leaves the address: a reload shows no notice and asks about the order no more', async ({
  page,
}) => {
  const recharge = new RechargePage(page);
  await recharge.open(
    `?utm_source=mail&zp_show=1&zp_orderid=${UNKNOWN_ORDER}&zp_h5deviceid=${DEVICE}&lang=ar#faq`,
  );
  await expect(page.getByTestId('payment-return-notice')).toHaveText(NOT_FOUND);
  // The return's own arguments are gone; every other argument and the hash stay as they were.
  await expect(page).toHaveURL(/\/recharge-list\?utm_source=mail&lang=ar#faq$/);
  await page.reload();
  await expect(recharge.packages.first()).toBeVisible();
  await expect(page.getByTestId('payment-return-notice')).toHaveCount(0);
  const asked = await journalOf(page.request, 'payResultByOrderFast');
  expect(asked.map((e) => e.result)).toEqual([23001]);
});

test("the list's return notice closes from the keyboard, and focus stays on the page", async ({ page }) => {
  const recharge = new RechargePage(page);
  await recharge.open(`?zp_show=1&zp_orderid=${UNKNOWN_ORDER}&zp_h5deviceid=${DEVICE}`);
  const notice = page.getByTestId('payment-return-notice');
  await expect(notice).toHaveText(NOT_FOUND);
  const close = notice.getByRole('button', { name: 'إغلاق الإشعار' });
  // The notice follows the page's heading: one Tab from it reaches the close button.
  const heading = page.getByRole('heading', { level: 1 });
  await heading.focus();
  await page.keyboard.press('Tab');
  await expect(close).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(notice).toHaveCount(0);
  await expect(heading).toBeFocused();
  await recharge.packages.first().click();
  await expect(recharge.payNow).toBeEnabled();
});

test('an order id longer than any order id (65 characters) is not found at once, and never asked about', async ({
  page,
}) => {
  await page.clock.install();
  const recharge = new RechargePage(page);
  await recharge.open(`?zp_show=1&zp_orderid=PO${'9'.repeat(63)}&zp_h5deviceid=${DEVICE}`);
  await expect(page.getByTestId('payment-return-notice')).toHaveText(NOT_FOUND);
  await expect(page).toHaveURL(/\/recharge-list$/);
  expect(await journalOf(page.request, 'payResultByOrderFast')).toEqual([]);
});

test("a paid order's return opened in another browser, even signed in, is never shown as that visitor's payment", async ({
  page,
  browser,
  baseURL,
}) => {
  const pay = new PayStepPage(page);
  await pay.open({ recharge_id: 'rc_999', pay_type: 28, to_uid: 1002 });
  // A link's step chooses no method (linkEntry.spec.ts): the payer picks the hosted wallet.
  await pay.channel(28).check();
  await pay.confirm.click();
  // The hosted page sends the payer back with the return URL (order id and device id) in its Location.
  const back = page.waitForResponse((answer) => answer.status() === 303);
  await page.getByTestId('hosted-pay').click();
  const returnUrl = new URL((await back).headers().location ?? '');
  expect(returnUrl.searchParams.get('zp_h5deviceid')).toBe(DEVICE);
  // In the payer's browser the return names what it paid and for whom.
  await expect(pay.result).toHaveAttribute('data-outcome', 'success');
  await expect(pay.result).toContainText('10000002');
  await expect(pay.result.getByTestId('result-amount')).toHaveText('$9.99');
  const askedHere = (await journalOf(page.request, 'payResultByOrderFast')).length;
  // The link forwarded to someone else (here signed in as 10000001, with her own account on the list): no
  // "paid" above her account, nothing that reads as her payment, and the order's result not even asked.
  const elsewhere = await browser.newContext(baseURL === undefined ? {} : { baseURL });
  try {
    const other = new RechargePage(await elsewhere.newPage());
    await other.open('?session_key=sk-10000001');
    await other.open(`${returnUrl.search}`);
    await expect(other.page.getByTestId('payment-return-notice')).toHaveText(OTHER_DEVICE);
    await expect(other.page.getByText(PAID)).toHaveCount(0);
    await expect(other.targetDisplayId).toHaveText('10000001');
    // The same order with any other device id says the same.
    returnUrl.searchParams.set('zp_h5deviceid', 'h5_someone_else');
    await other.open(`${returnUrl.search}`);
    await expect(other.page.getByTestId('payment-return-notice')).toHaveText(OTHER_DEVICE);
    expect(await journalOf(page.request, 'payResultByOrderFast')).toHaveLength(askedHere);
  } finally {
    await elsewhere.close();
  }
});

// A stranger's order made by direct calls with no client id (x-cli-id), declined or paid: its return link,
// forwarded to a signed-in visitor, was taken for her own (the attacker review): the step for the stranger's
// account with her saved card chosen, or "paid" and the stranger kept as her account. No one owns such an
// order (contracts' ORDER_SCOPE), so the server answers its package to no one and the page says it is another
// device's.
for (const [card, outcome] of [
  ['4000000000000002', 'declined'],
  ['4242424242424242', 'paid'],
] as const) {
  test(`a stranger's ${outcome} order made with no client id, its return forwarded to a signed-in visitor: another device's, nothing of it hers`, async ({
    page,
    request,
  }) => {
    const token = await request.post('/__provider/checkout/tokens', {
      data: { type: 'card', number: card, expiry_month: 12, expiry_year: 2030, cvv: '123' },
    });
    const made = await request.get('/api/order/create_coin_pay/', {
      headers: { 'x-cli-id': '', 'x-cli-rid': `stranger-${outcome}` },
      params: {
        recharge_id: 'rc_499',
        uid: 1002,
        pay_type: 23,
        source: 1,
        token: ((await token.json()) as { token: string }).token,
        ext: JSON.stringify({ h5_deviceid: 'h5_stranger' }),
      },
    });
    const order = ((await made.json()) as { data: { order_id: string } }).data.order_id;
    const recharge = new RechargePage(page);
    await recharge.open('?session_key=sk-10000001');
    await confirmLinkAccount(page);
    await recharge.open(`?zp_show=1&zp_orderid=${order}&zp_h5deviceid=h5_stranger&zp_pay_sub_type=23`);
    await expect(page.getByTestId('payment-return-notice')).toHaveText(OTHER_DEVICE);
    await expect(page).toHaveURL(/\/recharge-list/);
    await expect(page.getByText(PAID)).toHaveCount(0);
    await expect(recharge.targetDisplayId).toHaveText('10000001');
    // Her next visit's list is still hers.
    await recharge.open();
    await expect(recharge.targetDisplayId).toHaveText('10000001');
  });
}
