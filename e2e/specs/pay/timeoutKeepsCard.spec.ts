import { CardNumber as testCard } from '@topup/contracts/testdata/cards';
import { enterNewCard, expectNoSecrets, openPayStepByLink, watchSecrets } from '../../flows/pay';
import { journalOf } from '../../support/chaos';
import { expect, test } from '../../support/test';

/**
 * A provider time-out on a new card (TESTDATA 4095…2505, fail_detail time_out): the order failed, and whether the
 * bank was touched the page cannot know. SPEC §4 words a time-out as "check and retry": the card typed stays in
 * the form (memory only) for a retry once the visitor has looked at their bank, and nothing pays again but a
 * deliberate tap on the pay button: the panel's first button closes, a tap beside the panel (where the pay
 * button shows under the mask) does not dismiss it, and focus goes to the step's heading, not to pay.
 */

const ordersMade = async (page: import('@playwright/test').Page) =>
  (await journalOf(page.request, 'createCoinPay')).filter((e) => e.result === 0).length;

test('after a time-out the card stays for a deliberate retry, and no second order comes by accident', async ({
  page,
}) => {
  const seen = watchSecrets(page);
  const pay = await openPayStepByLink(page, 23);
  await enterNewCard(pay, 23, testCard.timeOut);
  await pay.confirm.click();
  await expect(pay.resultPanel).toBeVisible();
  await expect(page.getByTestId('result-primary')).toHaveText('إغلاق');
  // A double tap where the pay button shows under the mask: the panel stays, nothing is paid.
  const under = await pay.confirm.boundingBox();
  expect(under).not.toBeNull();
  if (under !== null)
    for (let i = 0; i < 2; i += 1)
      await page.mouse.click(under.x + under.width / 2, under.y + under.height / 2);
  await expect(pay.resultPanel).toBeVisible();
  await page.getByTestId('result-primary').click();
  await expect(pay.resultPanel).toHaveCount(0);
  // The card is there to pay again once the bank is checked; Enter on what has the focus pays nothing.
  await expect(pay.cardNumber).toHaveValue('4095 2548 0264 2505');
  await expect(pay.cvv).toHaveValue('123');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(pay.confirm).toBeEnabled();
  expect(await ordersMade(page)).toBe(1);
  await expectNoSecrets(page, seen);
  // The deliberate tap is a new order (the provider times out again).
  await pay.confirm.click();
  await expect(pay.resultPanel).toBeVisible();
  expect(await ordersMade(page)).toBe(2);
});
