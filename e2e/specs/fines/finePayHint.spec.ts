import { FineId } from '@topup/contracts/testdata/fines';
import { expect, test } from '../../support/test';
import { FinesPage } from './FinesPage';

/**
 * Phone review: on /fines the pay button touched the holder-name field, and nothing said why it was dimmed. As
 * on the top-up pay step: a gap above it, and the hint under it, which the button's description names.
 */
test('by card, the dimmed pay button says why, apart from the card fields; the full card enables it', async ({
  page,
}) => {
  const fines = new FinesPage(page);
  await fines.open(`?id=${FineId.outstanding}`);
  await fines.method('card').check();
  await expect(fines.holder).toBeVisible();
  await expect(fines.payButton).toBeDisabled();
  const hint = page.getByTestId('fine-pay-hint');
  await expect(hint).toHaveText('أدخل بيانات البطاقة كاملة لتفعيل زر الدفع');
  await expect(fines.payButton).toHaveAccessibleDescription('أدخل بيانات البطاقة كاملة لتفعيل زر الدفع');
  const field = await fines.holder.boundingBox();
  const button = await fines.payButton.boundingBox();
  expect(field).not.toBeNull();
  expect(button).not.toBeNull();
  if (field === null || button === null) return;
  expect(button.y - (field.y + field.height)).toBeGreaterThanOrEqual(12);
  await fines.enterCard('4242 4242 4242 4242');
  await expect(fines.payButton).toBeEnabled();
  await expect(hint).toHaveCount(0);
});
