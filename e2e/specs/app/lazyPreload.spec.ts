import { expect } from '@playwright/test';
import { Shell } from '../../pages/Shell';
import { test } from '../../support/test';

/**
 * Issue 16: a page loaded lazily (after the first screen, by following a link in the app) is no waterfall:
 * the app's preload helper links every file the build's plan lists for its chunk (its static imports, its
 * styles) before importing it, so they are all requested while the page's own chunk is still downloading,
 * not discovered once it has arrived. The page's chunk is held back here until they all have been requested.
 */
const PAGES = [
  {
    name: 'the login page (scripts only)',
    link: '[data-testid="sign-in-link"]',
    chunk: /\/assets\/LoginPage-[^/]*\.js$/,
  },
  // The top bar's brand leads to the landing.
  {
    name: 'the landing (scripts and style sheets)',
    link: 'header a.brand',
    chunk: /\/assets\/HomePage-[^/]*\.js$/,
  },
] as const;

test.describe('lazy pages load without a waterfall', () => {
  for (const { name, link, chunk } of PAGES) {
    test(`${name}: its files are all requested before its chunk has arrived`, async ({ page }) => {
      const requested = new Set<string>();
      page.on('request', (request) => requested.add(new URL(request.url()).pathname));
      let release: (() => void) | undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(chunk, async (route) => {
        await held;
        await route.continue();
      });
      const shell = new Shell(page);
      await shell.goto('/recharge-list');
      // What the plan in index.html lists for the page's chunk (the chunk among them): the list under the
      // chunk's own place in the plan's files.
      const planned = await page.evaluate((source) => {
        const plan = (window as unknown as { __topupPlan?: { f: string[]; d: Record<string, number[]> } })
          .__topupPlan;
        if (plan === undefined) return [];
        const at = plan.f.findIndex((file) => new RegExp(source).test(file));
        return (plan.d[at] ?? []).map((i) => plan.f[i] ?? '');
      }, chunk.source);
      expect(planned).toContainEqual(expect.stringMatching(chunk));
      expect(planned.length).toBeGreaterThan(1);
      for (const file of planned) expect(requested, `${file} before the page is opened`).not.toContain(file);

      await page.locator(link).click();
      // Every file is requested while the page's chunk is held back.
      await expect.poll(() => planned.filter((file) => !requested.has(file))).toEqual([]);
      release?.();
      await expect(shell.main.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(shell.main.getByTestId('load-failed')).toHaveCount(0);
    });
  }
});
