import { CardNumber } from '@topup/contracts/testdata/cards';
import { FineId } from '@topup/contracts/testdata/fines';
import { expectNoSecrets, watchSecrets } from '../../flows/pay';
import { expect, test } from '../../support/test';
import { FinesPage } from './FinesPage';

/**
 * What the visitor typed on /fines outlives a refusal that is not about the card: the card fields stay in the
 * page (in memory, the provider's fields never unmounted) through "refresh" and "try again", as the pay step's
 * retry keeps them. A browser reload is a new page: the fields are empty, since no card detail is ever stored.
 */

async function expectCardKept(fines: FinesPage, number: string): Promise<void> {
  await expect(fines.cardNumber).toHaveValue(number);
  await expect(fines.expiry).toHaveValue('12/30');
  await expect(fines.cvv).toHaveValue('123');
  await expect(fines.holder).toHaveValue('Reem Al-Harbi');
}

test('7003: after "amount changed" and refresh, the card typed is still there and pays the new amount once confirmed', async ({
  page,
}) => {
  const fines = new FinesPage(page);
  const seen = watchSecrets(page);
  await fines.open(`?id=${FineId.amountChanges}`);
  await fines.enterCard('4242 4242 4242 4242');
  await fines.payButton.click();
  await expect(fines.amountChanged).toBeVisible();
  // Nothing of the card is drawn beside the notice (the fields wait, hidden, for the new amount).
  await expect(fines.cardFields).toBeHidden();
  await expectNoSecrets(page, seen);
  await fines.refresh.click();
  await expect(fines.amount).toHaveText('$14.99');
  await expect(page.getByTestId('fine-pay-amount')).toHaveText('$14.99');
  await expectCardKept(fines, '4242 4242 4242 4242');
  // The new amount is paid only once the visitor confirms it (fineAmountConfirm.spec.ts): changed on purpose.
  await expect(fines.payButton).toBeDisabled();
  await page.getByTestId('fine-confirm-amount').check();
  await expect(fines.payButton).toBeEnabled();
  await fines.payButton.click();
  await expect(fines.paid).toBeVisible();
  await expectNoSecrets(page, seen);
});

test('7003: a browser reload after "amount changed" shows the new amount with empty card fields', async ({
  page,
}) => {
  const fines = new FinesPage(page);
  await fines.open(`?id=${FineId.amountChanges}`);
  await fines.enterCard('4242 4242 4242 4242');
  await fines.payButton.click();
  await expect(fines.amountChanged).toBeVisible();
  await page.reload();
  await expect(fines.amount).toHaveText('$14.99');
  await expect(fines.cardNumber).toHaveValue('');
  await expect(fines.cvv).toHaveValue('');
  await expect(fines.payButton).toBeDisabled();
});

test('a declined card, then "try again": the card typed is there to correct, and the corrected one pays', async ({
  page,
}) => {
  const fines = new FinesPage(page);
  await fines.open(`?id=${FineId.outstanding}`);
  await fines.enterCard(CardNumber.declinedGeneric.replace(/(\d{4})(?=\d)/g, '$1 '));
  await fines.payButton.click();
  await expect(page.getByTestId('fine-failed')).toBeVisible();
  await expect(fines.cardFields).toBeHidden();
  await page.getByTestId('fine-try-again').click();
  await expectCardKept(fines, '4000 0000 0000 0002');
  await fines.cardNumber.fill('4242 4242 4242 4242');
  await fines.payButton.click();
  await expect(fines.paid).toBeVisible();
});
