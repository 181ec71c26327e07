import type { Page } from '@playwright/test';
import { HomePage } from '../../pages/HomePage';
import { PayStepPage } from '../../pages/payStep';
import { RechargePage } from '../../pages/RechargePage';
import { expect, test } from '../../support/test';

/**
 * A charge list whose server lies about a price: a package of 0.001 USD. A USD price is written to the cent
 * (SPEC §3: amount in USD); a finer one would be drawn rounded ("$0.00"), a price the visitor is not charged.
 * Such a package is outside the contract: it is not offered, and the page says why in Arabic.
 */

const ODD = 'rc_499';
const REFUSED =
  'لم تُعرض باقة وصل سعرها أو محتواها من الخادم بصورة غير صالحة. اختر باقة أخرى، أو أعد المحاولة لاحقًا';
const PAY_REFUSED =
  'وصل سعر هذه الباقة أو محتواها من الخادم بصورة غير صالحة، فلا يمكن دفعها. ارجع إلى قائمة الشحن واختر باقة';

/** Every charge list the page gets (alone or inside the start-up batch) prices `ODD` at `amount`. */
async function priceOddPackage(page: Page, amount: number): Promise<void> {
  const rewrite = (value: unknown): unknown => {
    if (typeof value === 'string' && value.startsWith('{')) {
      try {
        return JSON.stringify(rewrite(JSON.parse(value)));
      } catch {
        return value;
      }
    }
    if (Array.isArray(value)) return value.map(rewrite);
    if (value === null || typeof value !== 'object') return value;
    const entries = Object.entries(value).map(([key, inner]) => [key, rewrite(inner)] as const);
    const record = Object.fromEntries(entries) as Record<string, unknown>;
    return record.recharge_id === ODD && typeof record.amount === 'number' ? { ...record, amount } : record;
  };
  for (const url of ['**/api/third_party_pay/get_recharge_list_v3/**', '**/api/sys/batch_request/**'])
    await page.route(url, async (route) => {
      const answer = await route.fetch();
      await route.fulfill({ response: answer, json: rewrite(await answer.json()) });
    });
}

test('a package priced 0.001 USD is not offered as "$0.00": the list says a package was left out', async ({
  page,
}) => {
  await priceOddPackage(page, 0.001);
  const recharge = new RechargePage(page);
  await recharge.open('?session_key=sk-10000001');
  await expect(recharge.packages.first()).toBeVisible();
  await expect(page.getByTestId('packages-refused')).toHaveText(REFUSED);
  await expect(recharge.packageAmounts).not.toContainText(['$0.00']);
  await expect(recharge.packageAmounts.first()).toHaveText('$0.99');
  await expect(recharge.packageAmounts.nth(1)).toHaveText('$9.99');
});

test('a list with every price in cents says nothing was left out', async ({ page }) => {
  const recharge = new RechargePage(page);
  await recharge.open('?session_key=sk-10000001');
  await expect(recharge.packageAmounts.nth(1)).toHaveText('$4.99');
  await expect(page.getByTestId('packages-refused')).toHaveCount(0);
});

test('the pay step of a package priced 0.001 USD says its price is not valid, and nothing can be paid', async ({
  page,
}) => {
  await priceOddPackage(page, 0.001);
  const pay = new PayStepPage(page);
  await pay.open({ recharge_id: ODD, pay_type: 23, to_uid: 1002 });
  await expect(page.getByTestId('pay-package-failed')).toContainText(PAY_REFUSED);
  await expect(page.getByText('$0.00')).toHaveCount(0);
  await expect(pay.confirm).toBeDisabled();
});

test('the landing leaves the 0.001 USD package out of its strip too, and says so', async ({ page }) => {
  await priceOddPackage(page, 0.001);
  const home = new HomePage(page);
  await home.goto('/');
  await expect(home.packagePrices.first()).toHaveText('$0.99');
  await expect(page.getByTestId('packages-refused')).toHaveText(REFUSED);
  await expect(home.packagePrices).not.toContainText(['$0.00']);
});
