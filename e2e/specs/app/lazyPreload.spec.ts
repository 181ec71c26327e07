import type { APIRequestContext } from '@playwright/test';
import { Shell } from '../../pages/Shell';
import { holdRequests } from '../../support/hold';
import { watchHydration } from '../../support/hydration';
import { expect, test } from '../../support/test';

/**
 * Issues 16 and 30: the first paint of every route is its page, rendered by the build from the route's own
 * React tree (web/src/prerender.tsx), with its styles written in it, and then hydrated; a route's code is never
 * a waterfall behind the entry: a directly opened route's HTML links its page chunk beside the entry, at low
 * priority, and a page opened by a link gets its chunk's imports and styles requested beside the chunk (Vite's
 * preload).
 */

/** What an HTML page says it needs: the scripts it links, its styles (written in, or linked). */
async function pageFiles(
  request: APIRequestContext,
  path: string,
): Promise<{ code: string[]; styles: string[] }> {
  const html = await (await request.get(path)).text();
  const code = [
    ...html.matchAll(/<link rel="modulepreload"(?: fetchpriority="low")? crossorigin href="([^"]+)">/g),
  ].map((match) => match[1] ?? '');
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

  test('a pay link paints the step loading, then the step; without arguments, "no package chosen"', async ({
    page,
  }) => {
    const noPackage = page.getByRole('alert').filter({ hasText: 'لم تختر باقة بعد' });
    const link = '/pay-step?recharge_id=rc_499&pay_type=23&to_uid=1001';
    // The built page alone (its code not fetched) cannot know the link's package: it says it is loading.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto(link);
    await expect(page.locator('main').getByTestId('skeleton')).toBeVisible();
    await expect(noPackage).toHaveCount(0);
    await page.unrouteAll();

    const shell = new Shell(page);
    await shell.goto(link);
    await expect(page.getByTestId('pay-step')).toHaveAttribute('data-step', 'home');
    await expect(noPackage).toHaveCount(0);
    const errors = watchHydration(page);
    await shell.goto('/pay-step');
    await expect(noPackage).toBeVisible();
    await expect(page.getByRole('button', { name: 'العودة إلى قائمة الشحن' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("a directly opened page's chunk is requested while the entry is still downloading", async ({
    page,
  }) => {
    const requested = new Set<string>();
    page.on('request', (request) => requested.add(new URL(request.url()).pathname));
    const { code } = await pageFiles(page.request, '/login');
    expect(code, 'the login page links its chunk').toContainEqual(
      expect.stringMatching(/\/assets\/LoginPage-/),
    );
    const release = await holdRequests(page, /\/assets\/index-[^/]*\.js$/);
    const navigation = page.goto('/login');
    await expect.poll(() => code.filter((file) => !requested.has(file))).toEqual([]);
    release();
    await navigation;
    await expect(new Shell(page).main.getByTestId('load-failed')).toHaveCount(0);
  });

  for (const [link, signsIn] of [
    ['/recharge-list?session_key=sk-10000001', true],
    ['/fines#pageinfo=x', true],
    ['/recharge-list', false],
  ] as const) {
    test(`${link}: the sign-in's code is asked for ${signsIn ? 'beside the app, not once it has started' : 'by no link that does not sign in'}`, async ({
      page,
    }) => {
      const requested = new Set<string>();
      page.on('request', (request) => requested.add(new URL(request.url()).pathname));
      // The app's start held: only the built page and the entry have run.
      const release = await holdRequests(page, /\/assets\/start-[^/]*\.js$/);
      const shell = new Shell(page);
      const navigation = page.goto(link, { waitUntil: 'commit' });
      const signIn = () => [...requested].filter((path) => /^\/assets\/signIn-[^/]*\.js$/.test(path));
      if (signsIn) await expect.poll(signIn).toHaveLength(1);
      else {
        // The entry has run (it has asked for the app's start), and has linked no sign-in code.
        await expect.poll(() => [...requested].some((path) => /^\/assets\/start-/.test(path))).toBe(true);
        await expect(page.locator('link[rel="modulepreload"][href*="/signIn-"]')).toHaveCount(0);
        expect(signIn()).toEqual([]);
      }
      release();
      await navigation;
      await expect(shell.main.getByTestId('load-failed')).toHaveCount(0);
      if (link.includes('session_key')) await expect(shell.signOutButton).toBeVisible();
    });
  }

  test('the built page paints from its HTML: styles written in, every script at low priority', async ({
    page,
  }) => {
    const html = await (await page.request.get('/recharge-list')).text();
    expect(html).not.toContain('rel="stylesheet"');
    const { code, styles } = await pageFiles(page.request, '/recharge-list');
    expect(styles.length).toBeGreaterThan(0);
    const entry = /<script type="module"[^>]* src="([^"]+)"/.exec(html)?.[1] ?? 'no entry script';
    const scripts = [entry, ...code];
    expect(scripts.length).toBeGreaterThan(2);

    const priorities = new Map<string, string>();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    cdp.on('Network.requestWillBeSent', ({ request }) => {
      if (request.url.includes('/assets/'))
        priorities.set(new URL(request.url).pathname, request.initialPriority);
    });
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    const shell = new Shell(page);
    await shell.goto('/recharge-list');
    await expect(shell.main.getByTestId('load-failed')).toHaveCount(0);
    const linked = scripts.map((path) => [path, priorities.get(path) ?? 'never requested'] as const);
    expect(linked.filter(([, priority]) => priority !== 'Low')).toEqual([]);
    // Vite's preload, loading the page's code, finds those sheets linked (main.tsx, disabled): none is fetched,
    // before the first paint or after it (an enabled link is a request at the highest priority that holds the
    // first paint back, for a sheet the page has).
    await page.waitForLoadState('networkidle');
    expect(asked.filter((path) => styles.includes(path))).toEqual([]);
  });

  test("a page opened by a link has its chunk's imports and styles requested beside the chunk", async ({
    page,
  }) => {
    const requested = new Set<string>();
    page.on('request', (request) => requested.add(new URL(request.url()).pathname));
    const chunk = /\/assets\/HomePage-[^/]*\.js$/;
    const release = await holdRequests(page, chunk);
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
    release();
    await expect(shell.main.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(shell.main.getByTestId('load-failed')).toHaveCount(0);
  });
});

/**
 * A first visit's packages (no ID yet: those offered whoever the target is) are asked for as soon as the app's
 * code runs (app/boot.ts), beside config, not once React has drawn the page and its effect asks: on a slow
 * phone that is the page's code and its hydration later. Held here: the page's code, which the hydration waits
 * for. Asked once: the page, once drawn, finds the list under way.
 */
for (const [path, chunk] of [
  ['/recharge-list', /\/assets\/ChargePanel-[^/]*\.js$/],
  ['/', /\/assets\/HomePage-[^/]*\.js$/],
] as const) {
  test(`${path}: the packages are asked for before the page's code has come, and once`, async ({ page }) => {
    const LIST = '/api/third_party_pay/get_recharge_list_v3/';
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    const release = await holdRequests(page, chunk);
    const opened = page.goto(path);
    await expect.poll(() => asked.filter((p) => chunk.test(p))).toHaveLength(1);
    await expect.poll(() => asked.includes(LIST)).toBe(true);
    release();
    await opened;
    const packages =
      path === '/' ? page.getByTestId('home-strip').getByRole('button') : page.getByTestId('package');
    await expect(packages.first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(asked.filter((p) => p === LIST)).toHaveLength(1);
  });
}
