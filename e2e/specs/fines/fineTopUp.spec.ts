import { FineId } from '@topup/contracts/testdata/fines';
import { RechargePage } from '../../pages/RechargePage';
import { journalOf } from '../../support/chaos';
import { expect, test } from '../../support/test';
import { FinesPage } from './FinesPage';

/**
 * After a paid fine, "top up this account" tops up that account: the recharge list asks the server about it
 * again (its ban is lifted) through its one account search, and has it chosen, whether the visitor came from the
 * list's banned search or opened the fine's link directly. The paid view also leads to the page's own search for
 * another fine.
 */

const BANNED = '10000009';

async function payOutstanding(fines: FinesPage): Promise<void> {
  await expect(fines.payButton).toBeVisible();
  await fines.enterCard('4242 4242 4242 4242');
  await fines.payButton.click();
  await expect(fines.unban).toHaveAttribute('data-unban', 'unbanned');
}

async function expectChosen(list: RechargePage): Promise<void> {
  await expect(list.page).toHaveURL(/\/recharge-list$/);
  await expect(list.targetDisplayId).toHaveText(BANNED);
  await expect(list.targetNickname).toBeVisible();
  await expect(list.page.getByTestId('banned-fine')).toHaveCount(0);
  await expect(list.page.getByText('هذا الحساب محظور ولا يمكن شحنه')).toHaveCount(0);
  // Asked again after the payment, and answered as an account that can be topped up.
  const checks = await journalOf(list.page.request, 'checkDisplayId');
  expect(checks.at(-1)?.result).toBe(0);
  // Topped up at once: a package and the pay button that takes it on.
  await list.packages.first().click();
  await expect(list.payNow).toBeEnabled();
}

test('from the banned search, the paid fine\u2019s "top up this account" chooses the unbanned account', async ({
  page,
}) => {
  const list = new RechargePage(page);
  await list.open();
  await list.searchFor(BANNED);
  await page.getByTestId('banned-fine-link').click();
  await page.getByRole('textbox', { name: 'رقم الغرامة' }).fill(String(FineId.outstanding));
  await page.getByTestId('fine-lookup-submit').click();
  const fines = new FinesPage(page);
  await payOutstanding(fines);
  await fines.topUp.click();
  await expectChosen(list);
});

test('the fine\u2019s link opened directly: "top up this account" chooses its account on the list', async ({
  page,
}) => {
  const fines = new FinesPage(page);
  await fines.open(`?id=${FineId.outstanding}`);
  await payOutstanding(fines);
  await fines.topUp.click();
  await expectChosen(new RechargePage(page));
});

test('the paid view leads, after its main action, to the search for another fine', async ({ page }) => {
  const fines = new FinesPage(page);
  await fines.open(`?id=${FineId.outstanding}`);
  await payOutstanding(fines);
  const another = page.getByTestId('fine-another');
  await expect(another).toHaveText('دفع غرامة أخرى');
  // Secondary: after the main action, and not drawn as a button.
  const [top, below] = await Promise.all([fines.topUp.boundingBox(), another.boundingBox()]);
  expect(below?.y ?? 0).toBeGreaterThan(top?.y ?? 0);
  await expect(another).not.toHaveClass(/btn/);
  await another.click();
  await expect(page).toHaveURL(/\/fines$/);
  await expect(page.getByTestId('fine-lookup')).toBeVisible();
  await page.getByRole('textbox', { name: 'رقم الغرامة' }).fill(String(FineId.paid));
  await page.getByTestId('fine-lookup-submit').click();
  await expect(fines.alreadyPaid).toBeVisible();
});
