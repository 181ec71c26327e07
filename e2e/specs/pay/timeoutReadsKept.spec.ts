import { CardNumber as testCard } from '@topup/contracts/testdata/cards';
import { enterNewCard, openPayStepByLink } from '../../flows/pay';
import { journalOf } from '../../support/chaos';
import { expect, test } from '../../support/test';

/**
 * A provider time-out on a new card (TESTDATA 4095…2505): whether the bank charged is unknown (`isUncertain`).
 * Closing the panel leaves the card typed for a deliberate retry, but never one tap from paying twice: the
 * warning to look at the bank stays above the pay button, and the next tap first reads the earlier order (its
 * result asked, given up if still pending) before any new order is made.
 */

test('after a time-out the warning stays and the next tap reads the earlier order before a new one', async ({
  page,
}) => {
  const pay = await openPayStepByLink(page, 23);
  await enterNewCard(pay, 23, testCard.timeOut);
  await pay.confirm.click();
  await expect(pay.resultPanel).toBeVisible();
  await page.getByTestId('result-primary').click();
  await expect(pay.resultPanel).toHaveCount(0);
  // The warning is still said where the visitor taps next.
  const warning = page.getByTestId('pay-uncertain-earlier');
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('راجع حسابك البنكي قبل أن تدفع مرة أخرى');
  await expect(pay.confirm).toBeEnabled();
  // Back asks before leaving the typed card, without saying the order is one step from done.
  await page.goBack();
  await expect(pay.leavePopup).toContainText('لم يؤكد مزوّد الدفع نتيجة دفعتك السابقة بعد. هل تريد المغادرة؟');
  await expect(pay.leavePopup).not.toContainText('بقيت خطوة واحدة');
  await pay.leavePopup.getByRole('button', { name: 'متابعة الدفع' }).click();
  await expect(pay.leavePopup).toHaveCount(0);
  await expect(warning).toBeVisible();
  const before = await journalOf(page.request);
  expect(before.filter((e) => e.call === 'createCoinPay' && e.result === 0)).toHaveLength(1);
  const closedAt = Math.max(...before.map((e) => e.seq));
  await pay.confirm.click();
  await expect(pay.resultPanel).toBeVisible();
  const entries = await journalOf(page.request);
  const creates = entries.filter((e) => e.call === 'createCoinPay' && e.result === 0);
  expect(creates.length).toBeLessThanOrEqual(2);
  if (creates.length === 2) {
    // The earlier order was read (its result asked) after its panel closed and before the second order.
    const second = creates[1]?.seq ?? 0;
    const read = entries.filter(
      (e) => e.seq > closedAt && e.seq < second && e.call === 'payResultByOrderFast',
    );
    expect(read.length, 'the earlier order is read before a second is made').toBeGreaterThan(0);
  }
});
