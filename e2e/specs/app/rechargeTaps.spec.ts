import type { Page } from '@playwright/test';
import { DisplayUid } from '@topup/contracts/testdata/accounts';
import { RechargePage } from '../../pages/RechargePage';
import { journalOf } from '../../support/chaos';
import { expect, test } from '../../support/test';

/**
 * A phone visitor's taps on the recharge list (390×844): what they tap is what they get, whenever they tap.
 * A tap is made at the point where the visitor saw its target, as a finger does, not re-aimed by the test.
 */
test.use({ viewport: { width: 390, height: 844 } });

async function tapAt(page: Page, hasTouch: boolean, point: { x: number; y: number }): Promise<void> {
  if (hasTouch) await page.touchscreen.tap(point.x, point.y);
  else await page.mouse.click(point.x, point.y);
}

async function centreOf(page: Page, testId: string, index = 0): Promise<{ x: number; y: number }> {
  const box = await page.getByTestId(testId).nth(index).boundingBox();
  if (box === null) throw new Error(`${testId} is not on screen`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function ordersMade(page: Page): Promise<number> {
  return (await journalOf(page.request, 'createCoinPay')).length;
}

test('a package tapped as the account appears is chosen: the grid stays where it was seen', async ({
  page,
  hasTouch,
}) => {
  const recharge = new RechargePage(page);
  await recharge.open();
  await recharge.searchInput.fill(DisplayUid.omar);
  await expect(recharge.packages.first()).toBeVisible();
  const seen = await recharge.packages.nth(1).boundingBox();
  // The chosen account's own charge list is held until after the tap: the tap lands while it is on its way.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/get_recharge_list_v3/**', async (route) => {
    if (/(^|[{,&"])"?uid"?[=:]/.test(route.request().postData() ?? '')) await held;
    await route.continue();
  });
  await recharge.searchConfirm.click();
  await expect(recharge.targetNickname).toHaveText('Omar ⭐');
  expect(await recharge.packages.nth(1).boundingBox()).toEqual(seen);
  await tapAt(page, hasTouch, await centreOf(page, 'package', 1));
  await expect(recharge.packages.nth(1).getByRole('radio')).toBeChecked();
  await expect(recharge.total).toHaveText('$4.99');
  // The account's own list arrives: the choice stands, and nothing moved.
  release();
  await expect(page.getByRole('region', { name: 'اختر الباقة' })).toHaveAttribute('aria-busy', 'false');
  await expect(recharge.packages.nth(1).getByRole('radio')).toBeChecked();
  await expect(recharge.total).toHaveText('$4.99');
  expect(await recharge.packages.nth(1).boundingBox()).toEqual(seen);
});

test('"pay now" acts on the first tap right after a package is chosen', async ({ page, hasTouch }) => {
  const recharge = new RechargePage(page);
  await recharge.open();
  await recharge.searchFor(DisplayUid.omar);
  await expect(recharge.targetNickname).toHaveText('Omar ⭐');
  await expect(recharge.packages.nth(1)).toBeVisible();
  // Chosen, then "pay now" at once: a visitor's two quick taps in two places.
  await tapAt(page, hasTouch, await centreOf(page, 'package', 1));
  await tapAt(page, hasTouch, await centreOf(page, 'pay-now'));
  await expect(page).toHaveURL(/\/pay-step\?/);
  await expect(page.getByTestId('pay-step')).toHaveAttribute('data-step', 'home');
});

test('"pay now" pressed twice at once opens the pay step once and orders nothing', async ({ page }) => {
  const recharge = new RechargePage(page);
  await recharge.open('?session_key=sk-10000001');
  await expect(recharge.targetNickname).toHaveText('ريم');
  await recharge.packages.nth(1).click();
  await expect(recharge.payNow).toBeEnabled();
  const entries = await page.evaluate(() => history.length);
  // Both presses reach the button before the page changes (as a double tap's two clicks can).
  await recharge.payNow.evaluate((button) => {
    (button as HTMLButtonElement).click();
    (button as HTMLButtonElement).click();
  });
  await expect(page).toHaveURL(/\/pay-step\?/);
  await expect(page.getByTestId('pay-step')).toHaveAttribute('data-step', 'home');
  expect(await page.evaluate(() => history.length)).toBe(entries + 1);
  // Back is the list at once: no second pay step under the first.
  await page.goBack();
  await expect(page).toHaveURL(/\/recharge-list/);
  expect(await ordersMade(page)).toBe(0);
});

test('an account chosen from the earlier accounts: the packages stay under the finger', async ({
  page,
  hasTouch,
}) => {
  const recharge = new RechargePage(page);
  await recharge.open();
  // An earlier visit topped up Omar; this one starts with no account chosen (the choice is not kept).
  await recharge.searchFor(DisplayUid.omar);
  await expect(recharge.targetNickname).toHaveText('Omar ⭐');
  await page.evaluate(() => {
    localStorage.removeItem('topup.pay_target_uid');
    localStorage.removeItem('topup.pay_target_user');
  });
  await page.reload();
  const earlier = recharge.earlierTargets.filter({ hasText: DisplayUid.omar });
  await expect(earlier).toBeVisible();
  await expect(recharge.packages.nth(1)).toBeVisible();
  const seen = await recharge.packages.nth(1).boundingBox();
  const earlierSeen = await earlier.boundingBox();
  if (earlierSeen === null) throw new Error('the earlier account is not on screen');
  await tapAt(page, hasTouch, {
    x: earlierSeen.x + earlierSeen.width / 2,
    y: earlierSeen.y + earlierSeen.height / 2,
  });
  await expect(recharge.targetNickname).toHaveText('Omar ⭐');
  await expect(page.getByRole('region', { name: 'اختر الباقة' })).toHaveAttribute('aria-busy', 'false');
  expect(await recharge.packages.nth(1).boundingBox()).toEqual(seen);
  // The list stays where it was too, so a second tap on it lands on the account seen there.
  expect(await earlier.boundingBox()).toEqual(earlierSeen);
  // The second tap, where the package was seen, chooses it.
  await tapAt(page, hasTouch, await centreOf(page, 'package', 1));
  await expect(recharge.packages.nth(1).getByRole('radio')).toBeChecked();
});
