import { FineId } from '@topup/contracts/testdata/fines';
import { backOnline, goOffline, journalOf } from '../../support/chaos';
import { expect, test } from '../../support/test';
import { FinesPage } from './FinesPage';

const FINE_INFO = '**/api/fine/get_fine_info/**';

/**
 * The fine's order made by the server, its answer lost with the connection: the page says it will check the
 * payment by itself, and does as the connection returns (the pay step's rule), by the same request: the order it
 * made, never a second. No tap is needed to find the fine paid.
 */
test('the fine order made, its answer lost offline: back online the page asks for it by itself, one order', async ({
  page,
}) => {
  const fines = new FinesPage(page);
  await fines.open(`?id=${FineId.outstanding}`);
  await fines.enterCard('4242 4242 4242 4242');
  let lost = false;
  await page.route('**/api/order/create_fine_pay/**', async (route) => {
    if (lost) return route.continue();
    lost = true;
    // The server makes the order; the phone goes offline before its answer arrives.
    await route.fetch();
    await goOffline(page);
    await route.abort('internetdisconnected');
  });
  await fines.payButton.click();
  await expect(page.getByTestId('fine-pay-offline')).toHaveText(
    'لا يوجد اتصال بالإنترنت. سنتحقق من دفعتك تلقائيًا حين يعود الاتصال',
  );
  await expect(page.getByTestId('fine-pay-error')).toHaveCount(0);

  // No tap: the page asks for its order as the connection returns, by the same request.
  await backOnline(page);
  await expect(fines.paid).toBeVisible();
  await expect(fines.unban).toHaveAttribute('data-unban', 'unbanned');
  const creations = await journalOf(page.request, 'createFinePay');
  expect(creations, 'the lost request and the one that asked for its order').toHaveLength(2);
  expect(new Set(creations.map((e) => e.requestId)).size, 'one X-CLI-RID for the intent').toBe(1);
  const orders = creations.map((e) => (e.answer as { data?: { order_id?: string } }).data?.order_id);
  expect(new Set(orders).size, 'one order').toBe(1);
});

/**
 * The fine paid, but the account's check after it cut by the connection: the page says the fine is paid and
 * the account's state unknown, and checks it again by itself as the connection returns (no tap).
 */
test('the fine paid, its account check lost offline: back online the page checks the account by itself', async ({
  page,
}) => {
  const fines = new FinesPage(page);
  await fines.open(`?id=${FineId.outstanding}`);
  await fines.enterCard('4242 4242 4242 4242');
  let paid = false;
  let cut = false;
  await page.route('**/api/order/create_fine_pay/**', async (route) => {
    await route.fulfill({ response: await route.fetch() });
    paid = true;
  });
  await page.route(FINE_INFO, async (route) => {
    if (!paid || cut) return route.continue();
    cut = true;
    // The order's answer arrived; the phone goes offline as the account's check after it goes out.
    await goOffline(page);
    await route.abort('internetdisconnected');
  });
  await fines.payButton.click();
  await expect(fines.paid).toBeVisible();
  await expect(fines.unban).toHaveAttribute('data-unban', 'unknown');

  await backOnline(page);
  await expect(fines.unban).toHaveAttribute('data-unban', 'unbanned');
});
