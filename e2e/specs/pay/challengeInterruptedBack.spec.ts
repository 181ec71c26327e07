import { enterNewCard } from '../../flows/pay';
import { PayStepPage } from '../../pages/payStep';
import { journalOf } from '../../support/chaos';
import { expect, test } from '../../support/test';

/**
 * The panel of a bank check cut off by a reload («انقطع تحقق البنك»): the browser's Back closes it as its × does
 * (MACHINE.md, result(failure) × back), at once: no second check of the order, nothing cancelled, the step's
 * controls back. The order stays kept, and the next pay tap gives it up before any new order
 * (keptPending.spec.ts).
 */
test('Back on «انقطع تحقق البنك» closes the panel at once: no new check, nothing cancelled', async ({
  page,
}) => {
  const pay = new PayStepPage(page);
  await pay.open({ recharge_id: 'rc_499', pay_type: 27, to_uid: 1002 });
  await enterNewCard(pay, 27, '4212345678910006');
  await pay.confirm.click();
  await expect(pay.challengeFrame.getByTestId('challenge-submit')).toBeVisible({ timeout: 15_000 });
  await page.reload();
  await expect(pay.resultPanel).toContainText('انقطع تحقق البنك', { timeout: 15_000 });
  const polls = async () => (await journalOf(page.request, 'payResultByOrderFast')).length;
  const before = await polls();

  await page.goBack();
  await expect(pay.resultPanel).toHaveCount(0);
  await expect(page).toHaveURL(/\/pay-step/);
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
  await expect(pay.confirm).toBeVisible();
  expect(await polls(), 'the order not asked for again by Back').toBe(before);
  expect(await journalOf(page.request, 'clickCancel'), 'nothing cancelled by Back').toEqual([]);
});
