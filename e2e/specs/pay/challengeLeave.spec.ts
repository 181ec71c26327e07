import { CardNumber as testCard } from '@topup/contracts/testdata/cards';
import { enterNewCard, openPayStep } from '../../flows/pay';
import type { PayStepPage } from '../../pages/payStep';
import { journalOf, paramsOf } from '../../support/chaos';
import { expect, test } from '../../support/test';

/**
 * Finding 3 (rev7): during the in-page 3-D Secure challenge the keyboard left it for the footer links; a link
 * taken (another route) dropped the challenge, sent no click_cancel, and the step said "nothing charged" for an
 * order still pending. The page under the challenge is inert, and leaving the step cancels it as Back does.
 */

test.use({ viewport: { width: 390, height: 844 } });

async function challengeOpen(pay: PayStepPage): Promise<void> {
  await enterNewCard(pay, 27, testCard.visaChallenge);
  await pay.confirm.click();
  await expect(pay.challengeFrame.getByTestId('challenge-password')).toBeVisible();
}

test('Tab and Shift+Tab stay in the challenge: the page under it is inert', async ({ page }) => {
  const pay = await openPayStep(page, 27);
  await challengeOpen(pay);
  const inLayer = () =>
    page.evaluate(() => document.activeElement?.closest('[data-testid="challenge-layer"]') !== null);
  const seen = new Set<string>();
  for (const key of [...Array<string>(10).fill('Tab'), ...Array<string>(6).fill('Shift+Tab')]) {
    await page.keyboard.press(key);
    expect(await inLayer(), `focus after ${key}`).toBe(true);
    seen.add(await page.evaluate(() => document.activeElement?.tagName ?? ''));
  }
  // Both the bank's frame and the cancel button are reached.
  expect(seen).toEqual(new Set(['IFRAME', 'BUTTON']));
  await expect(page.locator('footer')).toHaveJSProperty('inert', true);
  await page.getByTestId('challenge-cancel').click();
  await expect(pay.resultPanel.getByRole('heading')).toHaveText('أُلغي التحقق');
  await expect(page.locator('footer')).toHaveJSProperty('inert', false);
});

test('leaving the step by another route during the challenge cancels it as Back does', async ({ page }) => {
  const pay = await openPayStep(page, 27);
  await challengeOpen(pay);
  // A route change not by Back: the footer's link, which no tap or key reaches now (made live again here).
  await page.evaluate(() => {
    const footer = document.querySelector('footer');
    if (footer !== null) footer.inert = false;
    document.querySelector<HTMLAnchorElement>('footer a[href^="/feedback"]')?.click();
  });
  await expect(page).toHaveURL(/\/feedback/);
  await expect
    .poll(async () => (await journalOf(page.request, 'clickCancel')).length, { message: 'click_cancel sent' })
    .toBe(1);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goBack();
  await expect(pay.resultPanel.getByRole('heading')).toHaveText('أُلغي التحقق');
  // The server confirmed the cancel of that order: only then the panel says nothing was charged.
  const cancelled = paramsOf((await journalOf(page.request, 'clickCancel'))[0]).app_order;
  await expect(pay.resultPanel).toContainText(String(cancelled));
});
