import { Message } from '@topup/contracts/messages';
import { DisplayUid, SignIn } from '@topup/contracts/testdata/accounts';
import { enterNewCard, PACKAGE } from '../../flows/pay';
import { signInByAccount } from '../../flows/signIn';
import { LoginPage } from '../../pages/LoginPage';
import { PayStepPage } from '../../pages/payStep';
import { RechargePage } from '../../pages/RechargePage';
import { installFakeApp } from '../../support/fakeApp';
import { freezeMockClock } from '../../support/mock';
import { recordToasts } from '../../support/notices';
import { expect, test } from '../../support/test';

test.describe('sign-in', () => {
  test('by account: lands on /pay with the own account as the target, recorded as an account sign-in; sign-out clears it', {
    tag: '@spec:login.account',
  }, async ({ page }) => {
    const kept = () =>
      page.evaluate(() => ({
        sessionKey: localStorage.getItem('topup.session_key'),
        user: localStorage.getItem('topup.user'),
        loginType: localStorage.getItem('topup.login_type'),
      }));
    const synced = page.waitForResponse(/\/api\/web\/recharge_fill_record\//);
    await signInByAccount(page, DisplayUid.reem);
    await synced;
    const history = async () =>
      JSON.parse((await page.evaluate(() => localStorage.getItem('topup.recharge_history'))) ?? '[]') as {
        to_uid: number;
        uid: number;
      }[];
    // Her server history (TESTDATA: Omar among it) is merged in, under her uid.
    await expect.poll(async () => (await history()).some((r) => r.uid === 1001)).toBe(true);
    const recharge = new RechargePage(page);
    await expect(recharge.targetNickname).toHaveText('ريم');
    await expect(recharge.targetCard.getByText('حسابي')).toBeVisible();
    // SPEC §4: the login type is recorded as account.
    expect(await kept()).toMatchObject({ loginType: JSON.stringify('account') });
    expect((await kept()).sessionKey).not.toBeNull();
    // Signed in: the larger packages are listed.
    await expect(recharge.packageAmounts.filter({ hasText: '$499.99' })).toHaveCount(1);
    await recharge.signOutButton.click();
    await expect(recharge.signInLink).toBeVisible();
    await expect(recharge.targetNickname).toHaveCount(0);
    // Sign-out clears the session key, the user and the login type (SPEC §4).
    expect(await kept()).toEqual({ sessionKey: null, user: null, loginType: null });
    // A shared phone: neither her account nor whom she paid stays in the history for the next visitor.
    expect((await history()).filter((r) => r.uid === 1001 || r.to_uid === 1001)).toEqual([]);
    await page.goto('/recharge-list');
    await expect(page.getByTestId('target-search-confirm').first()).toBeVisible();
    await expect(page.getByTestId('earlier-targets')).toHaveCount(0);
    await expect(page.getByText(DisplayUid.omar)).toHaveCount(0);
  });

  test('sign-out on a shared phone leaves nothing of whom the account paid, nor with which card', async ({
    page,
    context,
  }) => {
    await signInByAccount(page, DisplayUid.reem);
    const pay = new PayStepPage(page);
    await pay.open({ recharge_id: PACKAGE, pay_type: 23, to_uid: 1002 });
    await enterNewCard(pay, 23, '5555555555554444');
    await pay.confirm.click();
    await expect(pay.result).toHaveAttribute('data-outcome', 'success');
    await expect(page.getByTestId('result-tip')).toContainText('10000002');
    const kept = () =>
      page.evaluate(() => ({
        local: Object.keys(localStorage).sort(),
        session: Object.keys(sessionStorage).sort(),
        all: JSON.stringify({ ...localStorage }),
      }));
    // The payment left its traces for the account: the target, the card's public fields, the paid visit.
    expect((await kept()).local).toEqual(
      expect.arrayContaining(['topup.pay_target_user', 'topup.last_pay_card']),
    );
    const recharge = new RechargePage(page);
    await recharge.open();
    await recharge.signOutButton.click();
    await expect(recharge.signInLink).toBeVisible();
    const after = await kept();
    for (const key of [
      'topup.pay_target_user',
      'topup.recent_payments',
      'topup.last_pay_card',
      'topup.last_pay_type',
      'topup.remember_card',
    ])
      expect(after.local, key).not.toContain(key);
    // The tab's paid visit stays (it ends with the tab): a Back into the paid step must not pay it again.
    expect(after.session).toContain('topup.paid_pay_visits');
    for (const trace of ['10000002', 'Omar', 'src_mc4444', '4444']) expect(after.all).not.toContain(trace);
    // The device's own ids stay: it is the same phone.
    expect(after.local).toContain('topup.device_id');
    // This tab keeps its paid visit: Back into the paid step leads to the list, which says it was paid, signed
    // out or not; never a live pay step for the package just paid (cleared, it was one).
    await page.goBack();
    await expect(page.getByTestId('paid-again-notice')).toBeVisible();
    await expect(page).toHaveURL(/\/recharge-list/);
    await expect(pay.confirm).toHaveCount(0);
    // The next visitor opens the list in a new tab: no account is chosen for them.
    const next = await context.newPage();
    const nextList = new RechargePage(next);
    await nextList.open();
    await expect(next.getByTestId('target-search-confirm').first()).toBeVisible();
    await expect(next.getByText('10000002')).toHaveCount(0);
    // A pay step for that account says nothing of the payment just made there.
    await new PayStepPage(next).open({ recharge_id: PACKAGE, pay_type: 23, to_uid: 1002 });
    await expect(next.getByTestId('pay-recipient-id')).toHaveText('10000002');
    await expect(next.getByText('تم قبل قليل دفع الطلب')).toHaveCount(0);
  });

  test('the form says what is missing and when the password is wrong', {
    tag: '@spec:code.21002',
  }, async ({ page, axe }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.submit.click();
    await expect(page.getByText('أدخل معرّف الحساب')).toBeVisible();
    await expect(page.getByText('أدخل كلمة المرور')).toBeVisible();
    await login.accountId.fill('١٠٠٠٠٠٠١');
    await expect(login.accountId).toHaveValue('10000001');
    await expect(login.accountId).toHaveAttribute('dir', 'ltr');
    await login.password.fill('wrong');
    await login.submit.click();
    await expect(login.error).toHaveText(Message.wrongPassword);
    await axe(page);
  });

  test('one field left empty: the form names it, and nothing is sent to account_login', {
    tag: '@spec:rule.loginRequired',
  }, async ({ page }) => {
    const logins: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/user/account_login/')) logins.push(request.url());
    });
    const login = new LoginPage(page);
    await login.open();
    // The ID only: the password is asked for, the ID is not.
    await login.accountId.fill(DisplayUid.reem);
    await login.submit.click();
    await expect(page.getByText('أدخل كلمة المرور')).toBeVisible();
    await expect(page.getByText('أدخل معرّف الحساب')).toHaveCount(0);
    // The password only: the ID is asked for, the password is not.
    await login.accountId.fill('');
    await login.password.fill('secret');
    await login.submit.click();
    await expect(page.getByText('أدخل معرّف الحساب')).toBeVisible();
    await expect(page.getByText('أدخل كلمة المرور')).toHaveCount(0);
    await expect(login.submit).toBeEnabled();
    expect(logins).toEqual([]);
  });

  test('social sign-in fails gracefully offline, with the Google element present', async ({ page }) => {
    const login = new LoginPage(page);
    await page.route(/facebook\.net|accounts\.google\.com/, (route) => route.abort('internetdisconnected'));
    await login.open();
    await expect(login.googleButton).toBeAttached();
    await expect(login.facebookUnavailable).toBeVisible();
    await expect(login.googleUnavailable).toBeVisible();
    await expect(login.facebookButton).toBeDisabled();
    await expect(login.accountId).toBeEnabled();
  });

  test('a social SDK that comes after its 8 s wait still makes its sign-in ready', async ({ page }) => {
    // The page's clock, moved past the wait rather than waited (the download is held meanwhile).
    await page.clock.install();
    await page.route(/accounts\.google\.com/, (route) => route.abort('internetdisconnected'));
    let deliver = () => {};
    const held = new Promise<void>((resolve) => {
      deliver = resolve;
    });
    await page.route(/connect\.facebook\.net/, async (route) => {
      await held;
      await route.fulfill({ contentType: 'text/javascript', body: 'window.FB = { init() {}, login() {} };' });
    });
    const asked = page.waitForRequest(/connect\.facebook\.net/);
    const login = new LoginPage(page);
    await login.open();
    await asked;
    // sdk.ts's SDK_TIMEOUT_MS: past it, Facebook is said unavailable.
    await page.clock.fastForward(8_000);
    await expect(login.facebookUnavailable).toBeVisible();
    await expect(login.facebookButton).toBeDisabled();
    deliver();
    await expect(login.facebookButton).toBeEnabled();
    await expect(login.facebookUnavailable).toHaveCount(0);
    await expect(login.googleUnavailable).toBeVisible();
  });

  test('the session_key argument signs in', { tag: '@spec:login.sessionOk' }, async ({ page }) => {
    const recharge = new RechargePage(page);
    await recharge.open('?session_key=sk-10000001');
    await expect(recharge.targetNickname).toHaveText('ريم');
    await expect(recharge.signOutButton).toBeVisible();
  });

  // Attack review F1: -10000 for a LINK's key says that link expired, not that the visitor's session ended. Any
  // link could otherwise sign a visitor out and tell them, falsely, that their own session ended.
  for (const [kind, link] of [
    ['a session_key argument', '/recharge-list?session_key=sk-expired'],
    [
      "a #pageinfo hand-over's key",
      `/pay-step?recharge_id=rc_499&pay_type=23&to_uid=1001#pageinfo=${encodeURIComponent(JSON.stringify({ session_key: 'sk-expired' }))}`,
    ],
  ] as const) {
    test(`signed in by password, ${kind} with a logged-out key (-10000): the link failed, nobody is signed out`, {
      tag: ['@spec:login.loggedOut', '@spec:code.-10000'],
    }, async ({ page }) => {
      const toasts = await recordToasts(page);
      await signInByAccount(page, DisplayUid.reem);
      const own = () =>
        page.evaluate(() => [
          localStorage.getItem('topup.session_key'),
          localStorage.getItem('topup.login_type'),
        ]);
      const before = await own();
      expect(before[0]).not.toBeNull();
      await page.goto(link);
      const failed = `لم يسجّل الرابط دخولك: ${Message.linkExpired}`;
      const notice = page.getByTestId('link-failed').getByRole('alert');
      await expect(notice.or(page.getByTestId('toast').filter({ hasText: failed }))).toHaveText(failed);
      // Said once: in the link notice's room or in one toast, never both; never "your session ended".
      const inNotice = await notice.count();
      const seen = await toasts();
      expect(seen).not.toContain(Message.loggedOut);
      expect(seen.filter((text) => text === failed).length + inNotice).toBe(1);
      expect(await own()).toEqual(before);
      const recharge = new RechargePage(page);
      await recharge.open();
      await expect(recharge.signOutButton).toBeVisible();
      await expect(recharge.targetNickname).toHaveText('ريم');
      expect(await own()).toEqual(before);
      expect(await toasts()).not.toContain(Message.loggedOut);
    });
  }

  test('a logged-out key answered before the page code arrives (a slow phone), nobody signed in: the link notice says it expired, no toast', {
    tag: ['@spec:login.loggedOut', '@spec:code.-10000'],
  }, async ({ page }) => {
    // The page's code is held until the key's -10000 is back: start-up met it before React had the page.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/ChargePanel-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const answered = page.waitForResponse(/\/api\/coin\/get_pay_user_info\//);
    const recharge = new RechargePage(page);
    const toasts = await recordToasts(page);
    await recharge.goto('/recharge-list?session_key=sk-expired');
    await answered;
    release();
    await expect(recharge.signInLink).toBeVisible();
    // Nobody was signed in here: no session of theirs ended. The link did not sign them in, and says why, in
    // the link notice's room, until closed (not a toast over the page).
    const failed = page.getByTestId('link-failed');
    await expect(failed.getByRole('alert')).toHaveText(`لم يسجّل الرابط دخولك: ${Message.linkExpired}`);
    await expect(recharge.packages.first()).toBeVisible();
    await page.waitForTimeout(4_000);
    await expect(failed.getByRole('alert')).toBeVisible();
    expect(await toasts()).toEqual([]);
  });

  test('a session_key link to a signed-out visitor: a notice names the account until they answer it; not "my account" before', async ({
    page,
    axe,
  }) => {
    // A slow answer (4 s): the notice must still be there when the page has become usable, however long.
    await page.route(/\/api\/coin\/get_pay_user_info\//, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      await route.continue();
    });
    const recharge = new RechargePage(page);
    await recharge.goto('/recharge-list?session_key=sk-10000010');
    await expect(recharge.signOutButton).toBeVisible({ timeout: 15_000 });
    const notice = page.getByRole('region', { name: 'دخلت بحساب من رابط' });
    await expect(notice).toContainText('نورة');
    await expect(notice.getByTestId('link-notice-id')).toHaveText(DisplayUid.newUser);
    await expect(recharge.packages.first()).toBeVisible();
    // The link's account is the recipient, named as the link's, not as the visitor's own.
    await expect(recharge.targetDisplayId).toHaveText(DisplayUid.newUser);
    await expect(recharge.targetCard.getByTestId('target-link-account')).toHaveText('حساب الرابط');
    await expect(recharge.targetCard.getByText('حسابي', { exact: true })).toHaveCount(0);
    // Its whole sentence shows in its fixed box (kept to three lines so that it moves nothing).
    const text = notice.locator('.link-notice__text');
    expect(await text.evaluate((p) => p.scrollHeight <= p.clientHeight + 1)).toBe(true);
    await expect(text).toContainText('هل هو حسابك؟');
    await page.waitForTimeout(5_000);
    await expect(notice).toBeVisible();
    await axe(page);
    // By keyboard: "yes, this is my account".
    const yes = notice.getByRole('button', { name: 'نعم، هذا حسابي' });
    await yes.focus();
    await page.keyboard.press('Enter');
    await expect(notice).toHaveCount(0);
    await expect(recharge.targetCard.getByText('حسابي', { exact: true })).toBeVisible();
    await expect(recharge.targetCard.getByTestId('target-link-account')).toHaveCount(0);
    // Answered: not asked again on the next visit.
    await page.unrouteAll();
    await recharge.goto('/recharge-list');
    await expect(recharge.targetCard.getByText('حسابي', { exact: true })).toBeVisible();
    await expect(page.getByTestId('link-notice')).toHaveCount(0);
  });

  test('the link notice on a 320 px phone, with a long nickname: all of its sentence, 16 px text, 44 px answers, no overflow', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 568 });
    // The longest nickname the notice keeps to part of a line, an id longer than the catalogue's.
    await page.route(/\/api\/coin\/get_pay_user_info\//, async (route) => {
      const response = await route.fetch();
      const json = await response.json();
      json.data.user.nickname = `${'W'.repeat(40)} محمد عبد الرحمن`;
      json.data.user.display_uid = '100000012345';
      await route.fulfill({ response, json });
    });
    const recharge = new RechargePage(page);
    await recharge.goto('/recharge-list?session_key=sk-10000001');
    const notice = page.getByRole('region', { name: 'دخلت بحساب من رابط' });
    await expect(notice.getByTestId('link-notice-id')).toHaveText('100000012345');
    const text = notice.locator('.link-notice__text');
    await expect(text).toContainText('ليجمع مدفوعاتك في حسابه.');
    expect(await text.evaluate((p) => p.scrollHeight <= p.clientHeight + 1)).toBe(true);
    expect(
      await text.evaluate((p) => Number.parseFloat(getComputedStyle(p).fontSize)),
    ).toBeGreaterThanOrEqual(16);
    for (const answer of await notice.getByRole('button').all()) {
      const box = await answer.boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(44);
      expect(await answer.evaluate((b) => b.scrollWidth <= b.clientWidth)).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });

  test('inside the native app (its bridge is there) a session_key link is its own hand-over: no notice, "my account"', async ({
    page,
  }) => {
    // The app has no user of its own to offer: only the link signs in.
    await page.addInitScript(installFakeApp, { openId: null, loginTicket: { code: 7 } });
    const recharge = new RechargePage(page);
    await recharge.goto('/recharge-list?session_key=sk-10000010');
    await expect(recharge.signOutButton).toBeVisible();
    // As before: a toast names the account.
    await expect(recharge.toast).toContainText('نورة');
    await expect(recharge.toast).toContainText(DisplayUid.newUser);
    await expect(recharge.targetDisplayId).toHaveText(DisplayUid.newUser);
    await expect(recharge.targetCard.getByText('حسابي', { exact: true })).toBeVisible();
    await expect(recharge.targetCard.getByTestId('target-link-account')).toHaveCount(0);
    await expect(page.getByTestId('link-notice')).toHaveCount(0);
    // No room kept for a notice that does not come.
    expect(await page.locator('.link-notice-slot').evaluate((slot) => slot.clientHeight)).toBe(0);
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-link-notice'))).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('topup.login_type'))).toBe(JSON.stringify('link'));
    // The API went through the app's bridge: this is the app's page, not a browser's.
    expect(
      await page.evaluate(() => (window as unknown as { __fakeAppAnswered: string[] }).__fakeAppAnswered),
    ).toContain('/api/coin/get_pay_user_info/');
  });

  test('the link notice\'s "not mine" signs out; unanswered, it is there again after a reload', async ({
    page,
  }) => {
    const recharge = new RechargePage(page);
    await recharge.goto('/pay?session_key=sk-10000010');
    const notice = page.getByRole('region', { name: 'دخلت بحساب من رابط' });
    await expect(notice).toContainText('نورة');
    await recharge.goto('/recharge-list');
    await expect(notice).toContainText('نورة');
    await notice.getByRole('button', { name: 'ليس حسابي، سجّل الخروج' }).click();
    await expect(notice).toHaveCount(0);
    await expect(recharge.signInLink).toBeVisible();
    await expect(recharge.targetNickname).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('topup.session_key'))).toBeNull();
  });

  test('a session_key link never offers a signed-out sign-in: hidden on the built page, "signing in" after', async ({
    page,
  }) => {
    const held = (pattern: RegExp) => {
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      void page.route(pattern, async (route) => {
        await released;
        await route.continue();
      });
      return release;
    };
    const releaseApp = held(/\/assets\/start-[^/]*\.js$/);
    const releaseKey = held(/\/api\/coin\/get_pay_user_info\//);
    const recharge = new RechargePage(page);
    await page.goto('/recharge-list?session_key=sk-10000001', { waitUntil: 'commit' });
    // The built page, a signed-out visitor's, before the app has it: its sign-in and account search are hidden.
    await expect(page.locator('#root')).toHaveAttribute('data-starting');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(recharge.signInLink).toBeHidden();
    await expect(page.locator('.target-search')).toBeHidden();
    releaseApp();
    // The app has the page; the key is still being checked: the header says so, and offers no sign-in.
    await expect(page.locator('#root')).not.toHaveAttribute('data-starting');
    await expect(page.getByTestId('link-signing-in')).toHaveText('جارٍ الدخول…');
    await expect(recharge.signInLink).toHaveCount(0);
    // The placeholder row says what will arrive: the link's account, not "my account".
    await expect(page.getByTestId('target-pending')).toContainText('حساب الرابط');
    await expect(page.getByTestId('target-pending')).not.toContainText('حسابي');
    releaseKey();
    await expect(recharge.signOutButton).toBeVisible();
    await expect(page.getByTestId('link-signing-in')).toHaveCount(0);
    await expect(recharge.targetNickname).toHaveText('ريم');
  });

  test('sign-in code that cannot be fetched: the network is blamed, the page goes on signed out', async ({
    page,
  }) => {
    // Sign-in code is its own chunk, fetched only when the URL signs in; here the network drops it.
    await page.route(/\/assets\/signIn-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
    const recharge = new RechargePage(page);
    await recharge.open('?session_key=sk-10000001');
    await expect(recharge.toast).toHaveText(Message.network);
    await expect(recharge.signInLink).toBeVisible();
    await expect(recharge.targetCard).toBeVisible();
  });

  test('a page whose code cannot be fetched says so; the top bar and the way back stay', async ({
    page,
    axe,
  }) => {
    const recharge = new RechargePage(page);
    await recharge.open();
    await page.route(/\/assets\/LoginPage-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
    await recharge.signInLink.click();
    const failed = page.getByTestId('load-failed');
    await expect(failed).toBeVisible();
    await expect(failed.getByRole('heading', { level: 1 })).toHaveText('تعذّر تحميل الصفحة');
    await expect(failed).toContainText('تعذّر تحميل هذا الجزء من الصفحة');
    await expect(failed.getByRole('button', { name: 'إعادة المحاولة' })).toBeVisible();
    await axe(page);
    await page.getByRole('link', { name: 'شحن', exact: true }).click();
    await expect(recharge.targetCard).toBeVisible();
  });

  test('another user already signed in: the switch popup asks first', async ({ page, axe }) => {
    await signInByAccount(page, DisplayUid.reem);
    const login = new LoginPage(page);
    const recharge = new RechargePage(page);
    await recharge.open('?session_key=sk-10000010');
    await expect(login.switchPopup).toBeVisible();
    await expect(login.switchPopup.getByRole('button').first()).toBeFocused();
    await axe(page);
    // It names the link's account (issue 27), and the one signed in now.
    await expect(login.switchPopup.getByTestId('switch-account-id')).toHaveText(DisplayUid.newUser);
    await expect(login.switchPopup).toContainText('ريم');
    await login.switchPopup.getByRole('button', { name: 'تسجيل الدخول به' }).click();
    await expect(login.switchPopup).toBeHidden();
    await expect(recharge.targetDisplayId).toHaveText(DisplayUid.newUser);
    // Agreeing to switch is not signing in oneself: the account stays one a link brought.
    expect(await page.evaluate(() => localStorage.getItem('topup.login_type'))).toBe('"link"');
  });

  test('wrong passwords: one message, then how long to wait (issue 27)', async ({ page }) => {
    // The mock's clock stands still: the first delay (2 s) is still to wait however slow the steps below are.
    await freezeMockClock(page.request);
    const login = new LoginPage(page);
    await login.open();
    await login.accountId.fill(DisplayUid.reem);
    for (const guess of ['wrong1', 'wrong2', 'wrong3']) {
      await login.password.fill(guess);
      await login.submit.click();
      await expect(login.error).toHaveText(Message.wrongPassword);
      await expect(login.submit).toBeEnabled();
    }
    // An account that does not exist is told the same.
    await login.accountId.fill(DisplayUid.missing);
    await login.submit.click();
    await expect(login.error).toHaveText(Message.wrongPassword);
    await login.accountId.fill(DisplayUid.reem);
    await login.submit.click();
    await expect(login.error).toHaveText('محاولات خاطئة كثيرة. حاول مجددًا بعد 2 ثانية');
  });

  test('the ticket argument signs in once; the same link elsewhere then says it expired (21004)', {
    tag: '@spec:code.21004',
  }, async ({ page, browser, baseURL }) => {
    const recharge = new RechargePage(page);
    await recharge.open(`?ticket=${SignIn.ticket.ticket}`);
    await expect(recharge.signOutButton).toBeVisible();
    await expect(recharge.targetNickname).toHaveText('ريم');
    // Another browser opens the same link: the ticket is spent, so nobody is signed in and the page says why.
    const elsewhere = await browser.newContext(baseURL === undefined ? {} : { baseURL });
    try {
      const other = new RechargePage(await elsewhere.newPage());
      await other.open(`?ticket=${SignIn.ticket.ticket}`);
      // Said where the link notice would have been (its room kept from the first paint), until closed.
      await expect(other.page.getByTestId('link-failed').getByRole('alert')).toHaveText(
        `لم يسجّل الرابط دخولك: ${Message.linkExpired}`,
      );
      await expect(other.signInLink).toBeVisible();
      await expect(other.signOutButton).toHaveCount(0);
    } finally {
      await elsewhere.close();
    }
  });

  test('a session_key answer outside its contract (a 201-character nickname): the link says it did not sign in', async ({
    page,
  }) => {
    await page.route(/\/api\/coin\/get_pay_user_info\//, async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.data.user.nickname = 'ر'.repeat(201);
      await route.fulfill({ response, json: body });
    });
    const recharge = new RechargePage(page);
    await recharge.open('?session_key=sk-10000001');
    // The contract stands (the answer is refused), and the visitor is told so, in Arabic, where the notice was:
    // SPEC §8's "login failed" with the invalid answer's code (api/tolerant.ts INVALID_ANSWER, api/failureText.ts).
    await expect(page.getByTestId('link-failed').getByRole('alert')).toHaveText(
      `لم يسجّل الرابط دخولك: ${Message.loginFailed} (الرمز \u2066502\u2069)`,
    );
    await expect(recharge.signInLink).toBeVisible();
    await expect(recharge.signOutButton).toHaveCount(0);
  });

  test("a bundle_id argument is the ticket sign-in's app package header, and only a package name", async ({
    page,
  }) => {
    const sent: Array<{ url: string; pn: string | undefined }> = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/web/ticket_login/'))
        sent.push({ url: request.url(), pn: request.headers()['x-cli-pn'] });
    });
    const recharge = new RechargePage(page);
    await recharge.open('?ticket=tk-10000001&bundle_id=com.example.topup');
    await expect(recharge.targetNickname).toHaveText('ريم');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.pn).toBe('com.example.topup');
    expect(new URL(sent[0]?.url ?? '').searchParams.has('bundle_id')).toBe(false);
    // A link's bundle_id that is no package name is not sent: the page's own package is.
    await recharge.open('?ticket=tk-unknown&bundle_id=..%2Fevil%20x');
    await expect.poll(() => sent.length).toBe(2);
    expect(sent[1]?.pn).toBe('ksa');
  });
});
