import { FineId } from '@topup/contracts/testdata/fines';
import { journalOf } from '../../support/chaos';
import { expect, test } from '../../support/test';
import { FinesPage } from './FinesPage';

/**
 * Back on /fines from the hosted page with an order this browser cannot read (a crafted or stale link, or a
 * return opened in another browser while its order may still be paid there): 23001 ends the wait at once, says
 * it cannot be checked from here, as the top-up's return does, never inviting a second payment, and leads back
 * to the fine's status. The page's clock never moves, so a page
 * that waited between polls would still be checking when the test looks.
 */

const NOT_FOUND_TITLE = 'لا يمكننا التحقق من طلب الدفع هذا من هنا';
const NOT_FOUND =
  'قد تكون عملية الدفع هذه بدأت على جهاز أو متصفح آخر، فتظهر نتيجتها هناك. إن اكتمل الدفع فسيُلغى حظر الحساب دون أي خطوة منك، فتحقّق من حالة الغرامة بعد قليل قبل أي دفع جديد';

test('a return with an order it cannot read: the fine page says so without inviting a second payment, and shows the fine', async ({
  page,
}) => {
  await page.clock.install();
  const fines = new FinesPage(page);
  await fines.open(`?id=${FineId.outstanding}&zp_show=1&zp_orderid=PO9e9bb996cf0170922768f38be8e68053`);
  const ending = page.getByTestId('fine-order-not-found');
  await expect(ending.getByRole('heading')).toHaveText(NOT_FOUND_TITLE);
  await expect(ending).toContainText(NOT_FOUND);
  await expect(fines.summary).toBeVisible();
  const asked = await journalOf(page.request, 'payResultByOrderFast');
  expect(asked.map((e) => e.result)).toEqual([23001]);
  await expect(ending).not.toContainText('من جديد');
  await expect(ending.getByRole('button', { name: 'ادفع الغرامة' })).toHaveCount(0);
  await ending.getByRole('button', { name: 'عرض حالة الغرامة' }).click();
  await expect(fines.payButton).toBeVisible();
});

test('the ended return leaves the address: a reload opens the fine, with no second lookup', async ({
  page,
}) => {
  const fines = new FinesPage(page);
  await fines.open(
    `?id=${FineId.outstanding}&zp_show=1&zp_orderid=PO9e9bb996cf0170922768f38be8e68053&utm_source=mail#faq`,
  );
  await expect(page.getByTestId('fine-order-not-found')).toBeVisible();
  // The return's own arguments are gone; the fine's id, every other argument and the hash stay.
  await expect(page).toHaveURL(new RegExp(`/fines\\?id=${FineId.outstanding}&utm_source=mail#faq$`));
  // The ending stays on screen while the address changes under it.
  await expect(page.getByTestId('fine-order-not-found')).toBeVisible();
  await page.reload();
  await expect(fines.payButton).toBeVisible();
  await expect(page.getByTestId('fine-order-not-found')).toHaveCount(0);
  const asked = await journalOf(page.request, 'payResultByOrderFast');
  expect(asked.map((e) => e.result)).toEqual([23001]);
});

test('an order id longer than any order id (65 characters) is not found at once, and never asked about', async ({
  page,
}) => {
  await page.clock.install();
  const fines = new FinesPage(page);
  await fines.open(`?id=${FineId.outstanding}&zp_show=1&zp_orderid=PO${'9'.repeat(63)}`);
  const ending = page.getByTestId('fine-order-not-found');
  await expect(ending.getByRole('heading')).toHaveText(NOT_FOUND_TITLE);
  await expect(ending).toContainText(NOT_FOUND);
  expect(await journalOf(page.request, 'payResultByOrderFast')).toEqual([]);
});
