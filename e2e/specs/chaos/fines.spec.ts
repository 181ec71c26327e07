import { FineId } from '@topup/contracts/testdata/fines';
import { forceFault, journalOf } from '../../support/chaos';
import { expect, test } from '../../support/test';
import { FinesPage } from '../fines/FinesPage';

/**
 * Fines under a failing backend: a fine order whose answer is lost is asked for again with the same
 * X-CLI-RID and the same request (never a second order); the hosted page's result, garbled, is asked again.
 */

const UNCONFIRMED = 'لم يصلنا رد مؤكد على طلبك. اضغط «ادفع الغرامة» مرة أخرى';

test('the card order is made but its answer is lost: the notice, and the retry pays the same order', async ({
  page,
}) => {
  const fines = new FinesPage(page);
  await fines.open(`?id=${FineId.outstanding}`);
  await fines.enterCard('4242 4242 4242 4242');
  // The first create_fine_pay reaches the server (the order is made), its answer never reaches the page.
  let lost = false;
  await page.route('**/api/order/create_fine_pay/**', async (route) => {
    if (lost) return route.continue();
    lost = true;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await fines.payButton.click();
  await expect(page.getByTestId('fine-pay-error')).toContainText(UNCONFIRMED);
  await fines.payButton.click();
  await expect(fines.paid).toBeVisible();
  await expect(fines.paid.getByRole('heading')).toHaveText('تم دفع الغرامة');
  const creations = await journalOf(page.request, 'createFinePay');
  expect(creations, 'the order made, then found again').toHaveLength(2);
  expect(new Set(creations.map((e) => e.requestId)).size, 'one X-CLI-RID for the intent').toBe(1);
  expect(creations.every((e) => e.result === 0)).toBe(true);
});

test("a refusal with a code none of the fine's (99999): its code beside the button, its message as text; the retry pays once", async ({
  page,
}) => {
  const fines = new FinesPage(page);
  await fines.open(`?id=${FineId.outstanding}`);
  await fines.enterCard('4242 4242 4242 4242');
  // SPEC §8: a generic failure with code and message, never "no confirmed reply" for an answer that came.
  let refused = false;
  await page.route('**/api/order/create_fine_pay/**', async (route) => {
    if (refused) return route.continue();
    refused = true;
    await route.fulfill({ json: { result: 99999, message: '<b>x</b> boom' } });
  });
  await fines.payButton.click();
  // Its message is markup and English: never drawn as markup, nor mixed into the Arabic (refusalText.ts).
  const error = page.getByTestId('fine-pay-error');
  await expect(error).toHaveText(
    'تعذّر إنشاء الطلب (الرمز 99999). ' +
      'اضغط «ادفع الغرامة» مرة أخرى لإعادة المحاولة بالطلب نفسه، ولن يُخصم المبلغ مرتين',
  );
  await expect(error).toHaveAttribute('role', 'alert');
  await expect(error.locator('b')).toHaveCount(0);
  await expect(page.getByText('boom')).toHaveCount(0);
  await fines.payButton.click();
  await expect(fines.paid).toBeVisible();
  const creations = await journalOf(page.request, 'createFinePay');
  expect(creations.map((e) => e.result)).toEqual([0]);
});

test('back from the hosted page, the result answers garbage then a 503: asked again, the fine is paid once', async ({
  page,
}) => {
  const fines = new FinesPage(page);
  await fines.open(`?id=${FineId.outstanding}`);
  await fines.method('hosted').check();
  await fines.payButton.click();
  await expect(fines.hostedPay).toBeVisible();
  await forceFault(page.request, 'payResultByOrderFast', { fault: 'notEnvelope' });
  await forceFault(page.request, 'payResultByOrderFast', { fault: 'http', status: 503 });
  await fines.hostedPay.click();
  await expect(fines.paid).toBeVisible();
  await expect(page).toHaveURL(/\/fines\?id=7001$/);
  await expect(fines.paid.getByRole('heading')).toHaveText('تم دفع الغرامة');
  await expect(fines.unban).toHaveAttribute('data-unban', 'unbanned');
  const made = (await journalOf(page.request, 'payerMaxCreateFinePay')).filter((e) => e.result === 0);
  expect(made).toHaveLength(1);
});

test('the card order is made, its answer hangs, the page reloads: the same order is found, the fine paid once', async ({
  page,
}) => {
  const fines = new FinesPage(page);
  await fines.open(`?id=${FineId.outstanding}`);
  await fines.enterCard('4242 4242 4242 4242');
  await forceFault(page.request, 'createFinePay', { fault: 'lostAnswer', after: 'hang', ms: 20_000 });
  await fines.payButton.click();
  // The order exists before the reload: the world made it, the page never heard.
  await expect.poll(async () => (await journalOf(page.request, 'createFinePay')).length).toBe(1);
  await page.reload();
  await expect(fines.paid).toBeVisible();
  await expect(page.getByTestId('fine-order')).toHaveText(/^\S{6,}$/);
  await expect(fines.payButton).toHaveCount(0);
  const creations = await journalOf(page.request, 'createFinePay');
  expect(new Set(creations.map((e) => e.requestId)).size, 'the reload asked with the same X-CLI-RID').toBe(1);
  const tokenOf = (n: number) => (creations.at(n)?.params as Record<string, unknown> | undefined)?.token;
  expect(tokenOf(0), 'the tap sent the card (redacted in the journal)').toBe('[redacted]');
  expect(tokenOf(-1), 'the reload sent no card').toBeUndefined();
});
