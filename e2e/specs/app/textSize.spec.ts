import { HomePage } from '../../pages/HomePage';
import { expect, test } from '../../support/test';

/**
 * The page scales its text with the phone's width, and never below the visitor's own text size: a larger
 * default font set in the browser (here 32 px, twice the usual) makes the page's text larger, and nothing
 * spills sideways at 320 px.
 */
test('a larger text size set in the browser is honoured, without sideways scrolling at 320 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  const home = new HomePage(page);
  await home.goto('/recharge-list');
  const rootSize = () =>
    page.evaluate(() => Number.parseFloat(getComputedStyle(document.documentElement).fontSize));
  const usual = await rootSize();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32 } });
  await page.reload();
  await expect.poll(rootSize).toBeGreaterThanOrEqual(32);
  expect(await rootSize()).toBeGreaterThan(usual);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});
