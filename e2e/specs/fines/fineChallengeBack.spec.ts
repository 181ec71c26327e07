import type { Page } from '@playwright/test';
import { CardNumber } from '@topup/contracts/testdata/cards';
import { FineId } from '@topup/contracts/testdata/fines';
import { journalOf, paramsOf } from '../../support/chaos';
import { CONTROL_HEADERS } from '../../support/mock';
import { expect, test } from '../../support/test';
import { FinesPage } from './FinesPage';

/**
 * Review (phone visitor): fine 7001 by the 3-D Secure card (4212 3456 7891 0006); on the bank's page, the
 * browser's Back gave a blocking «جارٍ التحقق من نتيجة الدفع…» for about 10 s, then «الدفع قيد المعالجة» though
 * nothing was paid there, and «الدفع بطريقة أخرى» emptied the holder name. The top-up pay step says it at once
 * (returnPending.spec.ts): the same words and ways on here (payments/pendingPanel.ts), within the pay step's
 * brief check, and the name typed is kept for the card fields that follow.
 */
const RETURNED = 'لم يُؤكَّد الدفع بعد';
const RETURNED_TIP = 'عدت من صفحة الدفع ولم يصلنا حتى الآن ما يفيد إتمام الدفع فيها';
const GIVE_UP = 'إلغاء الطلب والدفع من جديد';
const CHECK_AGAIN = 'التحقق من النتيجة مرة أخرى';

test.beforeEach(async ({ request }) => {
  const reset = await request.post('/__mock/reset', { headers: CONTROL_HEADERS, data: {} });
  expect(reset.ok()).toBe(true);
});

async function backFromBankPage(page: Page, fines: FinesPage): Promise<number> {
  await fines.open(`?id=${FineId.outstanding}`);
  await fines.enterCard(CardNumber.visaChallenge.replace(/(\d{4})(?=\d)/g, '$1 '));
  await fines.payButton.click();
  await expect(page).toHaveURL(/\/__provider\//);
  await expect(page.getByLabel('كلمة مرور التحقق')).toBeVisible();
  const left = Date.now();
  await page.goBack();
  await expect(page.getByTestId('fine-pending').getByRole('heading')).toHaveText(RETURNED, {
    timeout: 6_000,
  });
  return Date.now() - left;
}

test('Back from the bank page: "not confirmed" within the brief check, with the pay step\'s two ways on', async ({
  page,
}) => {
  const fines = new FinesPage(page);
  const waited = await backFromBankPage(page, fines);
  expect(waited, "the pay step's brief check (about 3 s), not the 10 s block").toBeLessThan(6_000);
  const pending = page.getByTestId('fine-pending');
  await expect(pending).toContainText(RETURNED_TIP);
  await expect(pending).not.toContainText('الدفع قيد المعالجة');
  await expect(page.getByTestId('fine-pending-primary')).toHaveText(GIVE_UP);
  await expect(page.getByTestId('fine-pending-secondary')).toHaveText(CHECK_AGAIN);
  // "Check again" asks briefly too, and still says it was not confirmed.
  await page.getByTestId('fine-pending-secondary').click();
  await expect(pending.getByRole('heading')).toHaveText(RETURNED, { timeout: 6_000 });
});

test('Back from the bank page, then "cancel and pay again": the order is cancelled, the holder name kept, one paid', async ({
  page,
}) => {
  const fines = new FinesPage(page);
  await backFromBankPage(page, fines);
  const first = (await journalOf(page.request, 'createFinePay')).filter((e) => e.result === 0);
  expect(first).toHaveLength(1);
  await page.getByTestId('fine-pending-primary').click();
  await expect(fines.payButton).toBeVisible();
  const cancels = await journalOf(page.request, 'clickCancel');
  expect(cancels.map((e) => paramsOf(e).app_order)).toEqual([
    (first[0]?.answer as { data?: { order_id?: string } } | undefined)?.data?.order_id,
  ]);
  // A new page: no card detail was kept, the holder's name was.
  await expect(fines.cardNumber).toHaveValue('');
  await expect(fines.cvv).toHaveValue('');
  await expect(fines.holder).toHaveValue('Reem Al-Harbi');
  await fines.cardNumber.fill('4242 4242 4242 4242');
  await fines.expiry.fill('12/30');
  await fines.cvv.fill('123');
  await fines.payButton.click();
  await expect(fines.paid).toBeVisible();
  const made = (await journalOf(page.request, 'createFinePay')).filter((e) => e.result === 0);
  expect(made).toHaveLength(2);
});
