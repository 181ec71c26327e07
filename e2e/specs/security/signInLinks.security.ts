import type { Page } from '@playwright/test';
import { accountByDisplayUid, DisplayUid, SignIn } from '@topup/contracts/testdata/accounts';
import { LoginPage } from '../../pages/LoginPage';
import { RechargePage } from '../../pages/RechargePage';
import { type Attacker, startAttacker } from '../../support/attacker';
import { journalOf } from '../../support/chaos';
import { test as base, expect } from '../../support/test';

/**
 * Issue 27, finding 2 (login CSRF) from the page's side: a stranger's link (on the attacker's own site, a
 * second loopback port) never changes who a signed-in visitor is without asking, names the account it would
 * sign in, and a ticket only signs in the device it was issued for.
 */
const test = base.extend<{ attacker: Attacker }>({
  attacker: async ({ baseURL }, use) => {
    const attacker = await startAttacker(baseURL ?? '');
    await use(attacker);
    await attacker.close();
  },
});

const CONTROL = { 'x-topup-control': '1' };
const reem = accountByDisplayUid(DisplayUid.reem);

const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

/** The visitor, signed in as نورة (10000010), follows the attacker's link to `path` on the app. */
async function followLure(page: Page, attacker: Attacker, path: string): Promise<RechargePage> {
  const recharge = new RechargePage(page);
  await recharge.open('?session_key=sk-10000010');
  await expect(recharge.targetDisplayId).toHaveText(DisplayUid.newUser);
  await page.goto(`${attacker.origin}/lure?path=${encodeURIComponent(path)}`);
  await page.locator('#lure').click();
  return recharge;
}

async function expectStillNoura(page: Page, recharge: RechargePage): Promise<void> {
  await expect(recharge.targetDisplayId).toHaveText(DisplayUid.newUser);
  expect(await stored(page, 'topup.session_key')).toBe(JSON.stringify('sk-10000010'));
}

test.afterEach(({ attacker }) => {
  // The attacker served its lure page; nothing of the victim's reached it.
  expect(attacker.requests.filter((r) => r !== 'GET /lure' && r !== 'GET /favicon.ico')).toEqual([]);
});

test.describe('a link carrying another account, to a signed-in visitor', () => {
  for (const [kind, path] of [
    ['a ticket', `/recharge-list?ticket=${SignIn.ticket.ticket}`],
    ['a Facebook hand-over', `/pay#fb_id=${SignIn.facebook.user_id}&fb_token=${SignIn.facebook.token}`],
    ['a session_key', `/recharge-list?session_key=${reem?.session_key ?? ''}`],
  ] as const) {
    test(`${kind}: asks first, naming the account; declining keeps the visitor's own`, {
      tag: '@spec:login.switch',
    }, async ({ page, attacker }) => {
      const recharge = await followLure(page, attacker, path);
      const popup = new LoginPage(page).switchPopup;
      await expect(popup).toBeVisible();
      await expect(popup.getByTestId('switch-account-name')).toHaveText(reem?.nickname ?? '');
      await expect(popup.getByTestId('switch-account-id')).toHaveText(DisplayUid.reem);
      await expect(popup.getByRole('button', { name: 'البقاء بالحساب الحالي' })).toBeFocused();
      // Nothing changed while the question is open.
      expect(await stored(page, 'topup.session_key')).toBe(JSON.stringify('sk-10000010'));
      await popup.getByRole('button', { name: 'البقاء بالحساب الحالي' }).click();
      await expect(popup).toBeHidden();
      await expectStillNoura(page, recharge);
    });
  }

  test('accepted: signed in to that account as a link, never as a confirmed sign-in', async ({
    page,
    attacker,
  }) => {
    const recharge = await followLure(page, attacker, `/recharge-list?ticket=${SignIn.ticket.ticket}`);
    const popup = new LoginPage(page).switchPopup;
    await popup.getByRole('button', { name: 'تسجيل الدخول به' }).click();
    await expect(recharge.targetDisplayId).toHaveText(DisplayUid.reem);
    expect(await stored(page, 'topup.login_type')).toBe(JSON.stringify('link'));
  });

  test("the attacker's own ticket, issued for the attacker's device: refused, the visitor told, nothing changed", async ({
    page,
    attacker,
  }) => {
    const issued = await page.request.post('/api/user/get_login_ticket/', {
      form: { session_key: 'sk-10000001', uuid: 'attacker-device' },
    });
    const { ticket } = ((await issued.json()) as { data: { ticket: string } }).data;
    const recharge = await followLure(page, attacker, `/recharge-list?ticket=${ticket}`);
    await expect(recharge.toast).toHaveText('لم يسجّل الرابط دخولك: تعذّر تسجيل الدخول');
    await expect(new LoginPage(page).switchPopup).toHaveCount(0);
    await expectStillNoura(page, recharge);
  });
});

test.describe('a link to a signed-out visitor', () => {
  test("signs in as a link, names the account, and does not send the visitor's history into it", async ({
    page,
    attacker,
  }) => {
    await page.goto('/');
    await page.evaluate(() =>
      localStorage.setItem(
        'topup.recharge_history',
        JSON.stringify([
          {
            to_uid: 1002,
            to_display_uid: '10000002',
            to_nickname: 'Omar',
            to_icon: '',
            is_guest: false,
            uid: 0,
            h5_deviceid: 'h5_visitor',
            fill_times: 1,
            first_fill_time: 1_700_000_000,
            last_fill_time: 1_700_000_000,
            status2: 0,
          },
        ]),
      ),
    );
    await page.request.delete('/__mock/journal', { headers: CONTROL });
    const downloaded = page.waitForResponse(/\/api\/web\/recharge_fill_record\//);
    await page.goto(
      `${attacker.origin}/lure?path=${encodeURIComponent(`/recharge-list?ticket=${SignIn.ticket.ticket}`)}`,
    );
    await page.locator('#lure').click();
    const recharge = new RechargePage(page);
    // A notice in the page (not a toast) names the account until the visitor answers it.
    const notice = page.getByRole('region', { name: 'دخلت بحساب من رابط' });
    await expect(notice.getByTestId('link-notice-name')).toHaveText(reem?.nickname ?? '');
    await expect(notice.getByTestId('link-notice-id')).toHaveText(DisplayUid.reem);
    await expect(recharge.targetCard.getByTestId('target-link-account')).toBeVisible();
    await expect(recharge.signOutButton).toBeVisible();
    expect(await stored(page, 'topup.login_type')).toBe(JSON.stringify('link'));
    await downloaded;
    // The upload would follow the download at once: two frames later it has not gone out.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    const calls = (await journalOf(page.request)).map((e) => e.call);
    expect(calls).toContain('rechargeFillRecord');
    expect(calls).not.toContain('uploadRechargeFillRecord');
    // /login says how this account came, next to the way out.
    await new LoginPage(page).goto('/login');
    await expect(page.getByTestId('signed-in-via-link')).toBeVisible();
  });
});

test.describe('the production build moves no API base', () => {
  test('is_debug=1&api_base=<the mock under another name>: every call stays on the page origin', async ({
    page,
    baseURL,
  }) => {
    const own = new URL(baseURL ?? '');
    const alias = `http://localhost:${own.port}`;
    const apiOrigins = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) apiOrigins.add(url.origin);
    });
    await page.goto(
      `/recharge-list?session_key=sk-10000001&is_debug=1&api_base=${encodeURIComponent(alias)}`,
    );
    await expect(new RechargePage(page).targetDisplayId).toHaveText(DisplayUid.reem);
    expect([...apiOrigins]).toEqual([own.origin]);
  });
});
