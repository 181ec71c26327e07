import { FineId } from '@topup/contracts/testdata/fines';
import { journalOf, paramsOf } from '../../support/chaos';
import { expect, test } from '../../support/test';
import { FinesPage } from './FinesPage';

/**
 * Review (phone visitor): fine 7003's amount changed while it was paid ("تغيّر مبلغ الغرامة"); after «تحديث»
 * the amount went from $9.99 to $14.99 with nothing saying so, the card still typed: one tap paid 50% more.
 * Now the change is said above the pay button (new and previous amount), the button names the new amount, and
 * it waits until the visitor ticks that they pay the new amount; the card typed stays.
 */
test('7003 after refresh: the change is said, and the new amount is paid only once confirmed', async ({
  page,
}) => {
  const fines = new FinesPage(page);
  await fines.open(`?id=${FineId.amountChanges}`);
  await fines.enterCard('4242 4242 4242 4242');
  await fines.payButton.click();
  await expect(fines.amountChanged).toBeVisible();
  await fines.refresh.click();

  const notice = page.getByTestId('fine-amount-change');
  await expect(notice.getByRole('alert')).toContainText('ارتفع مبلغ الغرامة');
  await expect(notice.getByTestId('fine-new-amount')).toHaveText('$14.99');
  await expect(notice.getByTestId('fine-old-amount')).toHaveText('$9.99');
  // The refresh's button went with its screen: the focus is not left on the page's body but on the box to tick,
  // which a screen reader reads with what changed.
  const confirmBox = page.getByTestId('fine-confirm-amount');
  await expect(confirmBox).toBeFocused();
  await expect(confirmBox).toHaveAccessibleDescription(/ارتفع مبلغ الغرامة/);
  await expect(page.getByTestId('fine-pay-amount')).toHaveText('$14.99');
  await expect(fines.cardNumber).toHaveValue('4242 4242 4242 4242');
  await expect(fines.holder).toHaveValue('Reem Al-Harbi');
  // The notice stands above the pay button, which waits for the confirmation and says why.
  const noticeBox = await notice.boundingBox();
  const payBox = await fines.payButton.boundingBox();
  expect(noticeBox !== null && payBox !== null && noticeBox.y + noticeBox.height <= payBox.y).toBe(true);
  await expect(fines.payButton).toBeDisabled();
  await expect(fines.payButton).toHaveAccessibleDescription('أكّد المبلغ الجديد أعلاه لتفعيل زر الدفع');
  await fines.payButton.click({ force: true });
  expect(await journalOf(page.request, 'createFinePay'), 'no order before the confirmation').toHaveLength(1);

  const confirm = page.getByTestId('fine-confirm-amount');
  await expect(page.getByRole('checkbox', { name: /أوافق على دفع المبلغ الجديد/ })).not.toBeChecked();
  await confirm.check();
  await expect(fines.payButton).toBeEnabled();
  await fines.payButton.click();
  await expect(fines.paid).toBeVisible();
  const orders = await journalOf(page.request, 'createFinePay');
  expect(orders.map((e) => paramsOf(e).amount)).toEqual(['9.99', '14.99']);
});
