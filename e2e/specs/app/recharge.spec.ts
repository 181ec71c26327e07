import type { Route } from '@playwright/test';
import { LIMITS } from '@topup/contracts/limits';
import { Message } from '@topup/contracts/messages';
import { accounts, DisplayUid, HOSTILE_NICKNAME } from '@topup/contracts/testdata/accounts';
import { RechargePage } from '../../pages/RechargePage';
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
        await expect(recharge.targetNickname).toHaveText(account.nickname);
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
    await expect(page).toHaveURL(/\/fines$/);
    await expect(page.getByRole('textbox', { name: 'رقم الغرامة' })).toBeVisible();
  });

  // The account check's code is not in the first load: the search fetches it when the visitor starts on it.
  test('a check whose code cannot be fetched says so, and confirming again checks the account', async ({
    page,
  }) => {
    let fail = true;
    const requested: string[] = [];
    await page.route(/\/assets\/choose-[^/]*\.js$/, async (route) => {
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
    await page.route(/\/assets\/choose-[^/]*\.js$/, async (route) => {
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
    for (const route of held) await route.abort('connectionreset');
    await recharge.searchConfirm.click();
    await expect(recharge.targetNickname).toHaveText('Omar ⭐');
  });

  test('the live streamer is flagged from a streamer context', async ({ page }) => {
    const recharge = new RechargePage(page);
    await recharge.open('?from=live');
    await recharge.searchFor(DisplayUid.streamer);
    await expect(recharge.targetCard.getByRole('status')).toContainText('بث مباشر');
  });

  test('confirm is enabled from 5 digits; Arabic-Indic digits are accepted; the field reads left to right', {
    tag: '@spec:rule.searchMin',
  }, async ({ page, axe }) => {
    const recharge = new RechargePage(page);
    await recharge.open();
    await expect(recharge.searchInput).toHaveAttribute('dir', 'ltr');
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
    await expect(recharge.targetNickname).toHaveText(HOSTILE_NICKNAME);
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
    await expect(recharge.packages.first()).toBeVisible();
    const amounts = (await recharge.packageAmounts.allTextContents()).map((text) =>
      Number(text.replace(/[^\d.]/g, '')),
    );
    expect(amounts.length).toBeGreaterThanOrEqual(7);
    expect([...amounts].sort((a, b) => a - b)).toEqual(amounts);
    expect(amounts).not.toContain(1.99);
    await expect(recharge.packageAmounts.first()).toHaveAttribute('dir', 'ltr');
    await expect(recharge.total).toHaveAttribute('dir', 'ltr');
    await axe(page);
    await recharge.packages.filter({ hasText: '$4.99' }).click();
    await expect(recharge.total).toHaveText('$4.99');
    // Every method its own name: no two alike, no brand SPEC does not give.
    const names = (await recharge.methods.allTextContents()).map((text) => text.trim());
    expect(names.length).toBeGreaterThanOrEqual(5);
    expect(new Set(names).size).toBe(names.length);
    expect(names.join(' ')).not.toMatch(/STC/i);
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
    await recharge.searchFor(DisplayUid.omar);
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
});
