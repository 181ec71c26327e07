import type { APIRequestContext } from '@playwright/test';
import { Shell } from '../../pages/Shell';
import { watchHydration } from '../../support/hydration';
import { expect, test } from '../../support/test';

/**
 * Issues 16 and 30: the first paint of every route is its page, rendered by the build from the route's own
 * React tree (web/src/prerender.tsx) and then hydrated; a route's code is never a waterfall behind the entry:
 * a directly opened route's HTML links its page chunk beside the entry, and a page opened by a link gets its
 * chunk's imports and styles requested beside the chunk (Vite's preload).
 */

/** The scripts and style sheets an HTML page links, by path. */
async function linkedFiles(request: APIRequestContext, path: string): Promise<string[]> {
  const html = await (await request.get(path)).text();
  return [
    ...html.matchAll(
      /<link rel="(?:modulepreload|stylesheet)"(?: fetchpriority="low")? crossorigin href="([^"]+)">/g,
    ),
  ].map((match) => match[1] ?? '');
}

const ROUTES = ['/', '/recharge-list', '/login', '/fines', '/feedback', '/about'] as const;

test.describe('the first paint is the page, and its code no waterfall', () => {
  for (const path of ROUTES) {
    test(`${path}: the HTML alone draws the page, which React then hydrates as it is`, async ({ page }) => {
      // Without the app's scripts: what the build wrote.
      await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
      await page.goto(path);
      const built = await page.locator('main').getByRole('heading', { level: 1 }).first().textContent();
      expect(built?.trim()).not.toBe('');
      await page.unrouteAll();

      // (hydration.spec.ts opens every route in every arrival state; here the built page is compared too.)
      const errors = watchHydration(page);
      const shell = new Shell(page);
      await shell.goto(path);
      await expect(shell.main.getByRole('heading', { level: 1 }).first()).toHaveText(built ?? '');
      await expect(shell.main.getByTestId('load-failed')).toHaveCount(0);
      expect(errors).toEqual([]);
    });
  }

  test("a directly opened page's chunk is requested while the entry is still downloading", async ({
    page,
  }) => {
    const requested = new Set<string>();
    page.on('request', (request) => requested.add(new URL(request.url()).pathname));
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const linked = await linkedFiles(page.request, '/login');
    const chunk = linked.find((file) => /\/assets\/LoginPage-[^/]*\.js$/.test(file));
    expect(chunk, 'the login page links its chunk').toBeDefined();
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const navigation = page.goto('/login');
    await expect.poll(() => linked.filter((file) => !requested.has(file))).toEqual([]);
    release?.();
    await navigation;
    await expect(new Shell(page).main.getByTestId('load-failed')).toHaveCount(0);
  });

  test('the built page paints from its HTML and styles: every script is fetched at low priority', async ({
    page,
  }) => {
    const priorities = new Map<string, string>();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    cdp.on('Network.requestWillBeSent', ({ request }) => {
      if (request.url.includes('/assets/'))
        priorities.set(new URL(request.url).pathname, request.initialPriority);
    });
    const html = await (await page.request.get('/recharge-list')).text();
    const entry = /<script type="module"[^>]* src="([^"]+)"/.exec(html)?.[1];
    const linked = [entry ?? 'no entry script', ...(await linkedFiles(page.request, '/recharge-list'))];
    await new Shell(page).goto('/recharge-list');
    // What the HTML links, as the browser asked for it (the app's later imports are not the first paint's).
    const asked = linked.map((path) => [path, priorities.get(path) ?? 'never requested'] as const);
    const scripts = asked.filter(([path]) => path.endsWith('.js'));
    const sheets = asked.filter(([path]) => path.endsWith('.css'));
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter(([, priority]) => priority !== 'Low')).toEqual([]);
    expect(sheets.length).toBeGreaterThan(0);
    expect(sheets.filter(([, priority]) => priority !== 'VeryHigh')).toEqual([]);
  });

  test("a page opened by a link has its chunk's imports and styles requested beside the chunk", async ({
    page,
  }) => {
    const requested = new Set<string>();
    page.on('request', (request) => requested.add(new URL(request.url()).pathname));
    const chunk = /\/assets\/HomePage-[^/]*\.js$/;
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
    await page.waitForLoadState('networkidle');
    // What the landing needs beyond what the recharge list has loaded by now: its chunk, its imports, styles.
    const needed = (await linkedFiles(page.request, '/')).filter((file) => !requested.has(file));
    expect(needed).toContainEqual(expect.stringMatching(chunk));
    expect(needed.length).toBeGreaterThan(1);

    await page.locator('header a.brand').click();
    await expect.poll(() => needed.filter((file) => !requested.has(file))).toEqual([]);
    release?.();
    await expect(shell.main.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(shell.main.getByTestId('load-failed')).toHaveCount(0);
  });
});
