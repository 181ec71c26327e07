import { join } from 'node:path';
import { enterNewCard, IPHONE_SAFARI, localhostOrigin, openPayStep } from '../flows/pay';
import { forceFault } from '../support/chaos';
import { expect, test } from '../support/test';
import { out, shot } from './shot';

/** The pay journey's states (web/src/features/pay/MACHINE.md) in the gallery: challenge, processing, failures, wallet. */

test('14 pay journey: ordering, the challenge, cancelled by back', async ({ page, request }, info) => {
  const pay = await openPayStep(page, 27);
  await enterNewCard(pay, 27, '4212345678910006');
  await forceFault(request, 'createCoinPay', { fault: 'delay', ms: 1500 });
  await pay.confirm.click();
  await expect(page.getByTestId('loading-overlay')).toBeVisible();
  // A layer over the viewport: photographed as the visitor sees it, the viewport (shot.ts).
  await page.screenshot({ path: join(out, info.project.name, '14-pay-ordering.png') });
  await expect(pay.challengeFrame.getByTestId('challenge-submit')).toBeVisible({ timeout: 20_000 });
  // The challenge page keeps its connection open: photographed without waiting for the network to idle.
  await page.screenshot({ path: join(out, info.project.name, '14-pay-challenge.png') });
  await page.goBack();
  await expect(pay.resultPanel).toBeVisible();
  await shot(page, info, '14-pay-challenge-cancelled');
});

test('14 pay journey: back on the bank page is processing', async ({ page }, info) => {
  const pay = await openPayStep(page, 27);
  await enterNewCard(pay, 27, '4000000000003246');
  await pay.confirm.click();
  await expect(page.getByTestId('issuer-approve')).toBeVisible();
  await page.goBack();
  await expect(pay.resultPanel).toBeVisible({ timeout: 20_000 });
  await shot(page, info, '14-pay-processing');
});

test('14 pay journey: a provider time-out, a wrong CVV', async ({ page }, info) => {
  let pay = await openPayStep(page, 23);
  await enterNewCard(pay, 23, '4095254802642505');
  await pay.confirm.click();
  await expect(pay.resultPanel).toBeVisible({ timeout: 20_000 });
  await shot(page, info, '14-pay-provider-timeout');

  pay = await openPayStep(page, 23);
  await pay.savedCardOption.check();
  await pay.confirm.click();
  await pay.cvv.fill('999');
  await pay.confirm.click();
  await expect(pay.resultPanel).toBeVisible({ timeout: 20_000 });
  await shot(page, info, '14-pay-wrong-cvv');
});

test('14 pay journey: after success, offline, an answer lost', async ({ page }, info) => {
  const pay = await openPayStep(page, 23);
  await enterNewCard(pay, 23, '4242424242424242');
  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success', { timeout: 20_000 });
  await page.getByTestId('result-primary').click();
  await expect(pay.resultPanel).toHaveCount(0);
  await shot(page, info, '14-pay-after-success');
  await enterNewCard(pay, 23, '4242424242424242');
  await page.context().setOffline(true);
  await expect(page.getByTestId('pay-offline')).toBeVisible();
  await shot(page, info, '14-pay-offline');
  await page.context().setOffline(false);
  await page.route('**/api/order/create_coin_pay/**', (route) => route.abort('internetdisconnected'), {
    times: 1,
  });
  await pay.confirm.click();
  await expect(page.getByTestId('pay-unconfirmed')).toBeVisible();
  await shot(page, info, '14-pay-answer-lost');
});

test('14 pay journey: back from the payment page, the result asked for', async ({ page, request }, info) => {
  const pay = await openPayStep(page, 24);
  await pay.channel(24).check();
  await pay.confirm.click();
  await expect(page.getByTestId('hosted-pay')).toBeVisible({ timeout: 20_000 });
  // Back from the provider's page with the order unpaid, its result asked for (held back a moment).
  await forceFault(request, 'payResultByOrderFast', { fault: 'delay', ms: 2500 }, 3);
  await page.goBack();
  await expect(page.getByTestId('loading-overlay')).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: join(out, info.project.name, '14-pay-polling.png') });
  await expect(pay.resultPanel).toBeVisible({ timeout: 30_000 });
  await shot(page, info, '14-pay-polling-processing');
});

test.describe('14 pay journey: the wallet', () => {
  test.use({ userAgent: IPHONE_SAFARI });
  test('14 wallet: the sheet open', async ({ page, baseURL }, info) => {
    const pay = await openPayStep(page, 26, localhostOrigin(baseURL));
    await pay.channel(26).check();
    await pay.confirm.click();
    await expect(pay.walletSheet).toBeVisible();
    await shot(page, info, '14-wallet-sheet');
  });
  test('14 wallet: pending, then declined', async ({ page, baseURL }, info) => {
    const pay = await openPayStep(page, 26, localhostOrigin(baseURL));
    await pay.channel(26).check();
    await pay.confirm.click();
    await pay.walletSheet.locator('button[data-token="wallet:pending-fail"]').click();
    await expect(pay.resultPanel).toBeVisible({ timeout: 20_000 });
    await shot(page, info, '14-wallet-pending-declined');
  });
});
