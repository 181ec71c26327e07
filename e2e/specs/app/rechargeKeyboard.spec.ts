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

test('Enter on a chosen package is "pay now" (the packages and the pay button are one form)', async ({
  page,
}) => {
  const recharge = new RechargePage(page);
  await recharge.open('?session_key=sk-10000001');
  await expect(recharge.targetNickname).toHaveText('ريم');
  const radio = recharge.packages.nth(1).getByRole('radio');
  await radio.focus();
  await page.keyboard.press('Space');
  await expect(radio).toBeChecked();
  // The arrows choose the next package, as a radio group's do; Enter then pays for the one chosen.
  await page.keyboard.press('ArrowLeft');
  const chosen = recharge.packages.nth(2).getByRole('radio');
  await expect(chosen).toBeChecked();
  await expect(chosen).toBeFocused();
  const rechargeId = await chosen.inputValue();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/pay-step\?/);
  const pay = new PayStepPage(page);
  await expect(pay.root).toHaveAttribute('data-step', 'home');
  expect(new URL(page.url()).searchParams.get('recharge_id')).toBe(rechargeId);
});

test('Enter on a package before an account is chosen asks for the account, as "pay now" does', async ({
  page,
}) => {
  const recharge = new RechargePage(page);
  await recharge.open();
  const radio = recharge.packages.nth(1).getByRole('radio');
  await radio.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('pay-ask-id')).toBeVisible();
  await expect(page.getByTestId('target-search-input')).toBeFocused();
  await expect(page).toHaveURL(/\/recharge-list/);
});
