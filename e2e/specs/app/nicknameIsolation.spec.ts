import type { Locator } from '@playwright/test';
import { HOSTILE_NICKNAME } from '@topup/contracts/testdata/accounts';
import { expect, test } from '../../support/test';

/**
 * 10000011's nickname carries U+202E (right-to-left override): shown as the text it is, in an isolate, so the
 * override ends with the nickname and the sentence around it reads as it does for any other name.
 */

async function expectIsolated(nickname: Locator): Promise<void> {
  await expect(nickname).toHaveText(HOSTILE_NICKNAME);
  const style = await nickname.evaluate((node) => ({
    tag: node.tagName,
    bidi: getComputedStyle(node).unicodeBidi,
  }));
  expect(style).toEqual({ tag: 'BDI', bidi: 'isolate' });
}

test('the pay step names the recipient with the hostile nickname isolated', async ({ page }) => {
  await page.goto('/pay-step?recharge_id=rc_999&pay_type=27&to_uid=1011');
  await expectIsolated(page.getByTestId('pay-recipient-nickname'));
  // The words around it are outside the isolate, in their own order.
  await expect(page.getByTestId('pay-recipient')).toContainText('الشحن إلى');
  await expect(page.getByTestId('pay-recipient-id')).toHaveText('10000011');
});
