import { openPayStepByLink } from '../../flows/pay';
import { expect, test } from '../../support/test';

/**
 * Phone review j22: an expired saved card tapped opens its expiry update; backed out of, the card that was
 * chosen before it is chosen again, not the expired one (whose pay button would only reopen the update).
 */
test("backing out of an expired card's expiry update leaves the usable card chosen before it", async ({
  page,
}) => {
  const pay = await openPayStepByLink(page, 23);
  const option = page.getByTestId('saved-card-option');
  await expect(option).toContainText('4242');
  await pay.openSavedCards.click();
  await pay.savedCard('src_mc4444').getByRole('button').first().click();
  await expect(pay.expiryPopup).toBeVisible();
  await page.goBack();
  await expect(pay.expiryPopup).toHaveCount(0);
  await expect(pay.root).toHaveAttribute('data-step', 'savedCards');
  await page.goBack();
  await expect(pay.root).toHaveAttribute('data-step', 'home');
  await expect(option).toContainText('4242');
  await expect(option).not.toContainText('4444');
  // Its pay button goes on with that card (to its security code), not to the expired card's update.
  await pay.confirm.click();
  await expect(pay.root).toHaveAttribute('data-step', 'cardCvv');
  await expect(pay.expiryPopup).toHaveCount(0);
});
