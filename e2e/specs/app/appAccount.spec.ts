import type { Page } from '@playwright/test';
import { BridgeError } from '@topup/contracts/codes';
import { Message } from '@topup/contracts/messages';
import { DisplayUid, SignIn } from '@topup/contracts/testdata/accounts';
import { signInByAccount } from '../../flows/signIn';
import { RechargePage } from '../../pages/RechargePage';
import { expect, test } from '../../support/test';

/** What the fake app answers: its signed-in user (none when null) and its getLoginTicket answer. */
interface FakeApp {
  readonly openId: string | null;
  readonly loginTicket: { readonly code: number; readonly data?: unknown };
}

interface FakeAppWindow {
  NativeBridge?: { call(method: string, argsJson: string, callbackId: string): void };
  __nativeBridgeCallback?: (callbackId: string, json: string) => void;
  /** What the fake has answered so far: bridge methods, and the API paths it carried. */
  __fakeAppAnswered?: string[];
  /** The fake's current answers; a test changes them to play the app's user changing. */
  __fakeApp?: FakeApp;
}

/**
 * The native app's side of the bridge, as web/src/platform/bridge.ts documents it: answers come back
 * through `window.__nativeBridgeCallback(id, json)`. API calls (wrapApi, wrapApi2) are carried to the
 * mock over fetch, the way the app would carry them over its own connection.
 */
function installFakeApp(app: FakeApp): void {
  const win = window as unknown as FakeAppWindow;
  const answered: string[] = [];
  win.__fakeAppAnswered = answered;
  win.__fakeApp = app;
  const answer = (id: string, what: string, payload: unknown) =>
    setTimeout(() => {
      win.__nativeBridgeCallback?.(id, JSON.stringify(payload));
      answered.push(what);
    }, 0);
  win.NativeBridge = {
    call(method, argsJson, id) {
      const args = JSON.parse(argsJson) as Record<string, unknown>;
      const now = win.__fakeApp ?? app;
      if (method === 'getUserInfo')
        return answer(id, method, { code: 0, data: now.openId === null ? {} : { open_id: now.openId } });
      if (method === 'getLoginTicket') return answer(id, method, now.loginTicket);
      if (method === 'wrapApi' || method === 'wrapApi2') {
        const url = String(args.url);
        const init: RequestInit = {
          method: String(args.method),
          headers: args.headers as Record<string, string>,
        };
        if (typeof args.body === 'string') init.body = args.body;
        void fetch(url, init).then(
          async (response) =>
            answer(id, new URL(url, location.href).pathname, {
              code: 0,
              data: { status: response.status, body: await response.text() },
            }),
          () => answer(id, method, { code: 9 }),
        );
        return;
      }
      answer(id, method, { code: 7 });
    },
  };
}

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
