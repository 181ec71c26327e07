import { openPayStep } from '../../flows/pay';
import { PayStepPage } from '../../pages/payStep';
import { RechargePage } from '../../pages/RechargePage';
import { expect, test } from '../../support/test';

/**
 * What the model-based journey test (journeyModel.spec.ts) and the gallery's review found, each kept as a
 * plain browser test (the model's finding as the shortest sequence it shrank to).
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

test('back from a provider’s payment page: "processing" says nothing of a bank verification never asked', async ({
  page,
}) => {
  const pay = await openPayStep(page, 24);
  await pay.channel(24).check();
  await pay.confirm.click();
  await expect(page.getByTestId('hosted-pay')).toBeVisible();
  await page.goBack();
  await expect(pay.resultPanel.getByRole('heading')).toHaveText('الدفع قيد المعالجة', { timeout: 20_000 });
  await expect(pay.resultPanel).not.toContainText('التحقق من البنك');
  await expect(page.getByTestId('result-tip')).toHaveText(
    'لم تصلنا نتيجة الدفع بعد. إن أكملت الدفع فستصل النتيجة خلال دقائق',
  );
  // The recipient on one line with their ID.
  const recipient = page.getByTestId('result-recipient');
  const lines = await recipient.evaluate(
    (dd) => dd.getClientRects().length === 1 && dd.getBoundingClientRect().height,
  );
  const lineHeight = await recipient.evaluate((dd) => Number.parseFloat(getComputedStyle(dd).lineHeight));
  expect(lines).not.toBe(false);
  expect(Number(lines)).toBeLessThan(lineHeight * 1.5);
});
