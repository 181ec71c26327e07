import type { Locator } from '@playwright/test';
import { DisplayUid, HOSTILE_NICKNAME_SHOWN } from '@topup/contracts/testdata/accounts';
import { RechargePage } from '../../pages/RechargePage';
import { expect, test } from '../../support/test';

/**
 * 10000011's nickname carries U+202E (right-to-left override): shown as the text it is without the override,
 * in an isolate, so the nickname reads in its own order and the sentence around it as it does for any other name.
 */

const BIDI_CONTROL = /[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/u;

async function expectShownInert(nickname: Locator): Promise<void> {
  await expect(nickname).toHaveText(HOSTILE_NICKNAME_SHOWN);
  const shown = await nickname.evaluate((node) => ({
    tag: node.tagName,
    bidi: getComputedStyle(node).unicodeBidi,
    text: node.textContent ?? '',
    title: node.getAttribute('title') ?? '',
  }));
  expect(shown).toEqual({
    tag: 'BDI',
    bidi: 'isolate',
    text: HOSTILE_NICKNAME_SHOWN,
    title: HOSTILE_NICKNAME_SHOWN,
  });
}

test('the pay step names the recipient with the hostile nickname isolated, without its override', async ({
  page,
}) => {
  await page.goto('/pay-step?recharge_id=rc_999&pay_type=27&to_uid=1011');
  await expectShownInert(page.getByTestId('pay-recipient-nickname'));
  // The words around it are outside the isolate, in their own order.
  await expect(page.getByTestId('pay-recipient')).toContainText('الشحن إلى');
  await expect(page.getByTestId('pay-recipient-id')).toHaveText('10000011');
  expect(await page.getByTestId('pay-recipient').textContent()).not.toMatch(BIDI_CONTROL);
});

test('the chosen target and the recent targets show the hostile nickname without its override', async ({
  page,
}) => {
  const recharge = new RechargePage(page);
  await recharge.open();
  await recharge.searchFor(DisplayUid.hostileNickname);
  await expectShownInert(recharge.targetNickname);
  await recharge.changeTarget.click();
  const recent = recharge.earlierTargets.first();
  await expect(recent).toContainText(HOSTILE_NICKNAME_SHOWN);
  expect(await recent.textContent()).not.toMatch(BIDI_CONTROL);
});
