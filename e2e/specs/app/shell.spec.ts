import type { Locator } from '@playwright/test';
import { Message } from '@topup/contracts/messages';
import { HomePage } from '../../pages/HomePage';
import { RechargePage } from '../../pages/RechargePage';
import { Shell } from '../../pages/Shell';
import { backOnline, forceFault, goOffline } from '../../support/chaos';
import { expect, test } from '../../support/test';

/** The account line names the display id whole: not cut by the line's ellipsis, inside what is drawn. */
async function expectIdWhole(line: Locator, id: string) {
  const strong = line.locator('strong');
  await expect(strong).toHaveText(id);
  const [box, shown] = await Promise.all([
    strong.boundingBox(),
    line.locator('.home-packages__who').boundingBox(),
  ]);
  expect(box !== null && shown !== null).toBe(true);
  if (box === null || shown === null) return;
  expect(box.x).toBeGreaterThanOrEqual(shown.x - 0.5);
  expect(box.x + box.width).toBeLessThanOrEqual(shown.x + shown.width + 0.5);
  expect(await strong.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
}

test.describe('shell and landing', () => {
  test('the page is Arabic, right to left, with tab 1 by default and tab 2 by URL', async ({ page, axe }) => {
    const home = new HomePage(page);
    await home.goto('/');
    await expect(home.html).toHaveAttribute('lang', 'ar');
    await expect(home.html).toHaveAttribute('dir', 'rtl');
    await expect(home.tab('التطبيق')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('home-tab-1')).toBeVisible();
    await expect(home.storeLinks).toHaveCount(3);
    await axe(page);

    await home.goto('/?tab=2');
    await expect(home.tab('لودو')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('home-tab-2')).toBeVisible();
    await home.tab('التطبيق').click();
    await expect(page).toHaveURL(/tab=1/);
    await axe(page);
  });

  test('the landing shows the packages before an ID and the account’s once it is entered there, and a chosen one is kept on the recharge list', async ({
    page,
    axe,
  }) => {
    const home = new HomePage(page);
    await home.goto('/');
    // Before any ID: the packages any account is offered (issue 26), and the ID asked for under them.
    await expect(home.packagesAsk).toBeVisible();
    await expect(home.packages).toHaveCount(5);
    await expect(home.packagesFor).toHaveCount(0);
    await home.idInput.fill('10000002');
    await home.idConfirm.click();
    await expect(home.packagesFor).toContainText('Omar');
    await expect(home.packagesFor).toContainText('10000002');
    await expectIdWhole(home.packagesFor, '(10000002)');
    // Six cells: five packages and a way to all of them; prices as the recharge list writes them.
    await expect(home.packages).toHaveCount(5);
    await expect(home.allPackages).toBeVisible();
    expect(await home.packagePrices.allTextContents()).toEqual([
      '$0.99',
      '$4.99',
      '$9.99',
      '$19.99',
      '$29.99',
    ]);
    await expect(home.packagePrices.first()).toHaveAttribute('dir', 'ltr');
    await axe(page);

    await home.packages.filter({ hasText: '$19.99' }).click();
    await expect(page).toHaveURL(/\/recharge-list/);
    const recharge = new RechargePage(page);
    await expect(recharge.targetNickname).toHaveText('Omar ⭐');
    await expect(recharge.total).toHaveText('$19.99');
    await expect(recharge.packages.filter({ has: page.getByRole('radio', { checked: true }) })).toContainText(
      '$19.99',
    );
  });

  test('the landing names the signed-in account whose prices it shows; a failed list says so and retries', async ({
    page,
    request,
  }) => {
    const home = new HomePage(page);
    await forceFault(request, 'getRechargeListV3', { fault: 'http', status: 503 });
    await home.goto('/?session_key=sk-10000001&tab=2');
    await expect(home.packagesFailed).toContainText('تعذّر تحميل الباقات');
    // The hero is there at once, the tab's own note with it.
    await expect(page.getByTestId('home-tab2-note')).toBeVisible();
    await home.retry.click();
    await expect(home.packagesFor).toContainText('10000001');
    await expect(home.packages.first()).toBeVisible();
    await expect(home.packagesFailed).toHaveCount(0);
  });

  test('the landing tells a server failure from being offline: unavailable with a retry, then offline, then the packages', async ({
    page,
    request,
  }) => {
    const home = new HomePage(page);
    await forceFault(request, 'getRechargeListV3', { fault: 'http', status: 503 });
    await home.goto('/');
    // A server answered, with a failure: the service is unavailable; the visitor's connection is fine.
    await expect(home.packagesFailed).toContainText('تعذّر تحميل الباقات');
    await expect(home.packagesFailed).toContainText('الخدمة غير متاحة حاليًا');
    await expect(home.packagesFailed).not.toContainText('اتصالك');
    await expect(home.retry).toHaveText('إعادة المحاولة');
    // Offline, the request never reaches a server: now it is the connection.
    await page.context().setOffline(true);
    await home.retry.click();
    await expect(home.packagesFailed).toContainText('تحقّق من اتصالك');
    await expect(home.packagesFailed).not.toContainText('الخدمة غير متاحة');
    await backOnline(page);
    await home.retry.click();
    await expect(home.packages.first()).toBeVisible();
    await expect(home.packagesFailed).toHaveCount(0);
  });

  test('an unknown path goes to index keeping the query; /home goes to index, keeping it too', async ({
    page,
  }) => {
    const shell = new Shell(page);
    await shell.goto('/no-such-page?tab=2&x=1');
    await expect(page).toHaveURL(/\/\?tab=2&x=1$/);
    await expect(page.getByTestId('home-tab-2')).toBeVisible();
    await shell.goto('/home');
    await expect(page).toHaveURL(/\/$/);
    await shell.goto('/home?tab=2');
    await expect(page).toHaveURL(/\/\?tab=2$/);
    await expect(page.getByTestId('home-tab-2')).toBeVisible();
  });

  test('an unknown path after a known route goes back to that route, keeping the query', async ({ page }) => {
    const shell = new Shell(page);
    await shell.goto('/feedback');
    await expect(shell.main.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => {
      history.pushState(null, '', '/lost/path?keep=1');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(/\/feedback\?keep=1$/);
  });

  test('the info argument shows the share page', async ({ page, axe }) => {
    await new Shell(page).goto('/recharge-list?info=abc');
    await expect(page.getByTestId('info-share')).toBeVisible();
    await axe(page);
  });

  for (const path of ['/about', '/contact', '/agreement', '/download', '/share.html']) {
    test(`the ${path} page has no accessibility violations`, async ({ page, axe }) => {
      const shell = new Shell(page);
      await shell.goto(path);
      await expect(shell.main.getByTestId(/^info-/)).toBeVisible();
      await axe(page);
    });
  }

  test('privacy is a full-page redirect to the policy document', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page).toHaveURL(/\/privacy\.html$/);
    await expect(page.getByRole('heading', { name: 'سياسة الخصوصية' })).toBeVisible();
  });
  // The first paint is the page the build rendered (web/src/prerender.tsx), which React hydrates once the
  // page's code (linked beside the entry) is here: a stalled download keeps the built page on screen, its
  // taps held (index.html), and it works once its code arrives, or says it
  // could not load when the download fails.
  for (const outcome of ['arrives', 'fails'] as const) {
    test(`a stalled page download keeps the built page, which then ${outcome === 'arrives' ? 'works' : 'says so'}`, async ({
      page,
    }) => {
      let release: (() => void) | undefined;
      const stalled = new Promise<void>((resolve) => {
        release = resolve;
      });
      let asked = false;
      await page.route(/\/assets\/FeedbackPage-[^/]*\.js$/, async (route) => {
        asked = true;
        await stalled;
        if (outcome === 'arrives') await route.continue();
        else await route.abort('connectionreset');
      });
      const shell = new Shell(page);
      const started = page.waitForResponse(/\/api\/sys\/config\//);
      await page.goto('/feedback', { waitUntil: 'commit' });
      await expect.poll(() => asked).toBe(true);
      await expect(shell.main.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(shell.main.getByTestId('feedback-text')).toBeVisible();
      await expect(shell.main.getByTestId('skeleton')).toHaveCount(0);
      // The app has started (start-up's round trip is answered) and waits for the page's code.
      await started;
      await expect(page.locator('#root')).toHaveAttribute('data-starting');
      // After a second of that, a bar at the top says the page is still loading (why a tap does nothing).
      const bar = () =>
        page.evaluate(() => {
          const style = getComputedStyle(document.getElementById('root') as Element, '::before');
          return style.content !== 'none' && style.content !== 'normal' && style.opacity === '1';
        });
      await expect.poll(bar).toBe(true);
      release?.();
      await expect(page.locator('#root')).not.toHaveAttribute('data-starting');
      expect(await bar()).toBe(false);
      if (outcome === 'arrives') {
        // Hydrated: the counter, which React draws from what is typed, follows the text.
        const counter = shell.main.locator('.counter');
        const empty = await counter.textContent();
        await shell.main.getByTestId('feedback-text').fill('سؤال');
        await expect(counter).not.toHaveText(empty ?? '');
        await expect(shell.main.getByTestId('load-failed')).toHaveCount(0);
      } else await expect(shell.main.getByTestId('load-failed')).toBeVisible();
    });
  }

  // A download that neither arrives nor fails holds the built page for 8 s at most (app/start.tsx's
  // HYDRATE_WAIT_MS): then the app renders over it, working, with the page's skeleton until its code comes.
  // The bound is moved on the page's clock, not waited in real time.
  const HYDRATE_WAIT_MS = 8_000;
  test('a page download that hangs: the app works after a while, the page drawn when its code comes', async ({
    page,
  }) => {
    let release: (() => void) | undefined;
    const stalled = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/FeedbackPage-[^/]*\.js$/, async (route) => {
      await stalled;
      await route.continue();
    });
    const shell = new Shell(page);
    await page.clock.install();
    // The bound's timer is set as app/start.tsx runs, before the start-up's one call (config) goes out.
    const boundSet = page.waitForRequest(/\/api\/sys\/config\//);
    await page.goto('/feedback', { waitUntil: 'commit' });
    await expect(shell.main.getByTestId('feedback-text')).toBeVisible();
    await expect(page.locator('#root')).toHaveAttribute('data-starting');
    await boundSet;
    await page.clock.fastForward(HYDRATE_WAIT_MS);
    await expect(page.locator('#root')).not.toHaveAttribute('data-starting');
    await expect(shell.main.getByTestId('skeleton').first()).toBeVisible();
    release?.();
    await expect(shell.main.getByTestId('feedback-text')).toBeVisible();
    await expect(shell.main.getByTestId('skeleton')).toHaveCount(0);
    await shell.main.getByTestId('feedback-text').fill('سؤال');
    await expect(shell.main.getByTestId('feedback-text')).toHaveValue('سؤال');
    await expect(shell.main.getByTestId('load-failed')).toHaveCount(0);
  });

  // The app's own code that does not load (a deploy replaced the files of a page left open, a dropped
  // connection): the built page would stay inert for ever; index.html's script says so, with a reload.
  for (const [what, file] of [
    ['the entry', /\/assets\/index-[^/]*\.js$/],
    ["the app's start", /\/assets\/start-[^/]*\.js$/],
  ] as const) {
    test(`${what} cannot be fetched: the page says so, and its reload works`, async ({ page }) => {
      await page.route(file, (route) => route.abort('connectionreset'));
      const shell = new Shell(page);
      await page.goto('/recharge-list', { waitUntil: 'commit' });
      const failed = page.getByRole('alert').filter({ hasText: 'تعذّر تحميل الصفحة' });
      await expect(failed).toBeVisible();
      await expect(page.locator('#root')).not.toHaveAttribute('data-starting');
      // Without its code the built page takes no tap or typing: only the note's reload does anything.
      await expect(page.locator('#root')).toHaveAttribute('inert');
      await page.unrouteAll();
      await failed.getByRole('link', { name: 'أعد تحميلها' }).click();
      await expect(page.locator('#root')).not.toHaveAttribute('inert');
      await expect(failed).toHaveCount(0);
      await expect(shell.main.getByRole('heading', { level: 1 })).toBeVisible();
    });
  }

  // The store jump (SPEC §2) is its own chunk, fetched only when the URL asks for a jump, beside the entry.
  test('tab=1 with jump_app_store opens the Apple store link of the configuration', async ({ page }) => {
    await page.route('https://apps.apple.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>App Store</title>' }),
    );
    await page.goto('/?tab=1&jump_app_store=1');
    await expect(page).toHaveURL('https://apps.apple.com/app/id1000000000');
  });

  test('store jump code that cannot be fetched: the network is blamed, the page stays', async ({ page }) => {
    await page.route(/\/assets\/storeJump-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
    const home = new HomePage(page);
    await home.goto('/?tab=1&jump_app_store=1');
    await expect(home.toast).toHaveText(Message.network);
    await expect(home.storeLinks).toHaveCount(3);
    expect(new URL(page.url()).pathname).toBe('/');
  });
});

test('on a 320 px phone a long nickname gives way: the landing still names the account’s display id whole', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  const home = new HomePage(page);
  await home.goto('/');
  await home.idInput.fill('10000011');
  await home.idConfirm.click();
  await expectIdWhole(home.packagesFor, '(10000011)');
  await expect(home.packagesFor.getByText('الأسعار لحساب')).toBeVisible();
});

test('offline, the top bar’s sign-in (a full page load) says so and the page stays; online it opens /login', async ({
  page,
}) => {
  const home = new HomePage(page);
  await home.goto('/recharge-list');
  const signIn = page.getByTestId('sign-in-link');
  await expect(signIn).toBeVisible();
  await goOffline(page);
  await signIn.click();
  await expect(page.getByTestId('toast')).toHaveText(Message.network);
  await expect(page).toHaveURL(/\/recharge-list$/);
  await expect(page.locator('#root')).toBeVisible();
  await backOnline(page);
  await signIn.click();
  await expect(page).toHaveURL(/\/login$/);
});
