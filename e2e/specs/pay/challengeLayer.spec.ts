import { CardNumber as testCard } from '@topup/contracts/testdata/cards';
import { enterNewCard, openPayStep } from '../../flows/pay';
import { expect, test } from '../../support/test';

/**
 * The bank's 3-D Secure challenge is a full-screen layer with its own cancel (web/src/features/pay/MACHINE.md,
 * `challenge`): it covers the whole viewport from its top, the page's header included, so nothing of the page
 * under it shows or takes a tap. Nor does the page move under it: a drag or a wheel on the layer used to scroll
 * the page beneath (36 px at 390×844), and the layer then started below the header's top in the page.
 */
for (const viewport of [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
]) {
  test.describe(`${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('the challenge covers the whole viewport, header included, its cancel on top', async ({ page }) => {
      const pay = await openPayStep(page, 27);
      await enterNewCard(pay, 27, testCard.visaChallenge);
      await pay.confirm.click();
      await expect(pay.challengeFrame.getByTestId('challenge-submit')).toBeVisible();
      const layer = page.getByTestId('challenge-layer');
      // The whole viewport, on a desktop with a classic scrollbar too (the page's gutter gives way to it).
      const area = { x: 0, y: 0, ...viewport };
      expect(await layer.boundingBox()).toEqual(area);
      // Nothing under the layer can move: the page has no height beyond the viewport to scroll while it is
      // open (checked as such: a wheel's scroll lands a frame or more later), and a wheel on its bar (outside
      // the bank's frame) leaves the layer starting where the page and its header start.
      const extent = () =>
        page.evaluate(() => ({
          scrollable: (document.scrollingElement?.scrollHeight ?? 0) - window.innerHeight,
          layerTopInPage: Math.round(
            (document.querySelector('[data-testid="challenge-layer"]')?.getBoundingClientRect().top ?? -1) +
              window.scrollY,
          ),
        }));
      expect(await extent()).toEqual({ scrollable: 0, layerTopInPage: 0 });
      const bar = await page.locator('.pay-challenge__bar').boundingBox();
      expect(bar).not.toBeNull();
      await page.mouse.move(viewport.width / 2, (bar?.y ?? 0) + (bar?.height ?? 0) / 2);
      await page.mouse.wheel(0, 400);
      expect(await extent()).toEqual({ scrollable: 0, layerTopInPage: 0 });
      expect(await layer.boundingBox()).toEqual(area);
      // Topmost at the viewport's corners and over the header: no part of the page shows through.
      const topmost = await page.evaluate(
        ({ width, height }) =>
          (
            [
              [1, 1],
              [width - 1, 1],
              [width / 2, 10],
              [1, height - 1],
              [width - 1, height - 1],
            ] as const
          ).map(([x, y]) =>
            Boolean(document.elementFromPoint(x, y)?.closest('[data-testid="challenge-layer"]')),
          ),
        area,
      );
      expect(topmost).toEqual([true, true, true, true, true]);
      // Its cancel is within the viewport and a tap reaches it.
      const cancel = page.getByTestId('challenge-cancel');
      const box = await cancel.boundingBox();
      expect(box).not.toBeNull();
      expect(box?.y).toBeGreaterThanOrEqual(0);
      await cancel.click();
      await expect(pay.resultPanel.getByRole('heading')).toHaveText('أُلغي التحقق');
    });
  });
}
