import { RechargePage } from '../../pages/RechargePage';
import { journalOf } from '../../support/chaos';
import { expect, test } from '../../support/test';

/**
 * A return from a payment (SPEC §2 rechargeList) whose order the server does not know: a definite answer
 * (23001) ends the wait at once. The page's clock is installed and never moved, so a page that waited between
 * polls (SPEC §9: 500 ms, up to 100 tries) would still be waiting when the test looks.
 */

const UNKNOWN_ORDER = 'PO9e9bb996cf0170922768f38be8e68053';
const CHECKING = 'جارٍ التحقق من نتيجة الدفع…';
const NOT_FOUND = 'لم نجد طلب الدفع هذا، ولا نعلم بخصم أي مبلغ مقابله. يمكنك متابعة الشحن من القائمة';

test('a return link with an unknown order: the list says at once that the order was not found, and stays usable', async ({
  page,
}) => {
  await page.clock.install();
  const recharge = new RechargePage(page);
  await recharge.open(`?zp_show=1&zp_orderid=${UNKNOWN_ORDER}&zp_h5deviceid=h5_x`);
  const notice = page.getByTestId('payment-return-notice');
  await expect(notice).toHaveText(NOT_FOUND);
  await expect(notice).toHaveAttribute('role', 'alert');
  await expect(page.getByText(CHECKING)).toHaveCount(0);
  // The list is there and answers: a package can be chosen.
  await recharge.packages.first().click();
  await expect(recharge.payNow).toBeEnabled();
  const asked = await journalOf(page.request, 'payResultByOrderFast');
  expect(asked.map((e) => e.result)).toEqual([23001]);
});
