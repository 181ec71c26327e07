import { PayStepPage } from '../../pages/payStep';
import { expect, test } from '../../support/test';

/**
 * An order this tab gave up («إلغاء الطلب والدفع من جديد»), then finished on its own page anyway (the hosted
 * page opened again and paid there): the return says that order was already cancelled and nothing charged,
 * not that the visitor cancelled on the provider's page, which they did not.
 */
test('a return from an order the page had cancelled says it was already cancelled, nothing charged', async ({
  page,
}) => {
  const pay = new PayStepPage(page);
  await pay.open({ recharge_id: 'rc_499', pay_type: 29, to_uid: 1002 });
  await pay.channel(29).check();
  await pay.confirm.click();
  await expect(page.getByTestId('hosted-pay')).toBeVisible();
  const orderPage = page.url();
  await page.goBack();
  await expect(pay.resultPanel).toContainText('لم يُؤكَّد الدفع بعد', { timeout: 15_000 });
  await page.getByTestId('result-primary').click();
  await expect(page.getByTestId('pay-earlier-cancelled')).toBeVisible();

  await page.goto(orderPage);
  await page.getByTestId('hosted-pay').click();
  await expect(pay.resultPanel).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('result-tip')).toHaveText(
    'كان هذا الطلب قد أُلغي من قبل حين اخترت «إلغاء الطلب والدفع من جديد»، فلم يُخصم أي مبلغ',
  );
  await expect(pay.resultPanel).not.toContainText('ألغيت الدفع في صفحة مزوّد الدفع');
});

/**
 * The same, across tabs: the provider's page opened in a second tab too, the order given up in the first, then
 * paid on the second tab's page. The second tab never gave the order up itself, yet its return says the order
 * had been cancelled (replaced by a new one), nothing charged: the given-up ids are the browser's, not the tab's.
 */
test('a return in another tab from an order the first tab cancelled says it was already cancelled', async ({
  page,
}) => {
  const pay = new PayStepPage(page);
  await pay.open({ recharge_id: 'rc_499', pay_type: 24, to_uid: 1002 });
  await pay.channel(24).check();
  await pay.confirm.click();
  await expect(page.getByTestId('hosted-pay')).toBeVisible();
  const second = await page.context().newPage();
  await second.goto(page.url());
  await expect(second.getByTestId('hosted-pay')).toBeVisible();

  await page.goBack();
  await expect(pay.resultPanel).toContainText('لم يُؤكَّد الدفع بعد', { timeout: 15_000 });
  await page.getByRole('button', { name: 'إلغاء الطلب والدفع من جديد' }).click();
  await expect(page.getByTestId('pay-earlier-cancelled')).toBeVisible();

  await second.getByTestId('hosted-pay').click();
  const secondPay = new PayStepPage(second);
  await expect(secondPay.resultPanel).toBeVisible({ timeout: 15_000 });
  await expect(second.getByTestId('result-tip')).toHaveText(
    'كان هذا الطلب قد أُلغي من قبل حين اخترت «إلغاء الطلب والدفع من جديد»، فلم يُخصم أي مبلغ',
  );
  await expect(secondPay.resultPanel).not.toContainText('ألغيت الدفع في صفحة مزوّد الدفع');
  await second.close();
});
