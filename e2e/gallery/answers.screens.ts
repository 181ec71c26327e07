/**
 * Results of the pay journey's machine (web/src/features/pay/MACHINE.md) the mock does not give on its own: a
 * method switched off after the page loaded (the server's 25001, routed here as a real backend answers it),
 * and Apple Pay named by the page's link in a browser without it (not chosen behind the visitor's back).
 */
import { Message, ServerCode } from '@topup/contracts';
import { openPayStep } from '../flows/pay';
import { expect, test } from '../support/test';
import { shot } from './shot';

test('17 pay: a method no longer offered, not available', async ({ page }, info) => {
  const pay = await openPayStep(page, 29);
  await page.route('**/api/order/create_coin_pay/**', (route) =>
    route.fulfill({
      json: { result: ServerCode.walletTypeUnavailable, message: Message.walletTypeUnavailable },
    }),
  );
  await pay.channel(29).check();
  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'notActive', { timeout: 20_000 });
  await shot(page, info, '17-pay-not-active');
});

test('17 pay: Apple Pay named by the link, in a browser without it', async ({ page }, info) => {
  // Chromium's own user agent: no ApplePaySession, so the wallet is not drawn, though the link named it; a link's
  // step chooses nothing (its notice names the account and the package): the visitor picks what pay pays with.
  const pay = await openPayStep(page, 26);
  await expect(page.getByTestId('pay-link-entry')).toBeVisible();
  await expect(pay.root.getByRole('radio', { checked: true })).toHaveCount(0);
  await shot(page, info, '17-wallet-link-without-wallet');
});
