import { PayStepPage } from '../../pages/payStep';
import { RechargePage } from '../../pages/RechargePage';
import { expect, test } from '../../support/test';

/**
 * What the model-based journey test (journeyModel.spec.ts) found, each reduced to the shortest sequence it
 * shrank to and kept as a plain browser test.
 */

test('a reload on the CVV step leaves no stale back: the first step’s back leaves at the first tap', async ({
  page,
}) => {
  const recharge = new RechargePage(page);
  await page.goto('/recharge-list?session_key=sk-10000001');
  await recharge.packages.nth(1).click();
  await recharge.payNow.click();
  const pay = new PayStepPage(page);
  await pay.confirm.click();
  await expect(pay.cvvStep).toBeVisible();
  await page.reload();
  await expect(pay.root).toHaveAttribute('data-step', 'home');
  await expect(pay.confirm).toBeEnabled();
  await pay.back.click();
  await expect(page).toHaveURL(/\/recharge-list/);
});
