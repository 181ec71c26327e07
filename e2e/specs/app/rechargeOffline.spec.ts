import { Message } from '@topup/contracts/messages';
import { DisplayUid } from '@topup/contracts/testdata/accounts';
import { RechargePage } from '../../pages/RechargePage';
import { backOnline, goOffline } from '../../support/chaos';
import { recordToasts } from '../../support/notices';
import { expect, test } from '../../support/test';

/**
 * Issue 26, finding 6 on the recharge list: offline, one notice of the network failure, where it happened
 * (the search field's error, the packages' banner), never a toast repeating it, never over a pay button.
 * The pay step does the same (Shell.tsx: the calls whose page tells a network failure itself).
 */

for (const viewport of [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
]) {
  test.describe(`${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('offline, a search says the network failed once: in the field, no toast besides', async ({
      page,
    }) => {
      const recharge = new RechargePage(page);
      const toasts = await recordToasts(page);
      await page.goto('/recharge-list');
      await recharge.packages.nth(1).click();
      await expect(recharge.payNow).toBeVisible();
      // A first search online: the check's code is in the page (offline, a missing chunk says so otherwise).
      await recharge.searchFor(DisplayUid.missing);
      await expect(recharge.searchError).toHaveText(Message.accountNotFound);
      await page.context().setOffline(true);
      await recharge.searchFor(DisplayUid.omar);
      const notice = page.getByRole('alert').filter({ hasText: Message.network });
      await expect(notice).toHaveCount(1);
      expect(await toasts()).not.toContain(Message.network);
      await expect(page.getByText(Message.network)).toHaveCount(1);
      // Nothing can be paid until the account is checked: no pay button under the failure (a dead end).
      await expect(recharge.payNow).toHaveCount(0);
      // Back online, the same search is made again by itself: it finds the account, and the pay button is back.
      await backOnline(page);
      await expect(recharge.targetDisplayId).toHaveText(DisplayUid.omar);
      await expect(recharge.payNow).toBeEnabled();
    });

    test('offline, packages that could not load say so once: the banner, no toast besides', async ({
      page,
    }) => {
      const recharge = new RechargePage(page);
      const toasts = await recordToasts(page);
      await page.route('**/api/third_party_pay/get_recharge_list_v3/**', (route) =>
        route.abort('internetdisconnected'),
      );
      await page.goto('/recharge-list?session_key=sk-10000001');
      const banner = page.locator('.charge-panel').getByRole('alert');
      await expect(banner).toContainText(Message.network);
      expect(await toasts()).not.toContain(Message.network);
      await page.context().setOffline(true);
      const failed = page.waitForEvent('requestfailed', (r) => r.url().includes('get_recharge_list_v3'));
      await banner.getByRole('button', { name: 'إعادة المحاولة' }).click();
      await failed;
      await expect(page.locator('.charge-panel')).toHaveAttribute('aria-busy', 'false');
      await expect(banner).toContainText(Message.network);
      expect(await toasts()).not.toContain(Message.network);
      await expect(page.getByText(Message.network)).toHaveCount(1);
      // Back online, the retry brings the packages.
      await page.unrouteAll();
      await page.context().setOffline(false);
      await banner.getByRole('button', { name: 'إعادة المحاولة' }).click();
      await expect(recharge.packages.first()).toBeVisible();
    });
  });
}

test("a first search offline (the check's code not yet here) says the network failed, and is made again once back online", async ({
  page,
}) => {
  const recharge = new RechargePage(page);
  await page.goto('/recharge-list');
  await recharge.packages.nth(1).click();
  await goOffline(page);
  await recharge.searchFor(DisplayUid.omar);
  await expect(recharge.searchError).toHaveText(Message.network);
  // Not the generic "this part of the page could not load": nothing of the page is broken.
  await expect(page.getByText('تعذّر تحميل هذا الجزء من الصفحة', { exact: false })).toHaveCount(0);
  await expect(recharge.payNow).toHaveCount(0);
  // The connection is back: the search is made by itself, and the account can be paid for.
  await backOnline(page);
  await expect(recharge.targetDisplayId).toHaveText(DisplayUid.omar);
  await expect(recharge.searchError).toHaveCount(0);
  await expect(recharge.payNow).toBeEnabled();
});
