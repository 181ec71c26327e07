import type { Page } from '@playwright/test';
import { SignIn } from '@topup/contracts/testdata/accounts';
import { PACKAGE, REECH_UID } from '../../flows/pay';
import { PayStepPage } from '../../pages/payStep';
import { RechargePage } from '../../pages/RechargePage';
import { type FakeApp, type FakeAppWindow, installFakeApp } from '../../support/fakeApp';
import { expect, test } from '../../support/test';

/**
 * The phone's Back over the app-account popup closes it, as its "no" does, and keeps the visitor on the page;
 * the next Back leaves as it would have. Over the pay step's card form (whose own Back asks before leaving),
 * Back closes the popup only. The fake app is signed in as 10000001 (TESTDATA).
 */

const reemInApp: FakeApp = {
  openId: 'app-10000001',
  loginTicket: { code: 0, data: { ticket: SignIn.ticket.ticket } },
};

/** /about first (no app), then the list in the app: the popup offered over the list. */
async function offeredOverTheList(page: Page): Promise<RechargePage> {
  await page.goto('/about');
  await page.addInitScript(installFakeApp, reemInApp);
  const recharge = new RechargePage(page);
  await recharge.goto('/recharge-list');
  await expect(recharge.appAccountPopup).toBeVisible();
  return recharge;
}

test('Back closes the app-account popup and stays on the list; the next Back leaves it', async ({ page }) => {
  const recharge = await offeredOverTheList(page);
  await page.goBack();
  await expect(recharge.appAccountPopup).toBeHidden();
  await expect(page).toHaveURL(/\/recharge-list$/);
  // Declined, as "no" declines: still signed out, and not offered again.
  await expect(recharge.signInLink).toBeVisible();
  await expect(recharge.packageAmounts.first()).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/about$/);
  await expect(recharge.appAccountPopup).toHaveCount(0);
});

test('closed by its own answer, the popup leaves no extra Back', async ({ page }) => {
  const recharge = await offeredOverTheList(page);
  await recharge.appAccountNo.click();
  await expect(recharge.appAccountPopup).toBeHidden();
  await page.goBack();
  await expect(page).toHaveURL(/\/about$/);
});

test('yes lands on /pay in the popup’s place: Back from /pay is the list', async ({ page }) => {
  const recharge = await offeredOverTheList(page);
  await recharge.appAccountYes.click();
  await expect(page).toHaveURL((url) => url.pathname === '/pay');
  await expect(recharge.signOutButton).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/recharge-list$/);
  await expect(recharge.appAccountPopup).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/about$/);
});

test('over the pay step’s card form, Back closes the switch popup only; the next Back is the step’s', async ({
  page,
}) => {
  const recharge = await offeredOverTheList(page);
  await recharge.appAccountYes.click();
  await expect(recharge.signOutButton).toBeVisible();
  const pay = new PayStepPage(page);
  await pay.open({ recharge_id: PACKAGE, pay_type: 27, to_uid: REECH_UID });
  await pay.channel(27).check();
  await pay.confirm.click();
  await expect(pay.root).toHaveAttribute('data-step', 'cardFrame');
  // The app signs in someone else while the page is in the background; back in front, the page asks.
  await page.evaluate(() => {
    const win = window as unknown as FakeAppWindow;
    if (win.__fakeApp) win.__fakeApp = { ...win.__fakeApp, openId: 'app-10000002' };
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect(recharge.appAccountPopup).toHaveAccessibleName('التبديل إلى حساب التطبيق');
  await page.goBack();
  await expect(recharge.appAccountPopup).toBeHidden();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(pay.root).toHaveAttribute('data-step', 'cardFrame');
  await expect(page).toHaveURL(/\/pay-step\?/);
  // The step's own Back, as before the popup: its leave question, once.
  await page.goBack();
  await expect(pay.leavePopup).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await page.goBack();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(pay.root).toHaveAttribute('data-step', 'cardFrame');
});
