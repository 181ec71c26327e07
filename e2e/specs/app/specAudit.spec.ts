import { DisplayUid } from '@topup/contracts';
import { RechargePage } from '../../pages/RechargePage';
import { expect, test } from '../../support/test';

/** The SPEC audit (docs/spec-audit.md): §2 rules only the page in a browser shows. */
test.describe('spec audit in the browser', () => {
  test('a popup mask is black at 0.4 opacity; the layout is mobile at 800 px and desktop at 801', async ({
    page,
  }) => {
    const recharge = new RechargePage(page);
    await recharge.open();
    await recharge.searchFor(DisplayUid.omar);
    await recharge.changeTarget.click();
    await expect(recharge.searchDialog).toBeVisible();
    const maskColour = await page
      .locator('.mask')
      .last()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(maskColour).toBe('rgba(0, 0, 0, 0.4)');
    await page.keyboard.press('Escape');

    const html = page.locator('html');
    await page.setViewportSize({ width: 800, height: 900 });
    await expect(html).toHaveAttribute('data-layout', 'mobile');
    await page.setViewportSize({ width: 801, height: 900 });
    await expect(html).toHaveAttribute('data-layout', 'desktop');
  });

  test('the login page carries the Google sign-in element google-login-btn', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('#google-login-btn')).toHaveCount(1);
  });
});
