import { PayStepPage } from '../../pages/payStep';
import { RechargePage } from '../../pages/RechargePage';
import { expect, test } from '../../support/test';

/** A keyboard and screen-reader visitor from the recharge list to the pay step (the last review). */

test('"pay now" hands the focus to the pay step’s heading, which a screen reader then announces', async ({
  page,
}) => {
  const recharge = new RechargePage(page);
  await recharge.open('?session_key=sk-10000001');
  await expect(recharge.targetNickname).toHaveText('ريم');
  await recharge.packages.nth(1).getByRole('radio').focus();
  await page.keyboard.press('Space');
  await expect(recharge.payNow).toBeEnabled();
  await recharge.payNow.focus();
  await page.keyboard.press('Enter');
  const pay = new PayStepPage(page);
  await expect(pay.root).toHaveAttribute('data-step', 'home');
  const heading = pay.root.getByRole('heading', { level: 1 });
  await expect(heading).toBeFocused();
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('pay-step-title');
  await expect(heading).toHaveAttribute('tabindex', '-1');
  // Tab goes on from there into the step, never back to the body.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
});
