import { CardNumber } from '@topup/contracts/testdata/cards';
import { enterNewCard, openPayStepByLink } from '../../flows/pay';
import type { PayStepPage } from '../../pages/payStep';
import { journalOf } from '../../support/chaos';
import { expect, test } from '../../support/test';

/**
 * What the result panel's buttons send with the next order, read from the mock's journal (what the server
 * received), not from the page's own state: SPEC §4's order kinds, and the remember-card choice after a
 * success (SPEC §4 "success: the remember-card choice toggles the saved card").
 */

/** The kind of every order creation the server received, in order. */
async function kindsSent(pay: PayStepPage): Promise<unknown[]> {
  const entries = await journalOf(pay.page.request, 'createCoinPay');
  return entries.map((e) => (e.params as { kind?: unknown } | undefined)?.kind);
}

async function payWithNewCard(pay: PayStepPage, card: string, outcome: string): Promise<void> {
  await enterNewCard(pay, 23, card);
  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', outcome);
}

test('a failure then retry, a success then "top up again": the orders go out as normal, retry, repurchase', {
  tag: '@spec:order.kinds',
}, async ({ page }) => {
  const pay = await openPayStepByLink(page, 23);
  await payWithNewCard(pay, CardNumber.declinedGeneric, 'other');
  await expect(page.getByTestId('result-primary')).toHaveText('إعادة المحاولة');
  await expect.poll(() => kindsSent(pay)).toEqual(['normal']);

  // Retry: the same card form, its details kept to try again (only a paid card's are cleared); the visitor
  // corrects the number, and that order says it is a retry.
  await page.getByTestId('result-primary').click();
  await expect(pay.resultPanel).toHaveCount(0);
  await expect(pay.cardNumber).toHaveValue('4000 0000 0000 0002');
  await pay.cardNumber.fill(CardNumber.visaApproved);
  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success');
  await expect.poll(() => kindsSent(pay)).toEqual(['normal', 'retry']);

  // "Top up again": a new intent from the first step, and a repurchase.
  await page.getByTestId('result-secondary').click();
  await expect(pay.resultPanel).toHaveCount(0);
  await payWithNewCard(pay, CardNumber.visaApproved, 'success');
  await expect.poll(() => kindsSent(pay)).toEqual(['normal', 'retry', 'repurchase']);
});

test('an expired card, then "update and pay": the order after the new date goes out as expired', {
  tag: '@spec:order.kinds',
}, async ({ page }) => {
  const pay = await openPayStepByLink(page, 23);
  await payWithNewCard(pay, CardNumber.expired, 'expire');
  await page.getByTestId('result-primary').click();
  await expect(pay.expiry).toBeFocused();
  await pay.expiry.fill('12/31');
  await pay.cvv.fill('123');
  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', /.+/);
  await expect.poll(() => kindsSent(pay)).toEqual(['normal', 'expired']);
});

test('a saved expired card\'s expiry popup, then "update and pay": the order goes out as expired', {
  tag: '@spec:order.kinds',
}, async ({ page }) => {
  const pay = await openPayStepByLink(page, 23);
  await pay.openSavedCards.click();
  await pay.savedCard('src_mc4444').getByRole('button').first().click();
  await expect(pay.expiryPopup).toBeVisible();
  await pay.expiryPopup.getByLabel('تاريخ الانتهاء الجديد').fill('1230');
  await pay.expiryPopup.getByTestId('expiry-submit').click();
  await expect(pay.root).toHaveAttribute('data-step', 'cardCvv');
  const dates = (await journalOf(page.request, 'updateCardSource')).map(
    (e) => (e.params as { source_id?: unknown; card_valid_date?: unknown } | undefined) ?? {},
  );
  expect(dates).toEqual([expect.objectContaining({ source_id: 'src_mc4444', card_valid_date: '12/30' })]);
  await pay.cvv.fill('123');
  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', /.+/);
  await expect.poll(() => kindsSent(pay)).toEqual(['expired']);
});

test("after a paid new card, the remember choice is sent as the saved card's flag, both ways", {
  tag: '@spec:pay.remember',
}, async ({ page }) => {
  const pay = await openPayStepByLink(page, 23);
  // A new card is kept only when the visitor asks on the form; the panel then offers to undo it.
  await enterNewCard(pay, 23, CardNumber.visaApproved);
  await page.getByRole('checkbox', { name: 'حفظ البطاقة للدفع لاحقًا', exact: true }).check();
  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success');
  const remember = pay.resultPanel.getByRole('checkbox', { name: 'حفظ هذه البطاقة للدفع لاحقًا' });
  await expect(remember).toBeVisible();
  const flags = async () =>
    (await journalOf(page.request, 'updateCardSource')).map(
      (e) => (e.params as { is_remember?: unknown } | undefined)?.is_remember,
    );
  await expect(remember).toBeChecked();
  await remember.uncheck();
  await expect.poll(flags).toHaveLength(1);
  await remember.check();
  await expect.poll(flags).toHaveLength(2);
  // Each toggle sends the flag it set (as the journal records the query's boolean).
  expect((await flags()).map(String)).toEqual([
    expect.stringMatching(/^(0|false)$/),
    expect.stringMatching(/^(1|true)$/),
  ]);
});
