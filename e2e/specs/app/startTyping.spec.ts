import type { Locator, Page } from '@playwright/test';
import { HomePage } from '../../pages/HomePage';
import { RechargePage } from '../../pages/RechargePage';
import { expect, test } from '../../support/test';

/**
 * A slow phone paints the page the build rendered long before the app's code is here (web/src/prerender.tsx,
 * web/src/app/start.tsx). Meanwhile its ID field takes typing, which the app is given when it starts
 * (web/src/platform/earlyInput.ts), and a tap on anything else is held and answered with a status saying the
 * page is still loading (index.html's script). The entry script is held here until the test lets it go.
 */

/** Holds the app's entry script; the returned function lets it download. */
async function holdEntry(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** A tap (a click on the desktop) at the element's centre, as a visitor makes it, whatever the page does yet. */
async function tapOn(page: Page, hasTouch: boolean, target: Locator): Promise<void> {
  const box = await target.boundingBox();
  if (box === null) throw new Error('nothing to tap');
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  if (hasTouch) await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
}

/** index.html's status, shown at a held tap. */
async function expectLoadingSaid(page: Page): Promise<void> {
  const status = page.locator('#app-starting');
  await expect(status).toBeVisible();
  await expect(status).toHaveRole('status');
  await expect(status).toHaveText('جارٍ تحميل الصفحة… انقر مرة أخرى بعد اكتمالها');
}
const loading = (page: Page) => page.locator('#app-starting');

test('the landing before its code: an ID typed is kept and searched, a tap is answered as loading', async ({
  page,
  hasTouch,
}) => {
  const release = await holdEntry(page);
  const home = new HomePage(page);
  await page.goto('/', { waitUntil: 'commit' });
  await expect(home.idInput).toBeVisible();
  await expect(page.locator('#root')).toHaveAttribute('data-starting');
  await tapOn(page, hasTouch, home.idInput);
  await page.keyboard.type('10000002');
  await expect(home.idInput).toHaveValue('10000002');
  // The built page, built empty, does not judge what was typed: no "at least 5 digits" beside 8 of them, and the
  // search button does not look refused (review: a full ID read as wrong before start).
  await expect(page.getByText('أدخل 5 أرقام على الأقل')).toBeHidden();
  const dimmed = await home.idConfirm.evaluate((button) => getComputedStyle(button).backgroundColor);
  expect(dimmed).not.toBe('rgb(201, 196, 216)');
  // The search button (still the built page's) and a link: held, and answered where the visitor looks.
  await expect(loading(page)).toBeHidden();
  await tapOn(page, hasTouch, home.idConfirm);
  await expectLoadingSaid(page);
  await tapOn(page, hasTouch, home.rechargeLink);
  await expectLoadingSaid(page);
  await expect(page.locator('#root')).toHaveAttribute('data-starting');
  await expect(page).toHaveURL(/\/$/);

  release();
  await expect(page.locator('#root')).not.toHaveAttribute('data-starting');
  // The taps held were told to come again once loaded: it is said when it has, then the status goes.
  await expect(loading(page)).toHaveText('اكتمل تحميل الصفحة. انقر مرة أخرى');
  await expect(loading(page)).toBeVisible();
  await expect(loading(page)).toHaveCount(0, { timeout: 10_000 });
  await expect(home.idInput).toHaveValue('10000002');
  await expect(home.idConfirm).toBeEnabled();
  await home.idConfirm.click();
  await expect(home.packagesFor).toContainText('Omar');
  await expect(home.packagesFor).toContainText('10000002');
  await expect(page).toHaveURL(/\/$/);
});

test('a page the app renders over (a link with arguments): the ID typed before is in its new field', async ({
  page,
  hasTouch,
}) => {
  const release = await holdEntry(page);
  const recharge = new RechargePage(page);
  await page.goto('/recharge-list?ref=start', { waitUntil: 'commit' });
  await expect(recharge.searchInput).toBeVisible();
  await tapOn(page, hasTouch, recharge.searchInput);
  await page.keyboard.type('10000002');
  // The phone keyboard's "go": the form cannot search yet, and says why.
  await page.keyboard.press('Enter');
  await expectLoadingSaid(page);
  await expect(page).toHaveURL(/\?ref=start$/);

  release();
  await expect(page.locator('#root')).not.toHaveAttribute('data-starting');
  await expect(loading(page)).toHaveCount(0);
  await expect(recharge.searchInput).toHaveValue('10000002');
  // The new field takes the focus the built one had, the caret after what was typed.
  await expect(recharge.searchInput).toBeFocused();
  await page.keyboard.type('1');
  await expect(recharge.searchInput).toHaveValue('100000021');
  await page.keyboard.press('Backspace');
  await expect(recharge.searchConfirm).toBeEnabled();
  await recharge.searchConfirm.click();
  await expect(recharge.targetNickname).toContainText('Omar');
});
