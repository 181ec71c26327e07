import { IPHONE_SAFARI, localhostOrigin, openPayStepByLink } from '../../flows/pay';
import { Shell } from '../../pages/Shell';
import { expect, test } from '../../support/test';

/**
 * A toast about the connection is read above any sheet: going offline while the wallet's sheet waits on a
 * pending payment, the toast is the topmost thing where it is drawn (web/src/ui/ui.css's --z-toast).
 */

test.use({ userAgent: IPHONE_SAFARI });

test('offline during a pending wallet payment: the toast is drawn above the wallet sheet', async ({
  page,
  context,
  baseURL,
}) => {
  const pay = await openPayStepByLink(page, 26, localhostOrigin(baseURL));
  await pay.channel(26).check();
  await pay.confirm.click();
  await pay.walletSheet.locator('button[data-token="wallet:pending-success"]').click();
  await context.setOffline(true);
  // The pending payment's next poll fails: the toast says the connection failed.
  const toast = new Shell(page).toast.filter({ hasText: 'تعذّر الاتصال بالشبكة' });
  await expect(toast).toBeVisible({ timeout: 15_000 });
  await expect(pay.walletSheet).toBeVisible();
  // The element drawn at the toast's centre is the toast, not the sheet over it (the toast's region lets
  // taps through, so it takes them for the hit test only).
  const onTop = await toast.evaluate((element) => {
    const region = element as HTMLElement;
    region.style.pointerEvents = 'auto';
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    region.style.pointerEvents = '';
    return hit !== null && (element === hit || element.contains(hit));
  });
  expect(onTop).toBe(true);
  await context.setOffline(false);
});
