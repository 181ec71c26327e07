/**
 * States of the pay journey's machine (web/src/features/pay/MACHINE.md) the other gallery files did not
 * reach: a failed bank check, a saved card's deletion under way, a wallet paid at once, the fine intent's
 * failure and changed amount.
 */
import { join } from 'node:path';
import { enterNewCard, IPHONE_SAFARI, localhostOrigin, openPayStep } from '../flows/pay';
import { FinesPage } from '../specs/fines/FinesPage';
import { forceFault } from '../support/chaos';
import { CONTROL_HEADERS } from '../support/mock';
import { expect, test } from '../support/test';
import { out, shot } from './shot';

test('15 pay journey: the bank check failed (a wrong challenge password)', async ({ page }, info) => {
  const pay = await openPayStep(page, 27);
  await enterNewCard(pay, 27, '4212345678910006');
  await pay.confirm.click();
  await pay.challengeFrame.getByTestId('challenge-password').fill('wrong');
  await pay.challengeFrame.getByTestId('challenge-submit').click();
  await expect(pay.resultPanel).toBeVisible({ timeout: 20_000 });
  await shot(page, info, '15-result-verify');
});

test('15 pay step: a saved card being deleted', async ({ page, request }, info) => {
  const pay = await openPayStep(page, 23);
  await pay.openSavedCards.click();
  await pay.deleteCard('src_visa4242').click();
  await forceFault(request, 'deleteCardSource', { fault: 'delay', ms: 2000 });
  await pay.confirmDelete.click();
  await expect(page.getByTestId('loading-overlay')).toBeVisible();
  // A layer over the viewport: photographed as the visitor sees it (shot.ts).
  await page.screenshot({ path: join(out, info.project.name, '15-pay-deleting.png') });
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
  await shot(page, info, '15-pay-deleted');
});

test.describe('15 the wallet', () => {
  test.use({ userAgent: IPHONE_SAFARI });
  test('15 wallet: paid at once', async ({ page, baseURL }, info) => {
    const pay = await openPayStep(page, 26, localhostOrigin(baseURL));
    await pay.channel(26).check();
    await pay.confirm.click();
    await pay.walletSheet.locator('button[data-token="wallet:success"]').click();
    await expect(pay.result).toHaveAttribute('data-outcome', 'success', { timeout: 20_000 });
    await shot(page, info, '15-wallet-success');
  });
});

test('15 fines: declined, and an amount that changed', async ({ page, request }, info) => {
  await request.post('/__mock/reset', { headers: CONTROL_HEADERS, data: {} });
  const fines = new FinesPage(page);
  await page.goto('/fines?id=7001');
  await fines.enterCard('4000 0000 0000 0002');
  await fines.payButton.click();
  await expect(page.getByTestId('fine-failed')).toBeVisible({ timeout: 20_000 });
  await shot(page, info, '15-fine-failed');
  await page.goto('/fines?id=7003');
  await fines.enterCard('4242 4242 4242 4242');
  await fines.payButton.click();
  await expect(fines.amountChanged).toBeVisible({ timeout: 20_000 });
  await shot(page, info, '15-fine-amount-changed');
});
