import type { Route } from '@playwright/test';
import { LIMITS } from '@topup/contracts/limits';
import { Message } from '@topup/contracts/messages';
import {
  accounts,
  DisplayUid,
  HOSTILE_NICKNAME,
  HOSTILE_NICKNAME_SHOWN,
} from '@topup/contracts/testdata/accounts';
import { PayStepPage } from '../../pages/payStep';
import { RechargePage } from '../../pages/RechargePage';
import { forceFault } from '../../support/chaos';
import { holdRequests } from '../../support/hold';
import { expect, test } from '../../support/test';

/** What the page must say for each account of TESTDATA.md, checked with source 1. */
const refusals: Record<string, string> = {
  [DisplayUid.banned]: Message.banned,
  [DisplayUid.deactivated]: Message.deactivated,
  [DisplayUid.deactivating]: Message.deactivating,
  [DisplayUid.guest]: Message.guestAccount,
  [DisplayUid.otherSource]: Message.sourceMismatch,
  [DisplayUid.fined]: Message.banned,
  [DisplayUid.missing]: Message.accountNotFound,
};

/** The SPEC rows each refusal asserts (its code's shown message), for the coverage matrix. */
const refusalRows: Record<string, readonly string[]> = {
  [DisplayUid.banned]: ['code.20001'],
  [DisplayUid.deactivated]: ['code.20186'],
  [DisplayUid.deactivating]: ['code.20187'],
  [DisplayUid.guest]: ['code.20189', 'rule.guest'],
  [DisplayUid.otherSource]: ['code.20188'],
  [DisplayUid.missing]: ['code.21266'],
};

test.describe('target search', () => {
  for (const account of [
    ...accounts.map((a) => ({ display_uid: a.display_uid, nickname: a.nickname })),
    { display_uid: DisplayUid.missing, nickname: '' },
  ]) {
    const refusal = refusals[account.display_uid];
    // A TESTDATA table row: run on the phone only (the desktop project leaves out `@table`, see the config).
    const tag = ['@table', ...(refusalRows[account.display_uid] ?? []).map((row) => `@spec:${row}`)];
    test(`${account.display_uid}: ${refusal ?? 'can be topped up'}`, { tag }, async ({ page }) => {
      const recharge = new RechargePage(page);
      await recharge.open();
      await recharge.searchFor(account.display_uid);
      if (refusal) {
        await expect(recharge.targetCard.getByRole('alert')).toHaveText(refusal);
        await expect(recharge.payNow).toHaveCount(0);
      } else {
        // 10000011's nickname is shown without its bidi override (shownName).
        const shown = account.nickname === HOSTILE_NICKNAME ? HOSTILE_NICKNAME_SHOWN : account.nickname;
        await expect(recharge.targetNickname).toHaveText(shown);
        await expect(recharge.targetDisplayId).toHaveText(account.display_uid);
        await expect(recharge.packages.first()).toBeVisible();
      }
    });
  }

  test('a banned account leads to paying its fine, a missing one to the app download; other refusals offer neither', async ({
    page,
    axe,
  }) => {
    const recharge = new RechargePage(page);
    await recharge.open();
    // The length hint while fewer digits than needed are typed.
    await recharge.searchInput.fill('123');
    await expect(page.getByText('أدخل 5 أرقام على الأقل')).toBeVisible();
    await recharge.searchFor(DisplayUid.deactivated);
    await expect(recharge.targetCard.getByRole('alert')).toHaveText(Message.deactivated);
    await expect(page.getByTestId('banned-fine-link')).toHaveCount(0);
    // Not found: the message says to download the app, and the link is there.
    await recharge.searchFor(DisplayUid.missing);
    await expect(page.getByTestId('not-found-download').getByRole('link')).toHaveAttribute(
      'href',
      '/download',
    );
    await recharge.searchFor(DisplayUid.fined);
    await expect(page.getByTestId('not-found-download')).toHaveCount(0);
    await expect(recharge.targetCard.getByRole('alert')).toHaveText(Message.banned);
    // The length hint does not stand beside the account's error (nor under an ID long enough).
    await expect(page.getByText('أدخل 5 أرقام على الأقل')).toHaveCount(0);
    await axe(page);
    await page.getByTestId('banned-fine-link').click();
    await expect(page).toHaveURL(/\/fines\?account=10000009$/);
    await expect(page.getByRole('textbox', { name: 'رقم الغرامة' })).toBeVisible();
  });

  test('any other search refusal (20002) says no account matched and to check the ID, with no pay', {
    tag: '@spec:code.20002',
  }, async ({ page }) => {
    // SPEC §8's "other search" row: the mock answers 20002 only to an ID of a length the page never sends, so
    // the answer is forced for a well-formed ID, as a backend may give it.
    const recharge = new RechargePage(page);
    await recharge.open();
    await forceFault(page.request, 'checkDisplayId', { result: 20002 });
    await recharge.searchFor(DisplayUid.omar);
    await expect(recharge.targetCard.getByRole('alert')).toHaveText(
      'لم نجد حسابًا بهذا المعرّف. تأكّد من معرّف الحساب وأعد المحاولة',
    );
    await expect(recharge.payNow).toHaveCount(0);
    // Searched again, the account is found: the refusal was the answer's, not the ID's.
    await recharge.searchFor(DisplayUid.omar);
    await expect(recharge.targetNickname).toHaveText('Omar ⭐');
  });

  test('a refused account leaves no dead "recharge now" under its refusal; another account brings it back', async ({
    page,
  }) => {
    const recharge = new RechargePage(page);
    await recharge.open();
    // A package picked before the ID (prices show from the first visit): its pay bar is there.
    await recharge.packages.first().click();
    await expect(recharge.payNow).toBeEnabled();
    for (const refused of [DisplayUid.banned, DisplayUid.deactivated, DisplayUid.missing]) {
      await recharge.searchFor(refused);
      await expect(recharge.targetCard.getByRole('alert')).toHaveText(refusals[refused] ?? '');
      await expect(recharge.payNow).toHaveCount(0);
    }
    // The refusal's own ways on stay: the search (another account) and, for a ban, its fine.
    await recharge.searchFor(DisplayUid.banned);
    await expect(page.getByTestId('banned-fine-link')).toBeVisible();
    await expect(recharge.payNow).toHaveCount(0);
    await recharge.searchFor(DisplayUid.omar);
    await expect(recharge.targetNickname).toHaveText('Omar ⭐');
    await expect(recharge.payNow).toBeEnabled();
  });

  test('the pay step for a refused account shows no pay button, only the refusal and its way back', async ({
    page,
  }) => {
    const pay = new PayStepPage(page);
    for (const uid of [1003, 1004]) {
      await pay.open({ recharge_id: 'rc_499', pay_type: 23, to_uid: uid });
      const refused = page.getByTestId('pay-recipient-refused');
      await expect(refused).toBeVisible();
      await expect(pay.confirm).toHaveCount(0);
      await expect(pay.channels).toHaveCount(0);
      await expect(refused.getByRole('link', { name: 'العودة إلى قائمة الشحن' })).toBeVisible();
    }
    await page.getByRole('link', { name: 'العودة إلى قائمة الشحن' }).click();
    await expect(page).toHaveURL(/\/recharge-list/);
  });

  test('the pay step for an account banned after a refund (10000009) offers its fine, as the search does', async ({
    page,
  }) => {
    const pay = new PayStepPage(page);
    // A deactivated account has no fine to offer: its refusal and the way back only.
    await pay.open({ recharge_id: 'rc_499', pay_type: 23, to_uid: 1004 });
    await expect(page.getByTestId('pay-recipient-refused')).toBeVisible();
    await expect(page.getByTestId('banned-fine-link')).toHaveCount(0);
    await pay.open({ recharge_id: 'rc_499', pay_type: 23, to_uid: 1009 });
    const refused = page.getByTestId('pay-recipient-refused');
    await expect(refused.getByRole('alert')).toHaveText(Message.banned);
    await expect(pay.confirm).toHaveCount(0);
    await refused.getByTestId('banned-fine-link').click();
    await expect(page).toHaveURL(/\/fines\?account=10000009$/);
    await expect(page.getByTestId('fine-for-account')).toContainText('10000009');
  });

  // The account check's code is not in the first load: the search fetches it when the visitor starts on it.
  test('a check whose code cannot be fetched says so, and confirming again checks the account', async ({
    page,
  }) => {
    let fail = true;
    const requested: string[] = [];
    await page.route(/\/assets\/choose-[^/?]*\.js(\?|$)/, async (route) => {
      requested.push(route.request().url());
      if (fail) await route.abort('connectionreset');
      else await route.continue();
    });
    const recharge = new RechargePage(page);
    await recharge.open();
    await page.waitForLoadState('networkidle');
    expect(requested).toHaveLength(0);
    await recharge.searchFor(DisplayUid.omar);
    await expect(recharge.targetCard.getByRole('alert')).toHaveText(
      'تعذّر تحميل هذا الجزء من الصفحة. تحقّق من اتصالك وأعد المحاولة',
    );
    await expect(recharge.searchConfirm).toBeEnabled();
    expect(requested.length).toBeGreaterThan(0);
    fail = false;
    await recharge.searchConfirm.click();
    await expect(recharge.targetNickname).toHaveText('Omar ⭐');
    await expect(recharge.targetDisplayId).toHaveText(DisplayUid.omar);
  });

  test('a check whose code stalls is given up at the API limit, and confirming again checks the account', async ({
    page,
  }) => {
    await page.clock.install();
    let stall = true;
    const held: Route[] = [];
    await page.route(/\/assets\/choose-[^/?]*\.js(\?|$)/, async (route) => {
      // A download that does not end (until the connection finally drops, below).
      if (stall) held.push(route);
      else await route.continue();
    });
    const recharge = new RechargePage(page);
    await recharge.open();
    await recharge.searchFor(DisplayUid.omar);
    await expect(recharge.searchConfirm).toBeDisabled();
    await page.clock.fastForward(LIMITS.apiMs);
    await expect(recharge.targetCard.getByRole('alert')).toHaveText(
      'تعذّر تحميل هذا الجزء من الصفحة. تحقّق من اتصالك وأعد المحاولة',
    );
    await expect(recharge.searchConfirm).toBeEnabled();
    stall = false;
    // The stalled download's connection drops, and the page has seen it fail before the visitor confirms
    // again (a tap while it still hangs would join that same download: Chromium shares a module's fetch).
    const dropped = page.waitForEvent('requestfailed', (request) => /\/assets\/choose-/.test(request.url()));
    for (const route of held) await route.abort('connectionreset');
    await dropped;
    await recharge.searchConfirm.click();
    await expect(recharge.targetNickname).toHaveText('Omar ⭐');
  });

  test('the live streamer is flagged from a streamer context', async ({ page }) => {
    const recharge = new RechargePage(page);
    await recharge.open('?from=live');
    await recharge.searchFor(DisplayUid.streamer);
    await expect(recharge.targetCard.getByRole('status')).toContainText('بث مباشر');
  });

  test('confirm is enabled from 5 digits; only digits are kept, at most 12; Arabic-Indic digits are accepted; the field reads left to right', {
    tag: ['@spec:rule.searchMin', '@spec:rule.uidDigits'],
  }, async ({ page, axe }) => {
    const recharge = new RechargePage(page);
    await recharge.open();
    await expect(recharge.searchInput).toHaveAttribute('dir', 'ltr');
    // SPEC §5: a user id is digits only, of a bounded length.
    await recharge.searchInput.fill('1e3-0x4 ab');
    await expect(recharge.searchInput).toHaveValue('1304');
    await recharge.searchInput.fill('12ab34-5678901234');
    await expect(recharge.searchInput).toHaveValue('123456789012');
    await recharge.searchInput.fill('١٠٠٠');
    await expect(recharge.searchInput).toHaveValue('1000');
    await expect(recharge.searchConfirm).toBeDisabled();
    await recharge.searchInput.fill('١٠٠٠٠٠٠٢');
    await expect(recharge.searchInput).toHaveValue('10000002');
    await expect(recharge.searchConfirm).toBeEnabled();
    await axe(page);
    await recharge.searchConfirm.click();
    await expect(recharge.targetNickname).toHaveText('Omar ⭐');
  });

  test('the hostile nickname renders as inert text', async ({ page }) => {
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    const recharge = new RechargePage(page);
    await recharge.open();
    await recharge.searchFor(DisplayUid.hostileNickname);
    await expect(recharge.targetNickname).toHaveText(HOSTILE_NICKNAME_SHOWN);
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    expect(await recharge.targetNickname.evaluate((node) => node.tagName)).toBe('BDI');
    await recharge.changeTarget.click();
    await expect(recharge.earlierTargets.first()).toContainText('evil');
    expect(dialogs).toBe(0);
  });
});

test.describe('packages and methods', () => {
  test('packages are sorted by amount ascending, amounts read left to right, and paying hands over to /pay-step', async ({
    page,
    axe,
  }) => {
    const recharge = new RechargePage(page);
    await recharge.open();
    await recharge.searchFor(DisplayUid.omar);
    await expect(recharge.targetDisplayId).toContainText(DisplayUid.omar);
    // The list is asked again for the recipient: read it once it is there, not while it is being replaced.
    const readAmounts = async () =>
      (await recharge.packageAmounts.allTextContents()).map((text) => Number(text.replace(/[^\d.]/g, '')));
    await expect.poll(async () => (await readAmounts()).length).toBeGreaterThanOrEqual(7);
    const amounts = await readAmounts();
    expect([...amounts].sort((a, b) => a - b)).toEqual(amounts);
    expect(amounts).not.toContain(1.99);
    await expect(recharge.packageAmounts.first()).toHaveAttribute('dir', 'ltr');
    await axe(page);
    await recharge.packages.filter({ hasText: '$4.99' }).click();
    await expect(recharge.total).toHaveText('$4.99');
    await expect(recharge.total).toHaveAttribute('dir', 'ltr');
    // Every method its own name (the server's): no two alike.
    const names = (await recharge.methodNames.allTextContents()).map((text) => text.trim());
    expect(names.length).toBeGreaterThanOrEqual(5);
    expect(new Set(names).size).toBe(names.length);
    // The card heads the list and is picked by default.
    await expect(recharge.methods.first()).toHaveAttribute('data-pay-type', /^(23|27)$/);
    await expect(recharge.methods.first().getByRole('radio')).toBeChecked();
    await recharge.payNow.click();
    await expect(page).toHaveURL(/\/pay-step\?.*recharge_id=rc_499.*&to_uid=1002/);
  });

  test('a returning visitor: the first screen asks for config and the charge list once, in one round trip', async ({
    page,
  }) => {
    const recharge = new RechargePage(page);
    await recharge.open();
    // The packages show before an ID: the target's own list is the answer waited for.
    const targetList = page.waitForResponse(
      (response) =>
        response.url().includes('get_recharge_list_v3') &&
        (response.request().postData() ?? '').includes('uid='),
    );
    await recharge.searchFor(DisplayUid.omar);
    await targetList;
    await expect(recharge.packages.first()).toBeVisible();
    // Back later: the stored target's list is part of start-up's one batch.
    const asked: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (!path.startsWith('/api/')) return;
      if (path === '/api/sys/batch_request/') {
        const body = JSON.parse(request.postData() ?? '{}') as { requests?: { path: string }[] };
        for (const item of body.requests ?? []) asked.push(`batch ${item.path}`);
      } else asked.push(path);
    });
    await recharge.open();
    await expect(recharge.packages.first()).toBeVisible();
    await expect(recharge.targetDisplayId).toHaveText(DisplayUid.omar);
    const listAsks = asked.filter((what) => what.includes('get_recharge_list_v3'));
    const configAsks = asked.filter((what) => what.includes('/api/sys/config/'));
    expect(listAsks).toEqual(['batch /api/third_party_pay/get_recharge_list_v3/']);
    expect(configAsks).toEqual(['batch /api/sys/config/']);
  });

  test('a new user sees the new-user package', async ({ page }) => {
    const recharge = new RechargePage(page);
    await recharge.open();
    await recharge.searchFor(DisplayUid.newUser);
    await expect(recharge.packageAmounts.filter({ hasText: '$1.99' })).toHaveCount(1);
  });

  // The sync runs with the packages panel (its chunk), which every signed-in visit loads: not in the first load.
  test("signed in, the server's recharge history joins the local one: the search lists its earlier targets", async ({
    page,
  }) => {
    const recharge = new RechargePage(page);
    const synced = page.waitForResponse(/\/api\/web\/recharge_fill_record\//);
    await recharge.open('?session_key=sk-10000001');
    await synced;
    await expect(recharge.targetNickname).toHaveText('ريم');
    await recharge.changeTarget.click();
    await expect(recharge.searchDialog).toBeVisible();
    // Reem's history on the server (TESTDATA): Omar the most recent; her own account is not an earlier target.
    await expect(recharge.earlierTargets.first()).toContainText(DisplayUid.omar);
    await expect(recharge.earlierTargets.filter({ hasText: DisplayUid.reem })).toHaveCount(0);
  });

  test('an account chosen by keyboard in the inline form leaves focus on its row, not lost to the page', async ({
    page,
  }) => {
    const recharge = new RechargePage(page);
    await recharge.open();
    await recharge.searchInput.focus();
    await page.keyboard.type(DisplayUid.omar);
    await page.keyboard.press('Enter');
    await expect(recharge.targetNickname).toHaveText('Omar ⭐');
    // The form the focus was in is now hidden and inert: the row's "change" takes the focus, read with the account.
    await expect(recharge.changeTarget).toBeFocused();
    await expect(recharge.changeTarget).toHaveAccessibleDescription(/Omar ⭐/);
    await page.keyboard.press('Tab');
    await expect(recharge.packages.first().getByRole('radio')).toBeFocused();
  });

  test('the search dialog lists earlier targets, keeps focus inside and gives it back on close', async ({
    page,
    axe,
  }) => {
    const recharge = new RechargePage(page);
    await recharge.open();
    await recharge.searchFor(DisplayUid.omar);
    await expect(recharge.targetNickname).toHaveText('Omar ⭐');
    await recharge.changeTarget.click();
    await expect(recharge.searchDialog).toBeVisible();
    await expect(recharge.searchInput).toBeFocused();
    await axe(page);
    await recharge.searchFor(DisplayUid.newUser);
    await expect(recharge.searchDialog).toBeHidden();
    await expect(recharge.targetDisplayId).toHaveText(DisplayUid.newUser);
    await recharge.changeTarget.click();
    await expect(recharge.earlierTargets).toHaveCount(2);
    await expect(recharge.earlierTargets.first()).toContainText(DisplayUid.newUser);
    await page.keyboard.press('Escape');
    await expect(recharge.searchDialog).toBeHidden();
    await expect(recharge.changeTarget).toBeFocused();
  });

  test("the phone's Back closes the search dialog, not the page; closed by a choice, it leaves no extra Back", async ({
    page,
  }) => {
    await page.goto('/home');
    const recharge = new RechargePage(page);
    await recharge.open();
    await recharge.searchFor(DisplayUid.omar);
    await recharge.changeTarget.click();
    await expect(recharge.searchDialog).toBeVisible();
    await page.goBack();
    await expect(recharge.searchDialog).toBeHidden();
    await expect(page).toHaveURL(/\/recharge-list/);
    await expect(recharge.targetDisplayId).toHaveText(DisplayUid.omar);

    // Closed by choosing an account, its history entry is taken off: the next Back leaves the list at once.
    await recharge.changeTarget.click();
    await recharge.searchFor(DisplayUid.newUser);
    await expect(recharge.searchDialog).toBeHidden();
    await expect(recharge.targetDisplayId).toHaveText(DisplayUid.newUser);
    await page.goBack();
    await expect(page).not.toHaveURL(/\/recharge-list/);
  });
});

/** Issue 26, findings 4 and 8: what a first-time visitor sees before and while choosing. */
test.describe('a first visit: prices first, real method names, one choice', () => {
  const PLACEHOLDER = /البوابة|رابط بديل|^طريقة دفع$/;

  test('packages and prices show before any ID, in USD with the riyal equivalent; none is chosen, the recommendation is highlighted', async ({
    page,
    axe,
  }) => {
    const recharge = new RechargePage(page);
    await recharge.open();
    await expect(recharge.searchInput).toBeVisible();
    await expect(recharge.packages.first()).toBeVisible();
    await expect(recharge.packages.getByRole('radio', { checked: true })).toHaveCount(0);
    await expect(recharge.total).toHaveCount(0);
    const recommended = recharge.packages.filter({ has: page.getByTestId('package-recommended') });
    await expect(recommended.first()).toBeVisible();
    const small = recharge.packages.filter({ has: page.locator('input[value="rc_499"]') });
    await expect(small.getByTestId('package-amount')).toHaveText('$4.99');
    await expect(small.getByTestId('package-riyal')).toHaveText('≈ 18.71 ر.س');
    await expect(small.getByTestId('package-riyal').locator('bdi')).toHaveAttribute('dir', 'ltr');
    await axe(page);
    // Paying before the ID is entered asks for it, where it is typed.
    await small.click();
    await expect(recharge.total).toHaveText('$4.99');
    await recharge.payNow.click();
    await expect(recharge.searchInput).toBeFocused();
    await expect(page).toHaveURL(/\/recharge-list/);
    await recharge.searchFor(DisplayUid.omar);
    await expect(recharge.total).toHaveText('$4.99');
  });

  test('"recharge now" with an ID typed but not searched checks it as the search would, then goes on to pay', async ({
    page,
  }) => {
    const recharge = new RechargePage(page);
    await recharge.open();
    const small = recharge.packages.filter({ has: page.locator('input[value="rc_499"]') });
    await small.click();
    // Another method than the default (a wallet), picked before the ID: still the one paid with.
    await recharge.method(25).check();
    // Refused: said at the field, as the search says it; nothing opens, and nothing is offered to pay.
    await recharge.searchInput.fill(DisplayUid.banned);
    await recharge.payNow.click();
    await expect(recharge.targetCard.getByRole('alert')).toHaveText(Message.banned);
    await expect(recharge.searchInput).toBeFocused();
    await expect(page.getByTestId('pay-ask-id')).toHaveCount(0);
    await expect(recharge.payNow).toHaveCount(0);
    await expect(page).toHaveURL(/\/recharge-list/);
    // Too short to be an ID: asked for, as before.
    await recharge.searchInput.fill('123');
    await recharge.payNow.click();
    await expect(page.getByTestId('pay-ask-id')).toBeVisible();
    await expect(recharge.searchInput).toBeFocused();
    // A valid one: the button says it is working while the account is checked, then the pay step opens for it.
    const release = await holdRequests(page, /\/api\/web\/check_display_id\//);
    await recharge.searchInput.fill(DisplayUid.omar);
    await recharge.payNow.click();
    await expect(recharge.payNow).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByTestId('pay-ask-id')).toHaveCount(0);
    await expect(page).toHaveURL(/\/recharge-list/);
    release();
    await expect(page).toHaveURL(/\/pay-step\?.*recharge_id=rc_499.*pay_type=25.*&to_uid=1002/);
    await expect(page.getByTestId('pay-recipient-nickname')).toHaveText('Omar ⭐');
    await expect(page.getByTestId('pay-recipient-id')).toHaveText(DisplayUid.omar);
  });

  test("methods carry the server's names with a mark, never a placeholder", async ({ page }) => {
    const recharge = new RechargePage(page);
    await recharge.open();
    await recharge.searchFor(DisplayUid.omar);
    await recharge.packages.filter({ has: page.locator('input[value="rc_499"]') }).click();
    await expect(recharge.methods.first()).toBeVisible();
    const answer = await page.request.post('/api/third_party_pay/get_recharge_list_v3/', {
      form: { uid: '1002', source: '1' },
    });
    const body = (await answer.json()) as {
      data: { list: { recharge_id: string; payItemDisplayMethods: { displayName: string }[] }[] };
    };
    const serverNames = (
      body.data.list.find((p) => p.recharge_id === 'rc_499')?.payItemDisplayMethods ?? []
    ).map((m) => m.displayName);
    const shown = (await recharge.methodNames.allTextContents()).map((text) => text.trim());
    expect(shown.length).toBeGreaterThanOrEqual(4);
    for (const name of shown) {
      expect(name).not.toMatch(PLACEHOLDER);
      expect(serverNames).toContain(name);
    }
    for (const method of await recharge.methods.all())
      await expect(method.locator('[data-mark]').first()).toBeVisible();
  });

  test('the landing shows the marks of the methods this visitor is offered, and prices before an ID', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByTestId('home-package-price').first()).toBeVisible();
    await expect(page.getByTestId('home-package-riyal').first()).toContainText('ر.س');
    const landingMarks = page.getByTestId('home-methods').locator('[data-method-name]');
    await expect(landingMarks.first()).toBeVisible();
    const onLanding = await landingMarks.evaluateAll((marks) =>
      marks.map((mark) => mark.getAttribute('data-method-name')),
    );
    const recharge = new RechargePage(page);
    await recharge.open();
    await recharge.packages.filter({ has: page.locator('input[value="rc_499"]') }).click();
    await expect(recharge.methods.first()).toBeVisible();
    const offered = (await recharge.methodNames.allTextContents()).map((text) => text.trim());
    expect(new Set(onLanding)).toEqual(new Set(offered));
  });

  test('the method chosen on the list is the one the pay step shows selected', async ({ page }) => {
    const recharge = new RechargePage(page);
    await recharge.open();
    await recharge.searchFor(DisplayUid.omar);
    await recharge.packages.filter({ has: page.locator('input[value="rc_499"]') }).click();
    // A wallet through a hosted page (provider 6): not the card the pay step would otherwise lead with.
    const payType = '25';
    await recharge.method(25).check();
    const name = (await recharge.methodName(25).textContent())?.trim() ?? '';
    await recharge.payNow.click();
    await expect(page).toHaveURL(new RegExp(`/pay-step\\?.*pay_type=${payType}`));
    const channels = page.getByTestId('pay-channel');
    await expect(channels.first()).toBeVisible();
    await expect(
      page.locator(`[data-testid="pay-channel"][data-pay-type="${payType}"]`).getByRole('radio'),
    ).toBeChecked();
    await expect(page.locator(`[data-testid="pay-channel"][data-pay-type="${payType}"]`)).toContainText(name);
    await expect(page.getByTestId('saved-card-option')).toHaveCount(0);
    // Nothing else is offered beside it unasked: the other methods are one tap away.
    await expect(channels).toHaveCount(1);
  });
});
