import { StorageKeys } from '@topup/contracts/storage';
import { RechargePage } from '../../pages/RechargePage';
import { CONTROL_HEADERS } from '../../support/mock';
import { expect, test } from '../../support/test';

/**
 * SPEC §8, -10000 "user is logged out": a session that ends in the middle of a visit. Any call answering
 * -10000, not only the sign-in link's, signs the visitor out (web/src/api/instance.ts, the client's error
 * handler), so nothing more is asked under the dead session and the page says why.
 */
test('a call answering -10000 mid-visit signs the visitor out and says the session ended', {
  tag: ['@spec:code.-10000', '@spec:login.loggedOut'],
}, async ({ page }) => {
  const recharge = new RechargePage(page);
  await recharge.open('?session_key=sk-10000001');
  await expect(recharge.signOutButton).toBeVisible();
  // SPEC §4: signing out clears the session key, the user and the login type; all three are stored now.
  const stored = () =>
    page.evaluate(
      (names) => names.map((name) => localStorage.getItem(name)),
      [StorageKeys.sessionKey, StorageKeys.user, StorageKeys.loginType],
    );
  expect((await stored()).every((value) => value !== null)).toBe(true);

  // The session link itself answered 0: the -10000 comes later, from a search, a call the link never makes.
  const forced = await page.request.post('/__mock/force', {
    headers: CONTROL_HEADERS,
    data: { call: 'checkDisplayId', times: 1, answer: { result: -10000, message: 'logged out' } },
  });
  expect(forced.ok()).toBe(true);
  await recharge.changeTarget.click();
  await recharge.searchFor('10000002');

  await expect(recharge.toast).toHaveText('انتهت جلستك، سجّل الدخول من جديد');
  await expect(recharge.signInLink).toBeVisible();
  await expect(recharge.signOutButton).toHaveCount(0);
  expect(await stored()).toEqual([null, null, null]);
});
