import type { Page } from '@playwright/test';
import { DisplayUid } from '@topup/contracts/testdata/accounts';
import { RechargePage } from '../../pages/RechargePage';
import { expect, test } from '../../support/test';

/**
 * A slow account search started on the landing, then a package tapped: the search goes on, on the recharge
 * list, and only the ID the visitor wants now is chosen (review of a phone visit, findings 1 and 2).
 */

const CHECKING = 'جارٍ التحقق من الحساب…';

/** Holds the check of `displayId` until released; its answer's arrival is `answered`. */
async function holdCheck(page: Page, displayId: string) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/web\/check_display_id\//, async (route) => {
    if (new URL(route.request().url()).searchParams.get('display_id') === displayId) await held;
    await route.continue();
  });
  const answered = page.waitForResponse(
    (response) =>
      response.url().includes('/check_display_id/') &&
      new URL(response.url()).searchParams.get('display_id') === displayId,
  );
  return { release, answered };
}

/** On the landing: the ID searched (its answer held), then the 350 package tapped while it is checked. */
async function searchThenTapPackage(page: Page) {
  const check = await holdCheck(page, DisplayUid.omar);
  const recharge = new RechargePage(page);
  await recharge.goto('/');
  await recharge.searchInput.fill(DisplayUid.omar);
  await recharge.searchConfirm.click();
  await expect(recharge.searchConfirm).toHaveText(CHECKING);
  await page.locator('[data-testid="home-package"][data-recharge-id="rc_499"]').click();
  await expect(page).toHaveURL(/\/recharge-list/);
  return { recharge, check };
}

test('the search in flight is carried onto the recharge list: its ID, its progress, no error', async ({
  page,
}) => {
  const { recharge, check } = await searchThenTapPackage(page);
  await expect(recharge.searchInput).toHaveValue(DisplayUid.omar);
  await expect(recharge.searchConfirm).toHaveText(CHECKING);
  await expect(recharge.total).toHaveText('$4.99');
  // "Pay now" meanwhile waits for that search: no "enter the ID first".
  await recharge.payNow.click();
  await expect(recharge.payNow).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByTestId('pay-ask-id')).toHaveCount(0);
  check.release();
  await expect(page).toHaveURL(/\/pay-step\?.*recharge_id=rc_499.*&to_uid=1002/);
  await expect(page.getByTestId('pay-recipient-id')).toHaveText(DisplayUid.omar);
});

test('a newer ID wins: the older search’s late answer neither chooses its account nor changes the field', async ({
  page,
}) => {
  const { recharge, check } = await searchThenTapPackage(page);
  // Another ID typed while the first is checked: that search is no longer wanted.
  await recharge.searchInput.fill(DisplayUid.newUser);
  await expect(recharge.searchConfirm).toHaveText('بحث');
  check.release();
  await check.answered;
  // Its answer came: nothing chosen, the typed ID kept.
  await expect(recharge.searchInput).toHaveValue(DisplayUid.newUser);
  await expect(recharge.targetNickname).toHaveCount(0);
  await recharge.searchConfirm.click();
  await expect(recharge.targetDisplayId).toHaveText(DisplayUid.newUser);
});

test('a newer search supersedes one still on its way: its late answer is dropped', async ({ page }) => {
  const { recharge, check } = await searchThenTapPackage(page);
  await recharge.searchFor(DisplayUid.newUser);
  await expect(recharge.targetDisplayId).toHaveText(DisplayUid.newUser);
  check.release();
  await check.answered;
  // The older answer is in, and a frame later still the newer account.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
  await expect(recharge.targetDisplayId).toHaveText(DisplayUid.newUser);
  await expect(recharge.targetNickname).not.toHaveText('Omar ⭐');
});
