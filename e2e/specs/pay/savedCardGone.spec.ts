import { openPayStepByLink } from '../../flows/pay';
import { journalOf } from '../../support/chaos';
import { expect, test } from '../../support/test';

/**
 * A saved card deleted elsewhere (a second tab) while this tab is on its CVV step: the order is refused as
 * invalid (10001, the mock's "no such saved card"). The page asks for the saved cards again and, the card gone
 * from them, says it is no longer saved (not "the data sent is wrong, press pay to retry", which every retry
 * answered the same) and goes home with another card, as for a locked card; no order was made.
 */
test('paying with a saved card deleted in another tab says it is gone and goes home with another card', async ({
  page,
}) => {
  const pay = await openPayStepByLink(page, 23);
  await pay.savedCardOption.check();
  await expect(page.getByTestId('saved-card-option')).toContainText('Visa •••• 4242');
  await pay.confirm.click();
  await expect(pay.root).toHaveAttribute('data-step', 'cardCvv');
  await pay.cvv.fill('123');

  const other = await page.context().newPage();
  const second = await openPayStepByLink(other, 23);
  await second.openSavedCards.click();
  await second.deleteCard('src_visa4242').click();
  await second.confirmDelete.click();
  await expect(other.getByTestId('toast')).toHaveText('تم حذف البطاقة');
  await other.close();

  await page.bringToFront();
  await pay.confirm.click();
  await expect(pay.resultPanel).toContainText('لم تعد هذه البطاقة محفوظة');
  await expect(pay.resultPanel).toContainText('لم يُخصم أي مبلغ');
  await expect(pay.resultPanel).not.toContainText('اضغط زر الدفع لإعادة المحاولة');
  await page.getByTestId('result-primary').click();
  // Home, the deleted card neither chosen nor listed, and no CVV step for it.
  await expect(pay.cvvStep).toHaveCount(0);
  await expect(page.getByTestId('saved-card-option')).not.toContainText('4242');
  await expect(pay.savedCard('src_visa4242')).toHaveCount(0);
  const made = (await journalOf(page.request, 'createCoinPay')).filter((e) => e.result === 0);
  expect(made).toEqual([]);
});
