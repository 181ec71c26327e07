import { CardNumber as testCard } from '@topup/contracts/testdata/cards';
import { enterNewCard, openPayStepByLink } from '../../flows/pay';
import { expect, test } from '../../support/test';

/**
 * Review (phone visitor): after a declined card (TESTDATA 4544…3670, insufficient funds) «استخدام بطاقة أخرى»
 * emptied every card field, the holder's name with them. The number, expiry and CVV are the refused card's and
 * go; the name is still the visitor's and stays. And a pay button waiting only for the name says so.
 */

test('another card after a refusal: the number, expiry and CVV anew, the holder name kept; the new card pays', async ({
  page,
}) => {
  const pay = await openPayStepByLink(page, 23);
  await enterNewCard(pay, 23, testCard.insufficientFunds);
  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'balance');
  await page.getByTestId('result-primary').click();
  await expect(pay.resultPanel).toHaveCount(0);
  // Reem has a remembered card: another card is chosen on the step's home, a new one by its method.
  await expect(pay.root).toHaveAttribute('data-step', 'home');
  await pay.channel(23).check();
  await pay.confirm.click();
  await expect(pay.root).toHaveAttribute('data-step', 'cardFrame');
  await expect(pay.cardNumber).toHaveValue('');
  await expect(pay.expiry).toHaveValue('');
  await expect(pay.cvv).toHaveValue('');
  await expect(pay.holder).toHaveValue('Reem Al-Harbi');
  await pay.cardNumber.fill(testCard.visaApproved);
  await pay.expiry.fill('12/30');
  await pay.cvv.fill('123');
  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success');
});

test('a card complete but for the holder name: the hint under the pay button names the name', async ({
  page,
}) => {
  const pay = await openPayStepByLink(page, 23);
  await enterNewCard(pay, 23, testCard.visaApproved);
  await pay.holder.fill('');
  await expect(pay.confirm).toBeDisabled();
  const hint = page.getByTestId('pay-confirm-hint');
  await expect(hint).toHaveText('أدخل اسم حامل البطاقة لتفعيل زر الدفع');
  await expect(pay.confirm).toHaveAccessibleDescription('أدخل اسم حامل البطاقة لتفعيل زر الدفع');
  // The card incomplete too: the card's details, as before.
  await pay.cvv.fill('');
  await expect(hint).toHaveText('أدخل بيانات البطاقة كاملة لتفعيل زر الدفع');
  await pay.cvv.fill('123');
  await pay.holder.fill('Reem Al-Harbi');
  await expect(pay.confirm).toBeEnabled();
  await expect(hint).toHaveCount(0);
});
