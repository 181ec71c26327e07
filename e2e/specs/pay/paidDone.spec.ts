import type { Page } from '@playwright/test';
import { CardNumber } from '@topup/contracts/testdata/cards';
import { enterNewCard, fromTheList, openPayStepByLink } from '../../flows/pay';
import type { PayStepPage } from '../../pages/payStep';
import { journalOf } from '../../support/chaos';
import { expect, test } from '../../support/test';

/**
 * A paid visitor is never one tap from paying twice (the last review): "done" on the success panel, and back
 * over it, leave the paid step for the recharge list of the same account with no package chosen; history never
 * brings back the paid step's pay button; paying again is a new choice, a new order under a new X-CLI-RID.
 */

test.use({ viewport: { width: 390, height: 844 } });

/** Pays with Reem's remembered Visa ••4242 (TESTDATA), chosen for her: its CVV, then the success panel. */
async function payWithSavedCard(pay: PayStepPage): Promise<{ x: number; y: number }> {
  await expect(pay.savedCardOption).toBeChecked();
  await pay.confirm.click();
  await pay.cvv.fill('123');
  const box = await pay.confirm.boundingBox();
  if (box === null) throw new Error('no pay button');
  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * The page is no wider than the phone: a long order number in a notice wraps rather than widening it (on a
 * phone a wider page is zoomed out whole, so the window's own width grows too: the viewport's is the measure).
 */
async function expectNoSideScroll(page: Page): Promise<void> {
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scroll).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}

const orders = async (page: Page) =>
  (await journalOf(page.request, 'createCoinPay')).filter((entry) => entry.result === 0);

/** Wherever the visitor is, the paid step's pay button is not there to tap. */
async function expectNoPayStep(page: Page, pay: PayStepPage): Promise<void> {
  await expect(page).not.toHaveURL(/\/pay-step/);
  await expect(pay.confirm).toHaveCount(0);
  await expect(pay.resultPanel).toHaveCount(0);
}

test('"تم" after a success: the list of the same account, no package chosen, and no second order where pay was', async ({
  page,
  hasTouch,
}) => {
  const { recharge, pay } = await fromTheList(page);
  const payAt = await payWithSavedCard(pay);
  await page.getByTestId('result-primary').click();
  await expect(page).toHaveURL(/\/recharge-list/);
  await expect(recharge.targetNickname).toHaveText('ريم');
  await expect(recharge.packages.first()).toBeVisible();
  await expect(recharge.packages.getByRole('radio', { checked: true })).toHaveCount(0);
  await expect(recharge.payNow).toHaveCount(0);
  await expectNoPayStep(page, pay);
  // Never a silent list: it says the order was paid, even if "done" was a second tap meant for pay.
  const [order] = await orders(page);
  const orderId = (order?.answer as { data?: { order_id?: string } } | undefined)?.data?.order_id ?? '';
  await expect(page.getByTestId('paid-again-notice').getByTestId('paid-again-order')).toHaveText(orderId);
  // "تم" went with the pay step: the focus is on the notice, not left on the body, so a screen reader says it.
  await expect(page.getByTestId('paid-again-notice')).toBeFocused();
  // The visitor taps again where the pay button was: nothing is paid.
  if (hasTouch) await page.touchscreen.tap(payAt.x, payAt.y);
  else await page.mouse.click(payAt.x, payAt.y);
  await expectNoPayStep(page, pay);
  expect(await orders(page)).toHaveLength(1);

  // Forward (the paid step's entries), then back and forward again: never the paid step's pay button.
  await page.goForward();
  await expect(page).toHaveURL(/\/recharge-list/);
  await expectNoPayStep(page, pay);
  await page.goBack();
  await expectNoPayStep(page, pay);
  await page.goForward();
  await expectNoPayStep(page, pay);
  await page.goForward();
  await expectNoPayStep(page, pay);
  expect(await orders(page)).toHaveLength(1);
});

test('back over the success panel leaves the paid step too, and forward does not bring it back', async ({
  page,
}) => {
  const { recharge, pay } = await fromTheList(page);
  await payWithSavedCard(pay);
  await page.goBack();
  await expect(page).toHaveURL(/\/recharge-list/);
  await expect(recharge.targetNickname).toHaveText('ريم');
  await expect(recharge.packages.getByRole('radio', { checked: true })).toHaveCount(0);
  await expectNoPayStep(page, pay);
  await page.goForward();
  await expectNoPayStep(page, pay);
  await page.goForward();
  await expectNoPayStep(page, pay);
});

test('a reload of the paid step is the list, which says the order was paid and to whom; back says it too', async ({
  page,
}) => {
  const { recharge, pay } = await fromTheList(page);
  await payWithSavedCard(pay);
  const [order] = await orders(page);
  const orderId = (order?.answer as { data?: { order_id?: string } } | undefined)?.data?.order_id;
  expect(orderId).toBeTruthy();
  await page.reload();
  await expect(page).toHaveURL(/\/recharge-list/);
  await expect(recharge.targetNickname).toHaveText('ريم');
  await expectNoPayStep(page, pay);
  // Never a silent list: the paid order, its number and the account the diamonds go to.
  const notice = page.getByTestId('paid-again-notice');
  await expect(notice).toContainText('تم الدفع بنجاح');
  await expect(notice.getByTestId('paid-again-order')).toHaveText(orderId ?? '');
  await expect(notice).toContainText('ريم');
  await expect(notice).toContainText('10000001');
  await expectNoSideScroll(page);
  // Back onto the paid visit's other entry: the list again, saying the same; no second order.
  await page.goBack();
  await expectNoPayStep(page, pay);
  await expect(page.getByTestId('paid-again-notice').getByTestId('paid-again-order')).toHaveText(
    orderId ?? '',
  );
  // Closed, it is gone, and paying again is a new choice on the list.
  await page.getByTestId('paid-again-notice').getByRole('button').click();
  await expect(page.getByTestId('paid-again-notice')).toHaveCount(0);
  expect(await orders(page)).toHaveLength(1);
});

test('paying again is a new choice: a package tapped anew makes a new order under a new X-CLI-RID', async ({
  page,
}) => {
  const { recharge, pay } = await fromTheList(page);
  await payWithSavedCard(pay);
  await page.getByTestId('result-primary').click();
  await expect(recharge.payNow).toHaveCount(0);
  await recharge.packages.nth(1).click();
  await recharge.payNow.click();
  await expect(pay.root).toHaveAttribute('data-step', 'home');
  await payWithSavedCard(pay);
  const made = await orders(page);
  expect(made).toHaveLength(2);
  expect(new Set(made.map((entry) => entry.requestId)).size).toBe(2);
});

test('"top up again" stays a deliberate choice on the pay step: a new intent, the card asked anew', async ({
  page,
}) => {
  const { pay } = await fromTheList(page);
  await payWithSavedCard(pay);
  const [order] = await orders(page);
  const orderId = (order?.answer as { data?: { order_id?: string } } | undefined)?.data?.order_id ?? '';
  expect(orderId).not.toBe('');
  // Under the success panel the step says nothing of it: the success does.
  await expect(page.getByTestId('paid-elsewhere')).toHaveCount(0);
  await page.getByTestId('result-secondary').click();
  await expect(pay.resultPanel).toHaveCount(0);
  await expect(pay.root).toHaveAttribute('data-step', 'home');
  await expect(pay.cvvStep).toHaveCount(0);
  // A success closed leaves its trace: the order just paid, its account, and that paying here is a new order.
  const notice = page.getByTestId('paid-elsewhere');
  await expect(notice.getByTestId('paid-elsewhere-order')).toHaveText(orderId);
  await expect(notice).toContainText('تم قبل قليل دفع الطلب');
  await expect(notice).toContainText('ريم');
  await expect(notice).toContainText('10000001');
  await expect(notice).toContainText('طلب جديد منفصل');
  // Paid here, not in another window.
  await expect(notice).not.toContainText('نافذة أخرى');
  await expectNoSideScroll(page);
  await notice.getByRole('button').click();
  await expect(notice).toHaveCount(0);
  expect(await orders(page)).toHaveLength(1);
});

test('"top up again", then a reload before paying: the step for the same package, and paying makes one new order', async ({
  page,
}) => {
  const { pay } = await fromTheList(page);
  const address = page.url();
  await payWithSavedCard(pay);
  await page.getByTestId('result-secondary').click();
  await expect(pay.resultPanel).toHaveCount(0);
  await page.reload();
  // The step the visitor asked for again, with its package: not the list of the earlier success.
  await expect(pay.root).toHaveAttribute('data-step', 'home');
  await expect(page).toHaveURL(address);
  await expect(page.getByTestId('paid-again-notice')).toHaveCount(0);
  await expect(pay.confirm).toBeVisible();
  expect(await orders(page)).toHaveLength(1);
  // The list's choice stays the visitor's through the reload: their saved card is chosen, and it pays once.
  await payWithSavedCard(pay);
  expect(await orders(page)).toHaveLength(2);
});

/**
 * "Top up again" on a success, a saved card's order made, and a reload before its answer: the step holding
 * that order comes back, not the list. The order's request is held across the reload (and the lookup after
 * it): released first, its success would come, and a paid visit reloaded is the list, as it should be.
 */
async function reloadDuringAnotherOrder(page: Page, pay: PayStepPage): Promise<void> {
  await page.getByTestId('result-secondary').click();
  await expect(pay.resultPanel).toHaveCount(0);
  await page.route('**/api/order/create_coin_pay/**', () => undefined);
  await expect(pay.savedCardOption).toBeChecked();
  await pay.confirm.click();
  await pay.cvv.fill('123');
  await pay.confirm.click();
  await expect(pay.root).toHaveAttribute('data-phase', 'ordering');
  await page.reload();
  await expect(page).toHaveURL(/\/pay-step\?/);
  await expect(pay.root).toBeVisible();
  await expect(pay.root).not.toHaveAttribute('data-phase', 'idle');
  await page.unrouteAll({ behavior: 'ignoreErrors' });
}

test('"top up again", then a reload while its order is made: the step that holds it, not the list', async ({
  page,
}) => {
  const { pay } = await fromTheList(page);
  await payWithSavedCard(pay);
  await reloadDuringAnotherOrder(page, pay);
});

test('paid on the bank’s page and back, "top up again", then a reload during the new order: the step that holds it', async ({
  page,
}) => {
  const pay = await openPayStepByLink(page, 27);
  await enterNewCard(pay, 27, CardNumber.visaRedirect);
  await pay.confirm.click();
  await page.getByTestId('issuer-approve').click();
  // Back from the bank: the return is handed to the pay step, whose entry is the paid step's.
  await expect(pay.result).toHaveAttribute('data-outcome', 'success', { timeout: 15_000 });
  await reloadDuringAnotherOrder(page, pay);
});

test('two pay steps open for one account: the one paid, the other says so above its pay button', async ({
  page,
  context,
}) => {
  const { pay } = await fromTheList(page);
  // The same package open in a second tab (the app's link tapped twice).
  const other = await context.newPage();
  const second = await fromTheList(other);
  await expect(other.getByTestId('paid-elsewhere')).toHaveCount(0);
  await payWithSavedCard(pay);
  const [order] = await orders(page);
  const orderId = (order?.answer as { data?: { order_id?: string } } | undefined)?.data?.order_id ?? '';
  expect(orderId).not.toBe('');
  // Told as it happens, with the order and the account, and that paying here is a new, separate order.
  const notice = other.getByTestId('paid-elsewhere');
  await expect(notice.getByTestId('paid-elsewhere-order')).toHaveText(orderId);
  await expect(notice).toContainText('ريم');
  await expect(notice).toContainText('10000001');
  await expect(notice).toContainText('طلب جديد منفصل');
  await expect(notice).toContainText('من نافذة أخرى');
  await expectNoSideScroll(other);
  // The tab that paid is not told of its own order under its success panel (the success says it).
  await expect(page.getByTestId('paid-elsewhere')).toHaveCount(0);
  // A pay step opened after the payment is told too; closed, it stays closed; paying knowingly still works.
  await other.reload();
  await expect(notice.getByTestId('paid-elsewhere-order')).toHaveText(orderId);
  await notice.getByRole('button').click();
  await expect(notice).toHaveCount(0);
  await payWithSavedCard(second.pay);
  expect(await orders(page)).toHaveLength(2);
  await expect(notice).toHaveCount(0);
});
