import { confirmLinkAccount } from '../../flows/pay';
import { PayStepPage } from '../../pages/payStep';
import { RechargePage } from '../../pages/RechargePage';
import { expect, test } from '../../support/test';

/**
 * SPEC §2 method display mode 0, the last-used method: with a last pay type stored (SPEC §3 browser storage, as
 * a success leaves it), the list shows that method alone, marked «آخر طريقة دفع استخدمتها» and checked, with
 * «عرض كل طرق الدفع»; "pay now" carries it to the pay step.
 */

/** Provider 6's card: offered to 10000001 in this browser, and not the card the list would choose by default. */
const LAST = 24;

test('a stored last pay type is shown alone, checked, and "pay now" carries it', {
  tag: '@spec:pay.lastMethod',
}, async ({ page }) => {
  const recharge = new RechargePage(page);
  await recharge.open('?session_key=sk-10000001');
  await confirmLinkAccount(page);
  await page.evaluate((last) => localStorage.setItem('topup.last_pay_type', JSON.stringify(last)), LAST);
  await recharge.open();
  await expect(recharge.targetNickname).toHaveText('ريم');
  await recharge.packages.nth(1).click();

  const list = page.getByTestId('method-list');
  await expect(list).toHaveAttribute('data-mode', '0');
  await expect(recharge.methods).toHaveCount(1);
  await expect(recharge.method(LAST)).toBeChecked();
  await expect(recharge.methods).toContainText('آخر طريقة دفع استخدمتها');
  const showAll = page.getByRole('button', { name: 'عرض كل طرق الدفع' });
  await expect(showAll).toBeVisible();

  // Every channel on demand (mode 1), the last one still checked.
  await showAll.click();
  await expect(list).toHaveAttribute('data-mode', '1');
  expect(await recharge.methods.count()).toBeGreaterThan(1);
  await expect(recharge.method(LAST)).toBeChecked();

  await recharge.payNow.click();
  const pay = new PayStepPage(page);
  await expect(pay.root).toHaveAttribute('data-step', 'home');
  expect(new URL(page.url()).searchParams.get('pay_type')).toBe(String(LAST));
  await expect(pay.channel(LAST)).toBeChecked();
});
