import { DisplayUid } from '@topup/contracts/testdata/accounts';
import { RechargePage } from '../../pages/RechargePage';
import { expect, test } from '../../support/test';

/**
 * A page whose code could not be fetched because the visitor was offline (the pay step, chosen from the list
 * with the connection gone): the page says it waits for the connection, and once the browser is back online it
 * loads by itself, with no tap on «إعادة المحاولة».
 */
test('the pay step chosen offline waits for the connection and loads by itself once back online', async ({
  page,
}) => {
  const recharge = new RechargePage(page);
  await recharge.open();
  await recharge.searchFor(DisplayUid.omar);
  await expect(recharge.targetDisplayId).toHaveText(DisplayUid.omar);
  // Omar's packages are here before the connection goes (else the list, not the pay step, fails offline): the
  // panel has done loading them (while it loads, it may still show the list loaded before).
  await expect(page.locator('section.charge-panel')).toHaveAttribute('aria-busy', 'false');
  await expect(recharge.packages.nth(1)).toBeVisible();
  await page.context().setOffline(true);
  await page.waitForFunction(() => !navigator.onLine, undefined, { polling: 100 });
  await recharge.packages.nth(1).click();
  await recharge.payNow.click();

  const failed = page.getByTestId('load-failed');
  await expect(failed).toContainText('تعذّر تحميل الصفحة');
  await expect(failed).toContainText('لا اتصال بالإنترنت. ستُحمَّل الصفحة تلقائيًا حين يعود الاتصال');
  await expect(page).toHaveURL(/\/pay-step/);

  await page.context().setOffline(false);
  await expect(page.getByTestId('pay-step')).toBeVisible({ timeout: 15_000 });
  await expect(failed).toHaveCount(0);
});
