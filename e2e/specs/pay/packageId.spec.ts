import type { Page } from '@playwright/test';
import { PayStepPage } from '../../pages/payStep';
import { RechargePage } from '../../pages/RechargePage';
import { expect, test } from '../../support/test';

/**
 * Attacker review: an order names only its recharge_id (create_coin_pay carries no amount, SPEC §7), so a list
 * giving one recharge_id two prices, or a package whose method orders another package, made the visitor see
 * $0.99 and pay $4.99 (or see $99.99 on the pay step with no word that the package changed). Such packages are
 * not offered, and the page says a package was left out; the pay step refuses the id.
 */

test.use({ viewport: { width: 390, height: 844 } });

const REFUSED =
  'لم تُعرض باقة وصل سعرها أو محتواها من الخادم بصورة غير صالحة. اختر باقة أخرى، أو أعد المحاولة لاحقًا';
const PAY_REFUSED =
  'وصل سعر هذه الباقة أو محتواها من الخادم بصورة غير صالحة، فلا يمكن دفعها. ارجع إلى قائمة الشحن واختر باقة';

type Row = Record<string, unknown>;

/** Every charge list the page gets (alone or inside the start-up batch) has each package row passed through `change`. */
async function rewritePackages(page: Page, change: (row: Row) => Row): Promise<void> {
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
    const record = Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, rewrite(inner)]));
    return typeof record.amount === 'number' && 'payItemDisplayMethods' in record ? change(record) : record;
  };
  for (const url of ['**/api/third_party_pay/get_recharge_list_v3/**', '**/api/sys/batch_request/**'])
    await page.route(url, async (route) => {
      const answer = await route.fetch();
      await route.fulfill({ response: answer, json: rewrite(await answer.json()) });
    });
}

/** The row with each of its methods ordering `id`. */
function methodsOrder(row: Row, id: string): Row {
  const groups = row.payItemDisplayMethods as { methods: Row[] }[];
  return {
    ...row,
    payItemDisplayMethods: groups.map((g) => ({
      ...g,
      methods: g.methods.map((m) => ({ ...m, recharge_id: id })),
    })),
  };
}

test('every package named rc_499 at its own price: none is offered, the list says so', async ({ page }) => {
  await rewritePackages(page, (row) => methodsOrder({ ...row, recharge_id: 'rc_499' }, 'rc_499'));
  const recharge = new RechargePage(page);
  await recharge.open('?session_key=sk-10000001');
  await expect(page.getByTestId('packages-refused')).toHaveText(REFUSED);
  await expect(recharge.packages).toHaveCount(0);
});

test('the pay step of an id the list gives two prices refuses it: nothing can be paid', async ({ page }) => {
  await rewritePackages(page, (row) => methodsOrder({ ...row, recharge_id: 'rc_499' }, 'rc_499'));
  const pay = new PayStepPage(page);
  await pay.open({ recharge_id: 'rc_499', pay_type: 23, to_uid: 1002 });
  await expect(page.getByTestId('pay-package-failed')).toContainText(PAY_REFUSED);
  await expect(page.getByTestId('pay-amount')).toHaveCount(0);
  await expect(pay.confirm).toBeDisabled();
});

test('a $0.99 package whose method orders rc_9999 is not offered; the others are', async ({ page }) => {
  await rewritePackages(page, (row) => (row.recharge_id === 'rc_099' ? methodsOrder(row, 'rc_9999') : row));
  const recharge = new RechargePage(page);
  await recharge.open('?session_key=sk-10000001');
  await expect(page.getByTestId('packages-refused')).toHaveText(REFUSED);
  await expect(recharge.packageAmounts.first()).toHaveText('$4.99');
  await expect(recharge.packageAmounts).not.toContainText(['$0.99']);
});

test("a method's name of 300 letters with no space: cut, and neither the list nor the landing is widened", async ({
  page,
}) => {
  const long = 'مدى'.repeat(100);
  await rewritePackages(page, (row) => ({
    ...row,
    payItemDisplayMethods: (row.payItemDisplayMethods as Row[]).map((group) => ({
      ...group,
      displayName: long,
    })),
  }));
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  await page.goto('/?session_key=sk-10000001');
  const mark = page.getByTestId('home-method-marks').locator('.home-accepted__name').first();
  await expect(mark).toBeVisible();
  expect((await mark.textContent())?.length).toBeLessThanOrEqual(41);
  expect(await overflow()).toBeLessThanOrEqual(0);
  const recharge = new RechargePage(page);
  await recharge.open('?session_key=sk-10000001');
  await expect(recharge.methodNames.first()).toBeVisible();
  expect((await recharge.methodNames.first().textContent())?.trim()).toMatch(/^مدى(مدى|مد|م)*…$/);
  expect((await recharge.methodNames.first().textContent())?.length).toBeLessThanOrEqual(41);
  expect(await overflow()).toBeLessThanOrEqual(0);
  // The account question's button is still on screen, and answers a tap.
  await expect(recharge.targetCard).toBeInViewport();
});
