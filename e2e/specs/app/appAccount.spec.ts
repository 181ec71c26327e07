import type { Page } from '@playwright/test';
import { BridgeError } from '@topup/contracts/codes';
import { Message } from '@topup/contracts/messages';
import { DisplayUid, SignIn } from '@topup/contracts/testdata/accounts';
import { signInByAccount } from '../../flows/signIn';
import { RechargePage } from '../../pages/RechargePage';
import { type FakeApp, type FakeAppWindow, installFakeApp } from '../../support/fakeApp';
import { expect, test } from '../../support/test';

async function openInApp(page: Page, app: FakeApp, search = '') {
  await page.addInitScript(installFakeApp, app);
  const recharge = new RechargePage(page);
  await recharge.goto(`/recharge-list${search}`);
  return recharge;
}

/**
 * The app has told its user and start-up's configuration has come back, so the offer has been decided (the
 * fake records an answer only after delivering it); two frames later React has drawn whatever it decided.
 */
async function startUpSettled(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const answered = (window as unknown as FakeAppWindow).__fakeAppAnswered ?? [];
        return (
          answered.includes('getUserInfo') &&
          answered.some((what) => what === '/api/sys/config/' || what === '/api/sys/batch_request/')
        );
      }),
    )
    .toBe(true);
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

const reemInApp: FakeApp = {
  openId: 'app-10000001',
  loginTicket: { code: 0, data: { ticket: SignIn.ticket.ticket } },
};

test.describe('the app-account popup', () => {
  test('signed out here, signed in in the app: offered; yes signs in as 10000001', async ({ page, axe }) => {
    const recharge = await openInApp(page, reemInApp);
    await expect(recharge.appAccountPopup).toBeVisible();
    await expect(recharge.appAccountPopup).toHaveAccessibleName('تسجيل الدخول بحساب التطبيق');
    await expect(recharge.appAccountPopup).toContainText('هل تريد تسجيل الدخول هنا بالحساب نفسه؟');
    await expect(recharge.appAccountYes).toBeFocused();
    await expect(recharge.appAccountNo).toBeVisible();
    await axe(page);
    await recharge.appAccountYes.click();
    await expect(recharge.appAccountPopup).toBeHidden();
    await expect(recharge.signOutButton).toBeVisible();
    // /pay is the landing screen after any sign-in (SPEC §2).
    await expect(page).toHaveURL((url) => url.pathname === '/pay');
    await expect(recharge.targetDisplayId).toHaveText(DisplayUid.reem);
    await expect(recharge.targetNickname).toHaveText('ريم');
    await expect(recharge.packageAmounts.filter({ hasText: '$499.99' })).toHaveCount(1);
    expect(await page.evaluate(() => localStorage.getItem('topup.login_type'))).toBe('"ticket"');
  });

  test('signed in through the app, then another user in the app: a switch is offered, and staying keeps the account', async ({
    page,
    axe,
  }) => {
    const recharge = await openInApp(page, reemInApp);
    await recharge.appAccountYes.click();
    await expect(recharge.signOutButton).toBeVisible();
    // The app signs in someone else while the page is in the background; back in front, the page asks again.
    await page.evaluate(() => {
      const win = window as unknown as FakeAppWindow;
      if (win.__fakeApp) win.__fakeApp = { ...win.__fakeApp, openId: 'app-10000002' };
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect(recharge.appAccountPopup).toHaveAccessibleName('التبديل إلى حساب التطبيق');
    await expect(recharge.appAccountYes).toBeFocused();
    await axe(page);
    await recharge.appAccountPopup.getByRole('button', { name: 'البقاء بالحساب الحالي' }).click();
    await expect(recharge.appAccountPopup).toBeHidden();
    await expect(recharge.targetDisplayId).toHaveText(DisplayUid.reem);
    await expect(recharge.signOutButton).toBeVisible();
  });

  test('no keeps the visitor signed out, and the popup does not come back on another screen or a reload', async ({
    page,
  }) => {
    const recharge = await openInApp(page, reemInApp);
    await recharge.appAccountNo.click();
    await expect(recharge.appAccountPopup).toBeHidden();
    await expect(recharge.signInLink).toBeVisible();
    await recharge.signInLink.click();
    await expect(page).toHaveURL(/\/login/);
    await expect(recharge.appAccountPopup).toBeHidden();
    await page.reload();
    await expect(recharge.main).toBeVisible();
    await startUpSettled(page);
    await expect(recharge.appAccountPopup).toBeHidden();
    await expect(recharge.signInLink).toBeVisible();
  });

  test('a bridge error is told clearly; the visitor can still say no', async ({ page, axe }) => {
    const recharge = await openInApp(page, { ...reemInApp, loginTicket: { code: BridgeError.SocketError } });
    await recharge.appAccountYes.click();
    await expect(recharge.appAccountError).toHaveText(
      'تعذّر على التطبيق الاتصال بالشبكة (رمز الخطأ \u20669\u2069). تحقّق من اتصالك وأعد المحاولة',
    );
    await expect(recharge.appAccountPopup.getByRole('button', { name: 'إعادة المحاولة' })).toBeVisible();
    await axe(page);
    await recharge.appAccountNo.click();
    await expect(recharge.appAccountPopup).toBeHidden();
    await expect(recharge.signInLink).toBeVisible();
  });

  test('a ticket the server refuses is told in the popup, and nothing is signed in', async ({ page }) => {
    const recharge = await openInApp(page, {
      ...reemInApp,
      loginTicket: { code: 0, data: { ticket: 'tk-wrong' } },
    });
    await recharge.appAccountYes.click();
    await expect(recharge.appAccountError).toHaveText(
      `تعذّر تسجيل الدخول بحساب التطبيق: ${Message.loginFailed}`,
    );
    await expect(recharge.signInLink).toBeVisible();
  });

  test('nothing is offered when the app has no user, or the page is already signed in', async ({ page }) => {
    await signInByAccount(page, DisplayUid.reem);
    const signedIn = await openInApp(page, reemInApp);
    await startUpSettled(page);
    await expect(signedIn.appAccountPopup).toBeHidden();
    await expect(signedIn.signOutButton).toBeVisible();
    // The first screen's batch went through the bridge too: the signed-in packages are listed.
    await expect(signedIn.packageAmounts.filter({ hasText: '$499.99' })).toHaveCount(1);

    await signedIn.signOutButton.click();
    const other = await page.context().newPage();
    const noUser = await openInApp(other, { ...reemInApp, openId: null });
    await startUpSettled(other);
    await expect(noUser.appAccountPopup).toBeHidden();
    await expect(noUser.signInLink).toBeVisible();
  });
});
