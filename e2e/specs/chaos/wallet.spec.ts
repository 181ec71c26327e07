import { LIMITS, WALLET_SHEET } from '@topup/contracts/limits';
import { WalletToken } from '@topup/contracts/testdata/wallet';
import { IPHONE_SAFARI, localhostOrigin, openPayStep, openPayStepByLink } from '../../flows/pay';
import { expectOneOrder, forceFault, journalOf } from '../../support/chaos';
import { pollUntil } from '../../support/clock';
import { expect, test } from '../../support/test';

/**
 * The wallet sheet within Apple's limits under a slow backend (the mock sheet has ApplePaySession's
 * interface and closes on completePayment or abort), on the page's clock so no test waits in real time.
 */

// Apple Pay is offered only where the browser has ApplePaySession: an iPhone's Safari.
test.use({ userAgent: IPHONE_SAFARI });

test('verify never answers: the sheet is completed before Apple’s 30 s and the result is waited for', async ({
  page,
  baseURL,
}) => {
  expect(WALLET_SHEET.completeWithinMs).toBeLessThan(WALLET_SHEET.appleLimitMs);
  await page.clock.install();
  const pay = await openPayStepByLink(page, 26, localhostOrigin(baseURL));
  // The payment goes through at the backend; its answer never comes back.
  await forceFault(page.request, 'adyenVerifyPay', { fault: 'lostAnswer', after: 'hang' });
  await pay.channel(26).check();
  await pay.confirm.click();
  await pay.walletSheet.locator(`button[data-token="${WalletToken.success}"]`).click();
  await expect(pay.walletSheet).toBeVisible();
  await page.clock.fastForward(WALLET_SHEET.completeWithinMs);
  await expect(pay.walletSheet).toHaveCount(0);
  await expect(pay.result).toHaveAttribute('data-outcome', 'success');
  await expectOneOrder(page.request);
});

test('the merchant session never comes: the sheet fails within its window with a clear message', async ({
  page,
  baseURL,
}) => {
  await page.clock.install();
  const pay = await openPayStepByLink(page, 26, localhostOrigin(baseURL));
  await forceFault(page.request, 'adyenApplePaySessionData', { fault: 'hang' }, LIMITS.walletSessionTries);
  await pay.channel(26).check();
  await pay.confirm.click();
  const networkError = page.getByText('تعذّر الاتصال بالشبكة. تحقّق من اتصالك وأعد المحاولة').first();
  // The first wait runs out and the session is asked for again: no failure yet.
  await expect.poll(async () => (await journalOf(page.request, 'adyenApplePaySessionData')).length).toBe(1);
  await page.clock.fastForward(LIMITS.walletSessionMs);
  await expect.poll(async () => (await journalOf(page.request, 'adyenApplePaySessionData')).length).toBe(2);
  await expect(networkError).toHaveCount(0);
  // The window closes before Apple's: the sheet is aborted (it never opened) and the visitor told why.
  await page.clock.fastForward(WALLET_SHEET.validateWithinMs - LIMITS.walletSessionMs);
  await expect(networkError).toBeVisible();
  await expect(pay.walletSheet).toHaveCount(0);
  // The order made for the sheet is given up, not left open.
  await expect
    .poll(async () => (await journalOf(page.request, 'clickCancel')).map((e) => e.result))
    .toEqual([0]);
  expect(await journalOf(page.request, 'adyenVerifyPay')).toEqual([]);
});

test('order creation is made but its answer hangs past the window: the sheet fails, the next tap pays that order', async ({
  page,
  baseURL,
}) => {
  await page.clock.install();
  const pay = await openPayStepByLink(page, 26, localhostOrigin(baseURL));
  await forceFault(page.request, 'createCoinPay', { fault: 'lostAnswer', after: 'hang' });
  await pay.channel(26).check();
  await pay.confirm.click();
  await expect.poll(async () => (await journalOf(page.request, 'createCoinPay')).length).toBe(1);
  await page.clock.fastForward(WALLET_SHEET.validateWithinMs);
  await expect(page.getByText('تعذّر الاتصال بالشبكة. تحقّق من اتصالك وأعد المحاولة').first()).toBeVisible();
  await page.getByTestId('result-secondary').click();
  await pay.confirm.click();
  await pay.walletSheet.locator(`button[data-token="${WalletToken.success}"]`).click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success');
  // The retry carried the same X-CLI-RID and found the order the lost answer had made.
  await expectOneOrder(page.request);
  expect(await journalOf(page.request, 'clickCancel')).toEqual([]);
});

test('a reload while the result is awaited: the kept order is found and its result shown', async ({
  page,
  baseURL,
}) => {
  // The kept order's polls after the reload run on the page's clock, not in real time.
  await page.clock.install();
  const pay = await openPayStep(page, 26, localhostOrigin(baseURL));
  // The first result poll hangs: the visitor reloads the page while it waits.
  await forceFault(page.request, 'payResultByOrderFast', { fault: 'hang' });
  await pay.channel(26).check();
  await pay.confirm.click();
  await pay.walletSheet.locator(`button[data-token="${WalletToken.pendingSuccess}"]`).click();
  // Within Apple's window the sheet itself says the payment is completing (the one layer on top).
  await expect(pay.walletSheet.getByRole('status')).toBeVisible();
  await page.reload();
  await pollUntil(page, (timeout) =>
    expect(pay.result).toHaveAttribute('data-outcome', 'success', { timeout }),
  );
  const [created] = (await journalOf(page.request, 'createCoinPay')).filter((e) => e.result === 0);
  expect(created).toBeDefined();
  await expect(page.getByTestId('result-order')).not.toBeEmpty();
  await expectOneOrder(page.request);
  // Once its result is known the order is not looked for again, and the paid step reloaded is the list
  // (paidDone.spec): no pay button for the paid order.
  await page.reload();
  await expect(page).toHaveURL(/\/recharge-list/);
  await expect(pay.root).toHaveCount(0);
  await expect(pay.resultPanel).toHaveCount(0);
  await expectOneOrder(page.request);
});
