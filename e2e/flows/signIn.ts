import { expect, type Page } from '@playwright/test';
import { accounts, DisplayUid } from '@topup/contracts/testdata/accounts';
import { LoginPage } from '../pages/LoginPage';

/** Signs in on /login with an account of the catalogue and waits for /pay. */
export async function signInByAccount(page: Page, displayUid: string = DisplayUid.reem): Promise<void> {
  const account = accounts.find((a) => a.display_uid === displayUid);
  if (!account?.password) throw new Error(`${displayUid} has no password in the catalogue`);
  const login = new LoginPage(page);
  await login.open();
  await login.accountId.fill(account.display_uid);
  await login.password.fill(account.password);
  await login.submit.click();
  await expect(page).toHaveURL(/\/pay(\?|$)/);
}
