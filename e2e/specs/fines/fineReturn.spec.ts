import { FineId } from '@topup/contracts/testdata/fines';
import { journalOf } from '../../support/chaos';
import { expect, test } from '../../support/test';
import { FinesPage } from './FinesPage';

/**
 * Back on /fines from the hosted page with an order the server does not know (a crafted or stale link):
 * 23001 ends the wait at once, says so, and leads back to the fine. The page's clock never moves, so a page
 * that waited between polls would still be checking when the test looks.
 */

const NOT_FOUND_TITLE = 'لم نجد طلب الدفع هذا';
const NOT_FOUND = 'لا نعلم بخصم أي مبلغ مقابله. يمكنك دفع الغرامة من جديد';

test('a return with an unknown order: the fine page says the order was not found, and pays the fine from there', async ({
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
  await ending.getByRole('button', { name: 'ادفع الغرامة' }).click();
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
