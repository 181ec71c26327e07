import { CHALLENGE_PASSWORD, CardNumber as testCard } from '@topup/contracts/testdata/cards';
import { enterNewCard, openPayStepByLink } from '../../flows/pay';
import { expect, test } from '../../support/test';

/**
 * The in-page 3-D Secure challenge answered (provider 17, TESTDATA 4212…0006, its password): while its result is
 * sent (submit_authentication_result, held 8 s here) and the order asked for, the page says it is checking the
 * payment (a spinner and Arabic words, role=status). It used to be a blank white frame under "cancel the
 * verification", whose tap and Back did nothing.
 */
test('after the challenge is answered, the page says it is checking the result, with no dead cancel', async ({
  page,
}) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/submit_authentication_result/**', async (route) => {
    const answer = await route.fetch();
    await Promise.race([held, new Promise((resolve) => setTimeout(resolve, 8_000))]);
    await route.fulfill({ response: answer });
  });
  const pay = await openPayStepByLink(page, 27);
  await enterNewCard(pay, 27, testCard.visaChallenge);
  await pay.confirm.click();
  await pay.challengeFrame.locator('input:not([type=hidden])').first().fill(CHALLENGE_PASSWORD);
  await pay.challengeFrame.getByTestId('challenge-submit').click();

  const checking = page.getByTestId('loading-overlay');
  await expect(checking).toBeVisible();
  await expect(checking).toHaveAttribute('role', 'status');
  await expect(checking).toContainText('جارٍ التحقق من نتيجة الدفع');
  await expect(checking.locator('.spinner')).toBeAttached();
  // The challenge's layer (its frame and its cancel) is gone.
  await expect(page.getByTestId('challenge-layer')).toBeHidden();
  await expect(page.getByTestId('challenge-cancel')).toBeHidden();
  release();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success');
});
