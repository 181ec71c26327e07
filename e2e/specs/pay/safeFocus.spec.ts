import { enterNewCard, openPayStepByLink } from '../../flows/pay';
import { PayStepPage } from '../../pages/payStep';
import { journalOf } from '../../support/chaos';
import { expect, test } from '../../support/test';

/**
 * A question whose confirm destroys or gives something up opens with the focus on its safe choice: Enter (or a
 * tap where the focus lands) keeps the saved card, and keeps the interrupted order rather than cancelling it.
 */
test('the delete-card question opens on «إلغاء»: Enter deletes nothing', async ({ page }) => {
  const pay = await openPayStepByLink(page, 23);
  await pay.openSavedCards.click();
  await pay.deleteCard('src_visa4242').click();
  await expect(pay.deletePopup).toBeVisible();
  await expect(pay.cancelDelete).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(pay.deletePopup).toBeHidden();
  await expect(pay.savedCard('src_visa4242')).toBeVisible();
  expect(await journalOf(page.request, 'deleteCardSource')).toEqual([]);
});

test('«انقطع تحقق البنك» opens on «التحقق من النتيجة مرة أخرى»: Enter cancels no order', async ({ page }) => {
  const pay = new PayStepPage(page);
  await pay.open({ recharge_id: 'rc_499', pay_type: 27, to_uid: 1002 });
  await enterNewCard(pay, 27, '4212345678910006');
  await pay.confirm.click();
  await expect(pay.challengeFrame.getByTestId('challenge-submit')).toBeVisible({ timeout: 15_000 });
  await page.reload();
  await expect(pay.resultPanel).toContainText('انقطع تحقق البنك', { timeout: 15_000 });
  await expect(page.getByTestId('result-secondary')).toBeFocused();
  await expect(page.getByTestId('result-secondary')).toHaveText('التحقق من النتيجة مرة أخرى');
  await page.keyboard.press('Enter');
  await expect(pay.resultPanel).toContainText('انقطع تحقق البنك', { timeout: 15_000 });
  expect(await journalOf(page.request, 'clickCancel'), 'nothing cancelled by Enter').toEqual([]);
});
