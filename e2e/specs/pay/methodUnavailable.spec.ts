import type { Page } from '@playwright/test';
import { Message, ServerCode } from '@topup/contracts';
import { IPHONE_SAFARI, localhostOrigin, openPayStep, openPayStepByLink } from '../../flows/pay';
import { PayStepPage } from '../../pages/payStep';
import { expect, test } from '../../support/test';

/**
 * A method switched off after the page loaded: order creation answers 25001 (the pay type is not, or no longer,
 * offered for the package; a code createCoinPay's contract lists). The page says the method is not available
 * (the notActive result, SPEC §8), offers another method, and makes no order.
 */

/** Answers every order creation with 25001, as the server does for a pay type it no longer offers. */
async function methodSwitchedOff(page: Page): Promise<{ asked: () => number }> {
  let asked = 0;
  await page.route('**/api/order/create_coin_pay/**', async (route) => {
    asked += 1;
    await route.fulfill({
      json: { result: ServerCode.walletTypeUnavailable, message: Message.walletTypeUnavailable },
    });
  });
  return { asked: () => asked };
}

async function expectNotActive(page: Page, pay: PayStepPage, asked: () => number): Promise<void> {
  await expect(pay.result).toHaveAttribute('data-outcome', 'notActive', { timeout: 15_000 });
  await expect(pay.resultPanel).toContainText('طريقة الدفع هذه غير متاحة حاليًا. اختر طريقة دفع أخرى');
  await expect(pay.resultPanel).not.toContainText('لم يُخصم');
  const another = page.getByTestId('result-primary');
  await expect(another).toHaveText('اختيار طريقة دفع أخرى');
  await another.click();
  // Back on the methods, nothing chosen for the visitor: no second order is made by the way on.
  await expect(pay.resultPanel).toHaveCount(0);
  await expect(pay.channels.first()).toBeVisible();
  expect(asked()).toBe(1);
}

test('a hosted wallet no longer offered: "not available", another method, one request', {
  tag: '@spec:outcome.notActive',
}, async ({ page }) => {
  const pay = await openPayStep(page, 29);
  const switchedOff = await methodSwitchedOff(page);
  await pay.channel(29).check();
  await pay.confirm.click();
  await expectNotActive(page, pay, switchedOff.asked);
});

test.describe('Apple Pay', () => {
  test.use({ userAgent: IPHONE_SAFARI });
  test('no longer offered: the sheet goes, "not available", another method', {
    tag: ['@spec:outcome.notActive', '@spec:rule.walletType'],
  }, async ({ page, baseURL }) => {
    const pay = await openPayStepByLink(page, 26, localhostOrigin(baseURL));
    const switchedOff = await methodSwitchedOff(page);
    await pay.channel(26).check();
    await pay.confirm.click();
    await expect(pay.walletSheet).toHaveCount(0, { timeout: 15_000 });
    await expectNotActive(page, pay, switchedOff.asked);
  });
});

test('Apple Pay named by the link, in a browser without it: nothing hidden is chosen, pay does what is shown', async ({
  page,
}) => {
  const pay = await openPayStep(page, 26);
  const orders = await methodSwitchedOff(page);
  await expect(pay.channels.first()).toBeVisible();
  await expect(page.locator('[data-testid="pay-channel"][data-pay-type="26"]')).toHaveCount(0);
  // Never a wallet the page does not show (issue 26 finding 4), and on a link's step nothing at all
  // (linkEntry.spec.ts): no method is drawn as chosen and the pay button waits. The visitor's pick, their saved
  // card, is what it pays with: its CVV step.
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
  await expect(pay.confirm).toBeDisabled();
  await pay.savedCardOption.check();
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(1);
  await pay.confirm.click();
  await expect(pay.root).toHaveAttribute('data-step', 'cardCvv');
  await expect(pay.resultPanel).toHaveCount(0);
  expect(orders.asked()).toBe(0);
});

/** The line under a disabled pay button that says why, and that the button's aria-describedby names. */
async function expectPayWaitsFor(pay: PayStepPage, reason: string): Promise<void> {
  await expect(pay.confirm).toBeDisabled();
  const hint = pay.page.getByTestId('pay-confirm-hint');
  await expect(hint).toHaveText(reason);
  await expect(pay.confirm).toHaveAttribute('aria-describedby', (await hint.getAttribute('id')) ?? 'no id');
  await expect(pay.confirm).toHaveAccessibleDescription(reason);
}

for (const payType of [26, 99]) {
  test(`a link naming pay type ${payType}, which this browser does not offer: the disabled pay button says to choose a method`, async ({
    page,
  }) => {
    const pay = new PayStepPage(page);
    await page.goto(`/pay-step?recharge_id=rc_499&pay_type=${payType}&to_uid=1002`);
    await expect(pay.channels.first()).toBeVisible();
    await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
    await expectPayWaitsFor(pay, 'اختر طريقة الدفع لتفعيل زر الدفع');
    // A method chosen: the button is enabled, and the line and its description go.
    await pay.channels.first().getByRole('radio').check();
    await expect(pay.confirm).toBeEnabled();
    await expect(page.getByTestId('pay-confirm-hint')).toHaveCount(0);
    await expect(pay.confirm).not.toHaveAttribute('aria-describedby');
  });
}

test('a saved card’s CVV step with the field empty: the disabled pay button says to enter the CVV', async ({
  page,
}) => {
  const pay = await openPayStepByLink(page, 23);
  // A link's step chooses nothing: the visitor picks the saved card.
  await pay.savedCardOption.check();
  await pay.confirm.click();
  await expect(pay.root).toHaveAttribute('data-step', 'cardCvv');
  await expectPayWaitsFor(pay, 'أدخل رمز الأمان (CVV) لتفعيل زر الدفع');
  await pay.cvv.fill('123');
  await expect(pay.confirm).toBeEnabled();
  await expect(page.getByTestId('pay-confirm-hint')).toHaveCount(0);
});
