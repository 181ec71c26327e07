import type { APIRequestContext, Page } from '@playwright/test';
import { FineId } from '@topup/contracts/testdata/fines';
import { journalOf } from '../../support/chaos';
import { pollUntilVisible } from '../../support/clock';
import { CONTROL_HEADERS } from '../../support/mock';
import { expect, test } from '../../support/test';
import { FinesPage } from './FinesPage';

/**
 * Back unpaid from the hosted page leaves an order pending: the pending ending offers another way to pay.
 * Before the fine's methods are shown again the kept order is asked for and cancelled, so the fine is paid
 * once: a hosted order paid meanwhile is shown paid, and no second order is made.
 */
test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ request }) => {
  const reset = await request.post('/__mock/reset', { headers: CONTROL_HEADERS, data: {} });
  expect(reset.ok()).toBe(true);
});

async function fineStatus(request: APIRequestContext): Promise<string> {
  const info = await request.get(`/api/fine/get_fine_info/?id=${FineId.outstanding}`);
  return ((await info.json()) as { data: { status: string } }).data.status;
}

/** Chooses the hosted page, leaves it by back without paying, and waits for the pending ending. */
async function backUnpaid(page: Page, fines: FinesPage): Promise<string> {
  await fines.open(`?id=${FineId.outstanding}`);
  await fines.method('hosted').check();
  await fines.payButton.click();
  await expect(fines.hostedPay).toBeVisible();
  const hosted = page.url();
  await page.clock.install();
  await page.goBack();
  await pollUntilVisible(page, page.getByTestId('fine-pending'));
  return hosted;
}

test('back unpaid from the hosted page: pay another way cancels the pending order, the card pays the fine once', async ({
  page,
  request,
}) => {
  const fines = new FinesPage(page);
  const hosted = await backUnpaid(page, fines);
  const pending = page.getByTestId('fine-pending');
  await expect(pending.getByRole('button', { name: 'التحقق مرة أخرى' })).toBeVisible();
  await pending.getByRole('button', { name: 'الدفع بطريقة أخرى' }).click();

  // The fine's methods again, the hosted order cancelled first.
  await expect(fines.payButton).toBeVisible();
  const hostedOrders = (await journalOf(request, 'payerMaxCreateFinePay')).filter((e) => e.result === 0);
  expect(hostedOrders).toHaveLength(1);
  const cancelled = await journalOf(request, 'clickCancel');
  expect(cancelled.map((e) => e.result)).toEqual([0]);
  expect(await fineStatus(request)).toBe('unpaid');

  await fines.method('card').check();
  await fines.enterCard('4242 4242 4242 4242');
  await fines.payButton.click();
  await expect(fines.paid).toBeVisible();
  await expect(fines.unban).toHaveAttribute('data-unban', 'unbanned');
  expect(await fineStatus(request)).toBe('paid');
  const cardOrders = (await journalOf(request, 'createFinePay')).filter((e) => e.result === 0);
  expect(cardOrders).toHaveLength(1);

  // A reload finds the fine paid: the cancelled order is not asked about again.
  await page.reload();
  await expect(fines.alreadyPaid).toBeVisible();
  await expect(fines.payButton).toHaveCount(0);

  // The old hosted page opened again and paid: its order, cancelled, charges nothing, and the page back from it
  // says the fine is paid (never "not completed, try again").
  await page.goto(hosted);
  await fines.hostedPay.click();
  await pollUntilVisible(page, fines.alreadyPaid);
  await expect(page.getByText('لم يكتمل الدفع')).toHaveCount(0);
  await expect(fines.payButton).toHaveCount(0);
  expect(await fineStatus(request)).toBe('paid');
});

test('the hosted order paid meanwhile (another tab): pay another way shows it paid, and makes no order', async ({
  page,
  request,
}) => {
  const fines = new FinesPage(page);
  const hosted = await backUnpaid(page, fines);
  // The visitor finished the hosted page in another tab.
  const other = await page.context().newPage();
  await other.goto(hosted);
  await other.getByTestId('hosted-pay').click();
  await expect(other.getByTestId('fine-paid')).toBeVisible();
  await other.close();

  await page.getByTestId('fine-pending').getByRole('button', { name: 'الدفع بطريقة أخرى' }).click();
  await expect(fines.paid).toBeVisible();
  await expect(fines.payButton).toHaveCount(0);
  expect(await journalOf(request, 'clickCancel')).toEqual([]);
  expect(await journalOf(request, 'createFinePay')).toEqual([]);
  expect((await journalOf(request, 'payerMaxCreateFinePay')).filter((e) => e.result === 0)).toHaveLength(1);
});
