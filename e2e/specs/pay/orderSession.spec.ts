import type { BrowserContext, Page } from '@playwright/test';
import { StorageKeys } from '@topup/contracts/storage';
import { enterNewCard, fromTheList, openPayStepByLink } from '../../flows/pay';
import { nouraSignsInElsewhere, orderCallSessions } from '../../flows/signIn';
import { PayStepPage } from '../../pages/payStep';
import { Shell } from '../../pages/Shell';
import { journalOf } from '../../support/chaos';
import { expect, test } from '../../support/test';

/**
 * Every call about an order goes under the session that made it (web/src/api/orderSession.ts), whoever another
 * window signs in meanwhile: Reem's order is given up, asked for again and cancelled as Reem's, never looked for
 * under Noura's session (which answers "no such order", 23001, and cancels nothing).
 */

const REEM = 'sk-10000001';

// A 3-D Secure check, a reload and another window's sign-in: more than the default 30 s on a shared machine.
test.describe.configure({ timeout: 90_000 });

/** Reem pays by the Adyen card that asks for 3-D Secure and reloads during the check; then Noura signs in. */
async function reloadDuringChallengeThenSwitch(page: Page, context: BrowserContext): Promise<PayStepPage> {
  const pay = new PayStepPage(page);
  await pay.open({ recharge_id: 'rc_499', pay_type: 27, to_uid: 1002 }, '', REEM);
  await enterNewCard(pay, 27, '4212345678910006');
  await pay.confirm.click();
  await expect(pay.challengeFrame.getByTestId('challenge-submit')).toBeVisible({ timeout: 15_000 });
  await page.reload();
  await expect(pay.resultPanel).toContainText('انقطع تحقق البنك', { timeout: 15_000 });
  await nouraSignsInElsewhere(context);
  await page.bringToFront();
  await expect(page.getByTestId('pay-account-changed')).toContainText('نورة');
  return pay;
}

test('Noura signs in elsewhere, then "cancel and pay again": Reem\'s interrupted order is cancelled as hers', async ({
  page,
  context,
}) => {
  const pay = await reloadDuringChallengeThenSwitch(page, context);
  const sessions = orderCallSessions(page);
  await page.getByTestId('result-primary').click();
  await expect(pay.resultPanel).toHaveCount(0);
  const [made] = (await journalOf(page.request, 'createCoinPay')).filter((e) => e.result === 0);
  const orderId = (made?.answer as { data?: { order_id?: string } } | undefined)?.data?.order_id;
  await expect(page.getByTestId('pay-earlier-cancelled')).toContainText(orderId ?? 'no order');
  const cancels = await journalOf(page.request, 'clickCancel');
  expect(
    cancels.map((e) => e.result),
    'cancelled, not "no such order"',
  ).toEqual([0]);
  expect((cancels[0]?.answer as { data?: { cancelled?: boolean } } | undefined)?.data?.cancelled).toBe(true);
  expect(sessions().length).toBeGreaterThan(0);
  expect(sessions().filter((call) => call.key !== REEM)).toEqual([]);
});

test('Noura signs in elsewhere, then "check again": Reem\'s order is asked for as hers, still pending', async ({
  page,
  context,
}) => {
  const pay = await reloadDuringChallengeThenSwitch(page, context);
  const polled = (await journalOf(page.request, 'payResultByOrderFast')).length;
  const sessions = orderCallSessions(page);
  await page.getByTestId('result-secondary').click();
  // Asked as Reem's, the order is still pending: the polls go on (Noura's session would end them at once with
  // "no such order", 23001).
  const reads = async () => (await journalOf(page.request, 'payResultByOrderFast')).slice(polled);
  await expect.poll(async () => (await reads()).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
  expect((await reads()).filter((e) => e.result !== 0)).toEqual([]);
  await expect(pay.result).toHaveCount(0);
  expect(sessions().filter((call) => call.key !== REEM)).toEqual([]);
});

test("Noura signs in elsewhere while Reem's order is made, its page refused: it is cancelled as Reem's", async ({
  page,
  context,
}) => {
  const pay = await openPayStepByLink(page, 24);
  const sessions = orderCallSessions(page);
  // The order is made under Reem's session; before its answer arrives, another window signs Noura in, and the
  // answer names a provider page on a host the page does not trust.
  await page.route('**/api/order/create_coin_pay/**', async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { data?: { url?: string } };
    if (body.data?.url !== undefined) body.data.url = 'https://pay.evil.example/checkout';
    await nouraSignsInElsewhere(context);
    await route.fulfill({ response: answer, json: body });
  });
  await pay.channel(24).check();
  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'fail', { timeout: 30_000 });
  await expect(page.getByTestId('result-tip')).toHaveText('لم يُخصم أي مبلغ من حسابك');
  await expect
    .poll(async () => (await journalOf(page.request, 'clickCancel')).map((e) => e.result))
    .toEqual([0]);
  expect(sessions().filter((call) => call.key !== REEM)).toEqual([]);
});

test("signing out after a payment leaves no session of Reem's in the tab", async ({ page }) => {
  const { pay } = await fromTheList(page);
  await expect(pay.savedCardOption).toBeChecked();
  await pay.confirm.click();
  await pay.cvv.fill('123');
  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success');
  const tabKeeps = () => page.evaluate(() => JSON.stringify(Object.entries(sessionStorage)));
  // The paid order's session was kept for its calls.
  expect(await tabKeeps()).toContain(REEM);
  // "Done": the list, where the visitor signs out.
  await page.getByTestId('result-primary').click();
  await expect(page).toHaveURL(/\/recharge-list/);
  const shell = new Shell(page);
  await shell.signOutButton.click();
  await expect(shell.signInLink).toBeVisible();
  expect(await tabKeeps()).not.toContain(REEM);
});

test("signing out leaves no kept order of Reem's: the next visitor's pay step neither shows nor asks about it", async ({
  page,
}) => {
  // Reem leaves her order on the hosted provider's page by Back: kept, its result not known.
  const pay = new PayStepPage(page);
  await pay.open({ recharge_id: 'rc_499', pay_type: 29, to_uid: 1002 }, '', REEM);
  await pay.channel(29).check();
  await pay.confirm.click();
  await expect(page.getByTestId('hosted-pay')).toBeVisible({ timeout: 15_000 });
  await page.goBack();
  await expect(pay.resultPanel).toContainText('لم يُؤكَّد الدفع بعد', { timeout: 15_000 });
  const [made] = (await journalOf(page.request, 'createCoinPay')).filter((e) => e.result === 0);
  const orderId =
    (made?.answer as { data?: { order_id?: string } } | undefined)?.data?.order_id ?? 'no order';
  const tabKeeps = () => page.evaluate(() => JSON.stringify(Object.entries(sessionStorage)));
  expect(await tabKeeps()).toContain(orderId);

  // She closes it and goes to the list, where she signs out: her order is on no screen any more.
  await pay.resultPanel.getByRole('button', { name: 'إغلاق', exact: true }).click();
  await expect(pay.resultPanel).toHaveCount(0);
  await page.goto('/recharge-list');
  const shell = new Shell(page);
  await shell.signOutButton.click();
  await expect(shell.signInLink).toBeVisible();
  const kept = await tabKeeps();
  expect(kept).not.toContain(orderId);
  expect(kept).not.toContain('topup.pay_attempt');

  // The next visitor on the phone pays the same package: nothing of Reem's order is asked for, shown or
  // cancelled; the tap makes a new order.
  const reads = (await journalOf(page.request, 'payResultByOrderFast')).length;
  await pay.open({ recharge_id: 'rc_499', pay_type: 29, to_uid: 1002 });
  await pay.channel(29).check();
  await pay.confirm.click();
  await expect(page.getByTestId('hosted-pay')).toBeVisible({ timeout: 15_000 });
  await expect(pay.resultPanel).toHaveCount(0);
  expect(await journalOf(page.request, 'clickCancel')).toEqual([]);
  const asked = (await journalOf(page.request, 'payResultByOrderFast')).slice(reads);
  expect(
    asked.filter((e) => (e.params as { zp_orderid?: string } | undefined)?.zp_orderid === orderId),
  ).toEqual([]);
  const orders = (await journalOf(page.request, 'createCoinPay')).filter((e) => e.result === 0);
  expect(orders).toHaveLength(2);
});

test('Reem signs in again under a new key (a ticket link): her kept order is shown again and cancelled as hers', async ({
  page,
}) => {
  // Reem leaves her order on the hosted provider's page by Back, closes its panel and goes to the list.
  const pay = new PayStepPage(page);
  await pay.open({ recharge_id: 'rc_499', pay_type: 29, to_uid: 1002 }, '', REEM);
  await pay.channel(29).check();
  await pay.confirm.click();
  await expect(page.getByTestId('hosted-pay')).toBeVisible({ timeout: 15_000 });
  await page.goBack();
  await expect(pay.resultPanel).toContainText('لم يُؤكَّد الدفع بعد', { timeout: 15_000 });
  const [made] = (await journalOf(page.request, 'createCoinPay')).filter((e) => e.result === 0);
  const orderId =
    (made?.answer as { data?: { order_id?: string } } | undefined)?.data?.order_id ?? 'no order';
  await pay.resultPanel.getByRole('button', { name: 'إغلاق', exact: true }).click();
  await expect(pay.resultPanel).toHaveCount(0);

  // The same account signs in again by a ticket link: a new session key, the same uid.
  await page.goto('/recharge-list?ticket=tk-10000001');
  await expect
    .poll(() => page.evaluate((key) => localStorage.getItem(key), StorageKeys.sessionKey))
    .toMatch(/^"sk-(?!10000001")/);
  const tabKeeps = () => page.evaluate(() => JSON.stringify(Object.entries(sessionStorage)));
  expect(await tabKeeps()).toContain(orderId);

  // Back to the same package: her order is shown again, not forgotten (the guard against paying twice), and
  // "cancel and pay again" gives it up as hers before any new order.
  await pay.open({ recharge_id: 'rc_499', pay_type: 29, to_uid: 1002 });
  await expect(pay.resultPanel).toContainText('لم يُؤكَّد الدفع بعد', { timeout: 15_000 });
  await expect(pay.resultPanel).toContainText(orderId.slice(0, 8));
  await page.getByTestId('result-primary').click();
  await expect(page.getByTestId('pay-earlier-cancelled')).toContainText(orderId);
  const cancels = await journalOf(page.request, 'clickCancel');
  expect(cancels.map((e) => (e.params as { app_order?: string } | undefined)?.app_order)).toEqual([orderId]);
  expect(cancels.map((e) => e.result)).toEqual([0]);
});
