import type { Locator, Page } from '@playwright/test';
import { DisplayUid } from '@topup/contracts/testdata/accounts';
import { PayStepPage } from '../../pages/payStep';
import { RechargePage } from '../../pages/RechargePage';
import { expect, test } from '../../support/test';

/**
 * Phone review: after a tap, the focus the page moves itself (the pay step's heading) painted a ring on the
 * title. It still takes the focus (screen readers announce it), without a ring after a tap; with a ring for a
 * keyboard visitor.
 */
/** A phone's tap, a desktop's click: either is a pointer. */
const press = (target: Locator, touch: boolean) => (touch ? target.tap() : target.click());

const outlineOf = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active === null ? '' : getComputedStyle(active).outlineStyle;
  });

test('a tap to the pay step: its heading has the focus, with no ring painted', async ({ page, hasTouch }) => {
  const recharge = new RechargePage(page);
  await recharge.open();
  await recharge.searchFor(DisplayUid.omar);
  await expect(recharge.targetDisplayId).toHaveText(DisplayUid.omar);
  await press(recharge.packages.nth(1), hasTouch);
  await press(recharge.payNow, hasTouch);
  const pay = new PayStepPage(page);
  const heading = pay.root.getByRole('heading', { level: 1 });
  await expect(heading).toBeFocused();
  expect(await outlineOf(page)).toBe('none');
});

test('an ID typed and sent with the phone keyboard\'s go: the focus moved to "change", with no ring painted', async ({
  page,
  hasTouch,
}) => {
  const recharge = new RechargePage(page);
  await recharge.open();
  await press(recharge.searchInput, hasTouch);
  await page.keyboard.type(DisplayUid.omar);
  await page.keyboard.press('Enter');
  await expect(recharge.targetDisplayId).toHaveText(DisplayUid.omar);
  await expect(recharge.changeTarget).toBeFocused();
  expect(await outlineOf(page)).toBe('none');
});

test('a keyboard to the pay step: its heading has the focus, with its ring', async ({ page }) => {
  const recharge = new RechargePage(page);
  await recharge.open();
  await recharge.searchFor(DisplayUid.omar);
  await expect(recharge.targetDisplayId).toHaveText(DisplayUid.omar);
  await recharge.packages.nth(1).getByRole('radio').focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('Enter');
  const pay = new PayStepPage(page);
  const heading = pay.root.getByRole('heading', { level: 1 });
  await expect(heading).toBeFocused();
  expect(await outlineOf(page)).not.toBe('none');
});
