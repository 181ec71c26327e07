import type { Page } from '@playwright/test';
import { FineId } from '@topup/contracts/testdata/fines';
import { openPayStepByLink } from '../../flows/pay';
import { expectOneOrder, journalOf } from '../../support/chaos';
import { recordToasts } from '../../support/notices';
import { expect, test } from '../../support/test';
import { FinesPage } from '../fines/FinesPage';

/**
 * An order whose provider page is on a host the page does not trust (a compromised or misconfigured
 * backend): the page refuses to go there, tells the visitor, cancels the order and ends in a clear state
 * with one next step, never left waiting.
 */

const UNTRUSTED = 'https://pay.evil.example/checkout';

/** The order creation's answer, as a hostile backend would send it: its page on an untrusted host. */
async function pageOnUntrustedHost(page: Page, path: string): Promise<void> {
  await page.route(path, async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { data?: { url?: string } };
    if (body.data?.url !== undefined) body.data.url = UNTRUSTED;
    await route.fulfill({ response: answer, json: body });
  });
}

test('the hosted page of an order is on an untrusted host: refused, the order cancelled, another method offered', async ({
  page,
}) => {
  const toasts = await recordToasts(page);
  const pay = await openPayStepByLink(page, 24);
  await pageOnUntrustedHost(page, '**/api/order/create_coin_pay/**');
  await pay.channel(24).check();
  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'fail');
  await expect(page.getByTestId('result-detail')).toHaveText(
    'لم نفتح صفحة الدفع لأن عنوانها غير موثوق، وأُلغي الطلب. اختر طريقة دفع أخرى',
  );
  await expect(page.getByTestId('result-tip')).toHaveText('لم يُخصم أي مبلغ من حسابك');
  await expect(page.getByTestId('result-primary')).toHaveText('اختيار طريقة دفع أخرى');
  await expect(page.getByText('جارٍ الانتقال إلى صفحة الدفع')).toHaveCount(0);
  await expect(page).toHaveURL(/\/pay-step\?/);
  await expect
    .poll(async () => (await journalOf(page.request, 'clickCancel')).map((e) => e.result))
    .toEqual([0]);
  await expectOneOrder(page.request);
  // The panel says it once: no toast beside it saying "nothing changed" (gallery review, 16-pay-page-refused).
  expect((await toasts()).filter((text) => text.includes('لم نفتح'))).toEqual([]);
  await page.getByTestId('result-primary').click();
  await expect(pay.channel(24)).toBeVisible();
});

test("a fine's hosted page on an untrusted host: refused, the order cancelled, the screen says so", async ({
  page,
}) => {
  const fines = new FinesPage(page);
  await fines.open(`?id=${FineId.outstanding}`);
  await pageOnUntrustedHost(page, '**/api/payer_max/create_fine_pay/**');
  await fines.method('hosted').check();
  await fines.payButton.click();
  await expect(page.getByTestId('fine-failed')).toContainText(
    'تعذّر فتح صفحة الدفع. أعد المحاولة أو اختر طريقة دفع أخرى',
  );
  await expect(page.getByTestId('fine-try-again')).toBeVisible();
  await expect(page).toHaveURL(/\/fines\?id=/);
  await expect
    .poll(async () => (await journalOf(page.request, 'clickCancel')).map((e) => e.result))
    .toEqual([0]);
  const made = (await journalOf(page.request, 'payerMaxCreateFinePay')).filter((e) => e.result === 0);
  expect(made).toHaveLength(1);
});
