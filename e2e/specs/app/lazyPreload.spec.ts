import type { APIRequestContext } from '@playwright/test';
import { Shell } from '../../pages/Shell';
import { watchHydration } from '../../support/hydration';
import { expect, test } from '../../support/test';

/**
 * Issues 16 and 30: the first paint of every route is its page, rendered by the build from the route's own
 * React tree (web/src/prerender.tsx), with its styles written in it, and then hydrated. Its code is fetched
 * once that page is painted (main.tsx), all of it at once: a route's code is never a waterfall behind the app's
 * start, and a page opened by a link gets its chunk's imports and styles requested beside the chunk (Vite's
 * preload).
 */

/** What an HTML page says it needs: the code its route draws (`data-code`), its styles (inline or linked). */
async function pageFiles(
  request: APIRequestContext,
  path: string,
): Promise<{ code: string[]; styles: string[] }> {
  const html = await (await request.get(path)).text();
  const code = /<div id="root"[^>]* data-code="([^"]*)"/.exec(html)?.[1]?.split(' ') ?? [];
  const styles = [
    ...html.matchAll(/<(?:style data-href|link rel="stylesheet" crossorigin href)="([^"]+)"/g),
  ].map((match) => match[1] ?? '');
  return { code, styles };
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

  test("a directly opened page's code is requested at once, not behind the app's start", async ({ page }) => {
    const requested = new Set<string>();
    page.on('request', (request) => requested.add(new URL(request.url()).pathname));
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { code } = await pageFiles(page.request, '/login');
    expect(code, 'the login page lists its chunk').toContainEqual(
      expect.stringMatching(/^\/assets\/LoginPage-/),
    );
    await page.route(/\/assets\/start-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const navigation = page.goto('/login');
    await expect.poll(() => code.filter((file) => !requested.has(file))).toEqual([]);
    release?.();
    await navigation;
    await expect(new Shell(page).main.getByTestId('load-failed')).toHaveCount(0);
  });

  test('the built page paints from its HTML alone: styles written in, code fetched after the entry ran', async ({
    page,
  }) => {
    const html = await (await page.request.get('/recharge-list')).text();
    expect(html).not.toContain('rel="stylesheet"');
    const { code, styles } = await pageFiles(page.request, '/recharge-list');
    expect(styles.length).toBeGreaterThan(0);
    expect(code.length).toBeGreaterThan(1);
    // The HTML asks for the entry and its one small import, at low priority, and for nothing else.
    const asked = [...html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="(\/assets\/[^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(asked).toHaveLength(2);
    expect([
      ...html.matchAll(/<(?:script|link)\b[^>]*fetchpriority="low"[^>]*(?:src|href)="\/assets\//g),
    ]).toHaveLength(2);

    const order: string[] = [];
    page.on('request', (request) => order.push(`asked ${new URL(request.url()).pathname}`));
    page.on('requestfinished', (request) => order.push(`got ${new URL(request.url()).pathname}`));
    // The app's start held: the page's own sheets are asked for beside its code, not after the start.
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/start-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const shell = new Shell(page);
    const opened = shell.goto('/recharge-list');
    await expect.poll(() => styles.filter((file) => !order.includes(`asked ${file}`))).toEqual([]);
    release?.();
    await opened;
    await expect(shell.main.getByTestId('load-failed')).toHaveCount(0);
    const entry = /<script type="module"[^>]* src="([^"]+)"/.exec(html)?.[1] ?? 'no entry script';
    const entryGot = order.indexOf(`got ${entry}`);
    expect(entryGot).toBeGreaterThan(-1);
    for (const file of code) {
      const at = order.indexOf(`asked ${file}`);
      expect(at, `${file} is requested`).toBeGreaterThan(-1);
      expect(at, `${file} is requested once the entry has run`).toBeGreaterThan(entryGot);
    }
    // The page's own sheets, written in, are fetched once more (main.tsx), and only once.
    await page.waitForLoadState('networkidle');
    for (const file of styles) {
      expect(order.filter((event) => event === `asked ${file}`)).toHaveLength(1);
      expect(order.indexOf(`asked ${file}`)).toBeGreaterThan(entryGot);
    }
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
    // (The styles the recharge list's HTML has written in are not asked for again.)
    const home = await pageFiles(page.request, '/');
    const { styles: has } = await pageFiles(page.request, '/recharge-list');
    const needed = [...home.code, ...home.styles].filter(
      (file) => !requested.has(file) && !has.includes(file),
    );
    expect(needed).toContainEqual(expect.stringMatching(chunk));
    expect(needed.length).toBeGreaterThan(1);

    await page.locator('header a.brand').click();
    await expect.poll(() => needed.filter((file) => !requested.has(file))).toEqual([]);
    release?.();
    await expect(shell.main.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(shell.main.getByTestId('load-failed')).toHaveCount(0);
  });
});
