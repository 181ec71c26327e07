import { enterNewCard } from '../../flows/pay';
import { PayStepPage } from '../../pages/payStep';
import { journalOf } from '../../support/chaos';
import { expect, test } from '../../support/test';

/**
 * The panel of a bank check cut off by a reload («انقطع تحقق البنك»): the browser's Back is its safe choice, the
 * order's result asked first, never a silent close that leaves the order neither cancelled nor said again. Still
 * undecided after that check, the next Back closes the panel as its × does (no loop on Back), and nothing was
 * cancelled on the way.
 */
test('Back on «انقطع تحقق البنك» asks for the order\u2019s result first; a second Back closes the panel', async ({
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
  // Asked again, and the panel says the order once more (not closed under the visitor).
  await expect.poll(polls, { timeout: 15_000 }).toBeGreaterThan(before);
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0, { timeout: 15_000 });
  await expect(pay.resultPanel).toContainText('انقطع تحقق البنك');
  await expect(page).toHaveURL(/\/pay-step/);

  await page.goBack();
  await expect(pay.resultPanel).toHaveCount(0);
  await expect(page).toHaveURL(/\/pay-step/);
  expect(await journalOf(page.request, 'clickCancel'), 'nothing cancelled by Back').toEqual([]);
});
