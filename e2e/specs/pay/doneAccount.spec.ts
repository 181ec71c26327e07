import { CardNumber } from '@topup/contracts/testdata/cards';
import { enterNewCard } from '../../flows/pay';
import { PayStepPage } from '../../pages/payStep';
import { RechargePage } from '../../pages/RechargePage';
import { expect, test } from '../../support/test';

/**
 * "تم" (done) leads to the recharge list of the account just paid for, with no package chosen (web/README.md),
 * also when the pay step was opened by a link naming the account (no list before it) and the visitor signed
 * out: Omar, 10000002 (TESTDATA), whom the visitor never chose on the list.
 */

test.use({ viewport: { width: 390, height: 844 } });

async function payNewCard(pay: PayStepPage, card: string): Promise<void> {
  await enterNewCard(pay, 27, card);
  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success');
}

async function expectListOfOmar(recharge: RechargePage): Promise<void> {
  await expect(recharge.page).toHaveURL(/\/recharge-list/);
  await expect(recharge.targetDisplayId).toHaveText('10000002');
  await expect(recharge.targetNickname).toContainText('Omar');
  await expect(recharge.packages.first()).toBeVisible();
  await expect(recharge.packages.getByRole('radio', { checked: true })).toHaveCount(0);
  await expect(recharge.payNow).toHaveCount(0);
}

for (const again of [false, true]) {
  test(`a link's payment${again ? ', topped up again,' : ''} then "تم": the list of the account paid for`, async ({
    page,
  }) => {
    const pay = new PayStepPage(page);
    await pay.open({ recharge_id: 'rc_499', pay_type: 27, to_uid: 1002 });
    await expect(pay.root).toHaveAttribute('data-step', 'home');
    await payNewCard(pay, CardNumber.visaApproved);
    if (again) {
      await page.getByRole('button', { name: 'شحن الباقة نفسها مرة أخرى' }).click();
      await expect(pay.resultPanel).toHaveCount(0);
      await payNewCard(pay, CardNumber.mastercardApproved);
    }
    await page.getByRole('button', { name: 'تم', exact: true }).click();
    await expectListOfOmar(new RechargePage(page));
  });
}
