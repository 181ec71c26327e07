import { RechargePage } from '../../pages/RechargePage';
import { expect, test } from '../../support/test';

/**
 * Phone review: the top recommendation's tile had a dashed orange border, read as a selection (and as the focus
 * ring's colour). It is a badge: the tile's border is any unchosen tile's; its "recommended" badge is filled.
 */
test('the top recommendation reads as a badge, not a selection', async ({ page }) => {
  const recharge = new RechargePage(page);
  await recharge.open();
  const top = page.locator('.package-top');
  await expect(top).toHaveCount(1);
  await expect(top.getByRole('radio')).not.toBeChecked();
  const plain = recharge.packages.filter({ hasNot: page.getByTestId('package-recommended') }).first();
  const border = (tile: typeof top) =>
    tile.evaluate((el) => {
      const style = getComputedStyle(el);
      return `${style.borderTopStyle} ${style.borderTopColor} ${style.borderTopWidth}`;
    });
  expect(await border(top)).toBe(await border(plain));
  const badge = top.getByTestId('package-recommended');
  const fill = (el: Element) => getComputedStyle(el).backgroundColor;
  // Another recommended package's badge (not the top one's) keeps the plain look: the top one stands out.
  const otherBadge = page
    .locator('[data-testid="package"]:not(.package-top)')
    .getByTestId('package-recommended')
    .first();
  expect(await badge.evaluate(fill)).not.toBe(await otherBadge.evaluate(fill));
});
