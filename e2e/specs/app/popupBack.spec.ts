import type { Page } from '@playwright/test';
import { DisplayUid, SignIn } from '@topup/contracts/testdata/accounts';
import { signInByAccount } from '../../flows/signIn';
import { LoginPage } from '../../pages/LoginPage';
import { RechargePage } from '../../pages/RechargePage';
import { type FakeApp, type FakeAppWindow, installFakeApp } from '../../support/fakeApp';
import { expect, test } from '../../support/test';

/**
 * The phone's Back over the shell's popups: it closes the top popup only, keeps the visitor on the page, and
 * the next Back goes on as it would have. The switch popup, which must be answered, takes Back as its safe
 * answer, staying with the account signed in. Accounts and keys: TESTDATA.
 */

const storedKey = (page: Page) => page.evaluate(() => localStorage.getItem('topup.session_key'));

test('Back over the switch popup stays with the account signed in, on the page; the next Back leaves it', async ({
  page,
}) => {
  await signInByAccount(page, DisplayUid.reem);
  const reemKey = await storedKey(page);
  expect(reemKey).not.toBeNull();
  const recharge = new RechargePage(page);
  // A link signing in Noura (sk-10000010) while Reem is signed in here: the switch popup asks first.
  await recharge.goto('/recharge-list?session_key=sk-10000010');
  const popup = new LoginPage(page).switchPopup;
  await expect(popup).toBeVisible();
  await page.goBack();
  await expect(popup).toBeHidden();
  await expect(page).toHaveURL(/\/recharge-list/);
  await expect(recharge.targetDisplayId).toHaveText(DisplayUid.reem);
  expect(await storedKey(page)).toBe(reemKey);
  await page.goBack();
  await expect(page).toHaveURL((url) => url.pathname === '/pay');
  await expect(popup).toHaveCount(0);
  expect(await storedKey(page)).toBe(reemKey);
});

test('the app-account popup over the search dialog: Back closes the top one, then the other, then leaves', async ({
  page,
}) => {
  const app: FakeApp = {
    openId: 'app-10000001',
    loginTicket: { code: 0, data: { ticket: SignIn.ticket.ticket } },
  };
  await page.addInitScript(installFakeApp, app);
  const recharge = new RechargePage(page);
  await recharge.goto('/about');
  await recharge.appAccountYes.click();
  await expect(page).toHaveURL((url) => url.pathname === '/pay');
  await expect(recharge.targetDisplayId).toHaveText(DisplayUid.reem);
  await recharge.changeTarget.click();
  await expect(recharge.searchDialog).toBeVisible();
  // The app signs in someone else meanwhile; back in front, the page asks over the search.
  await page.evaluate(() => {
    const win = window as unknown as FakeAppWindow;
    if (win.__fakeApp) win.__fakeApp = { ...win.__fakeApp, openId: 'app-10000002' };
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect(recharge.appAccountPopup).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(2);

  await page.goBack();
  await expect(recharge.appAccountPopup).toBeHidden();
  await expect(recharge.searchDialog).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/pay');
  await page.goBack();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL((url) => url.pathname === '/pay');
  await expect(recharge.targetDisplayId).toHaveText(DisplayUid.reem);
  await page.goBack();
  await expect(page).toHaveURL(/\/about$/);
});
