import { FineId, fineById } from '@topup/contracts/testdata/fines';
import { expectNoSecrets, watchSecrets } from '../../flows/pay';
import { expect, test } from '../../support/test';
import { FinesPage } from './FinesPage';

/**
 * Every fine row of TESTDATA through /fines. Paying 7001 and creating 7003's order change the mock's world,
 * so these tests run in order, each from a fresh world (POST /__mock/reset).
 */
test.describe.configure({ mode: 'serial' });

const outstanding = fineById(FineId.outstanding);

test.beforeEach(async ({ request }) => {
  const reset = await request.post('/__mock/reset', { data: {} });
  expect(reset.ok()).toBe(true);
});

async function expectUnbanned(fines: FinesPage, displayUid: string): Promise<void> {
  await expect(fines.paid).toBeVisible();
  await expect(fines.unban).toHaveAttribute('data-unban', 'unbanned');
  await expect(fines.paid.getByRole('heading')).toBeFocused();
  await expect(fines.topUp).toHaveAttribute('href', '/recharge-list');
  // The account answers normally again.
  const check = await fines.page.request.get(`/api/web/check_display_id/?display_id=${displayUid}&source=1`);
  expect(((await check.json()) as { result: number }).result).toBe(0);
}

test('7001 shows the account and amount, and is paid by card, which unbans 10000009', async ({
  page,
  axe,
}) => {
  const fines = new FinesPage(page);
  const seen = watchSecrets(page);
  await fines.open(`?id=${FineId.outstanding}`);
  await expect(fines.displayId).toHaveText(outstanding?.display_uid ?? '');
  await expect(fines.amount).toHaveText('$4.99');
  await expect(fines.amount).toHaveAttribute('dir', 'ltr');
  await expect(fines.nickname).not.toBeEmpty();
  await expect(fines.summary.locator('img')).toHaveCount(0);
  await axe(page);
  await expect(fines.method('card')).toBeChecked();
  await fines.enterCard('4242 4242 4242 4242');
  await fines.payButton.click();
  await expectUnbanned(fines, outstanding?.display_uid ?? '');
  await axe(page);
  await expectNoSecrets(page, seen);
  await fines.topUp.click();
  await expect(page).toHaveURL(/\/recharge-list$/);
});

test('7001 paid on the hosted page comes back, asks for the result and unbans 10000009', async ({ page }) => {
  const fines = new FinesPage(page);
  await fines.open(`?id=${FineId.outstanding}`);
  await fines.method('hosted').check();
  await fines.payButton.click();
  await expect(fines.hostedPay).toBeVisible();
  await fines.hostedPay.click();
  await expect(page).toHaveURL(/\/fines\?id=7001&zp_show=1&zp_orderid=/);
  await expectUnbanned(fines, outstanding?.display_uid ?? '');
});

test('7002 says it is already paid and offers no payment', async ({ page, axe }) => {
  const fines = new FinesPage(page);
  await fines.open(`?id=${FineId.paid}`);
  await expect(fines.alreadyPaid).toBeVisible();
  await expect(fines.payButton).toHaveCount(0);
  await axe(page);
});

test('7003: the amount changed when the order was made; refresh shows the new amount, which is paid', async ({
  page,
}) => {
  const fines = new FinesPage(page);
  await fines.open(`?id=${FineId.amountChanges}`);
  await expect(fines.amount).toHaveText('$9.99');
  await fines.enterCard('4242 4242 4242 4242');
  await fines.payButton.click();
  await expect(fines.amountChanged).toBeVisible();
  await expect(fines.amountChanged.getByRole('heading')).toBeFocused();
  await fines.refresh.click();
  await expect(fines.amount).toHaveText('$14.99');
  await fines.enterCard('4242 4242 4242 4242');
  await fines.payButton.click();
  await expect(fines.paid).toBeVisible();
  await expect(fines.unban).not.toHaveAttribute('data-unban', 'checking');
});

test('7999 is not found', async ({ page, axe }) => {
  const fines = new FinesPage(page);
  await fines.open(`?id=${FineId.missing}`);
  await expect(fines.notFound).toBeVisible();
  await expect(fines.payButton).toHaveCount(0);
  await axe(page);
});

test('a link without a usable id says so and makes no call', async ({ page }) => {
  const fines = new FinesPage(page);
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/fine/')) calls.push(r.url());
  });
  for (const search of ['', '?id=abc']) {
    await fines.open(search);
    await expect(fines.badLink).toBeVisible();
  }
  expect(calls).toEqual([]);
});
