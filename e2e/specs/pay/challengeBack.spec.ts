import { CHALLENGE_PASSWORD } from '@topup/contracts';
import { CardNumber as testCard } from '@topup/contracts/testdata/cards';
import { enterNewCard, openPayStep } from '../../flows/pay';
import { expect, test } from '../../support/test';

/**
 * The browser's Back over a paid order's result is the panel's way out (web/src/features/pay/MACHINE.md): one
 * Back, with a 3-D Secure challenge before the result as without one. The bank's page in the challenge's frame
 * navigates (its form is posted in the frame), and the frame is gone once the challenge ends: none of that may
 * leave the visitor a Back that does nothing.
 */
for (const { name, card } of [
  { name: 'no challenge', card: testCard.visaApproved },
  { name: 'a 3-D Secure challenge', card: testCard.visaChallenge },
]) {
  test(`paid after ${name}: one Back closes the result and leaves the paid step, and Forward keeps it closed`, async ({
    page,
  }) => {
    const pay = await openPayStep(page, 27);
    await enterNewCard(pay, 27, card);
    await pay.confirm.click();
    if (card === testCard.visaChallenge) {
      await pay.challengeFrame.getByTestId('challenge-password').fill(CHALLENGE_PASSWORD);
      await pay.challengeFrame.getByTestId('challenge-submit').click();
    }
    await expect(pay.result).toHaveAttribute('data-outcome', 'success');
    await page.goBack();
    await expect(pay.resultPanel).toHaveCount(0);
    await expect(page).toHaveURL(/\/recharge-list/);
    await expect(pay.confirm).toHaveCount(0);
    await page.goForward();
    await expect(page).toHaveURL(/\/recharge-list/);
    await expect(pay.confirm).toHaveCount(0);
  });
}
