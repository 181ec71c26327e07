import { LoginPage } from '../../pages/LoginPage';
import { PayStepPage } from '../../pages/payStep';
import { RechargePage } from '../../pages/RechargePage';
import { Shell } from '../../pages/Shell';
import { expect, test } from '../../support/test';

/**
 * Issues 16 and 30: nothing on the first screen moves while it loads (Lighthouse's CLS 0): the page the build
 * rendered, React's page that takes it over, and what start-up brings (a sign-in from the URL, the charge list) keep
 * every box where it first appeared. A layout-shift observer from the page's start sums the shifts.
 */
const OBSERVE = `
  window.__shifts = [];
  new PerformanceObserver(function (list) {
    list.getEntries().forEach(function (entry) {
      if (!entry.hadRecentInput)
        window.__shifts.push({
          value: entry.value,
          nodes: entry.sources.map(function (s) { return s.node ? (s.node.className || s.node.nodeName) : '?'; }),
        });
    });
  }).observe({ type: 'layout-shift', buffered: true });
`;

const shifts = (page: import('@playwright/test').Page) =>
  page.evaluate(
    () =>
      new Promise<unknown>((resolve) =>
        // After the next frame, so a shift of the last render is reported.
        requestAnimationFrame(() =>
          setTimeout(() => resolve((window as unknown as { __shifts: unknown }).__shifts)),
        ),
      ),
  );

test.describe('the first screen does not move while it loads', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript({ content: OBSERVE });
  });

  test('signed in by session_key: the signed-in row and the packages take the placeholders’ places', async ({
    page,
  }) => {
    const recharge = new RechargePage(page);
    await recharge.open('?session_key=sk-10000001');
    await expect(recharge.targetNickname).toHaveText('ريم');
    await expect(recharge.packages.first()).toBeVisible();
    await expect(page.getByTestId('target-pending')).toHaveCount(0);
    // The link notice came in the room kept for it from the first paint.
    await expect(page.getByTestId('link-notice')).toBeVisible();
    expect(await shifts(page)).toEqual([]);
  });

  test('a link whose sign-in fails: the failure is said in the room kept for the notice, and nothing moves', async ({
    page,
  }) => {
    const recharge = new RechargePage(page);
    await recharge.open('?session_key=sk-never-issued');
    await expect(recharge.signInLink).toBeVisible();
    await expect(recharge.packages.first()).toBeVisible();
    const failure = page.getByTestId('link-failed');
    await expect(failure).toContainText('لم يسجّل الرابط دخولك');
    expect(await shifts(page)).toEqual([]);
    // Closed by the visitor: the room goes with it, their own act.
    await failure.getByRole('button', { name: 'حسنًا' }).click();
    await expect(failure).toHaveCount(0);
    expect(await page.locator('.link-notice-slot').evaluate((slot) => slot.clientHeight)).toBe(0);
  });

  test('a slow session_key link: the link notice arrives after the page is usable, and nothing moves', async ({
    page,
  }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/get_pay_user_info\//, async (route) => {
      await held;
      await route.continue();
    });
    const recharge = new RechargePage(page);
    await recharge.open('?session_key=sk-10000001');
    await expect(page.locator('#root')).not.toHaveAttribute('data-starting');
    await expect(page.getByTestId('target-pending')).toBeVisible();
    await page.waitForTimeout(1_000);
    release();
    await expect(page.getByTestId('link-notice')).toBeVisible();
    await expect(recharge.targetNickname).toHaveText('ريم');
    expect(await shifts(page)).toEqual([]);
  });

  test('a fine link: the fine and its card fields take the loading box’s place', async ({ page }) => {
    const shell = new Shell(page);
    await shell.goto('/fines?id=7001');
    await expect(shell.main.getByTestId('fine-lead')).toBeVisible();
    await expect(shell.main.getByTestId('card-fields')).toBeVisible();
    expect(await shifts(page)).toEqual([]);
  });

  test('a return from a payment: its result is said in the room kept for it from the first paint', async ({
    page,
  }) => {
    const recharge = new RechargePage(page);
    // The bench's return (e2e/bench/benchRoutes.ts): an order the server does not know, said on the list.
    await recharge.open('?zp_show=1&zp_orderid=bench-order&zp_h5deviceid=bench-device');
    await expect(page.getByTestId('payment-return-notice')).toBeVisible();
    await expect(recharge.packages.first()).toBeVisible();
    expect(await shifts(page)).toEqual([]);
  });

  for (const [who, query] of [
    ['a signed-in visitor paying for themself', 'to_uid=1001&session_key=sk-10000001'],
    ['a visitor paying for another account', 'to_uid=1002'],
  ] as const) {
    test(`/pay-step, ${who}: the recipient, the package and the methods take their placeholders’ places`, async ({
      page,
    }) => {
      const shell = new Shell(page);
      await shell.goto(`/pay-step?recharge_id=rc_499&pay_type=23&${query}`);
      await expect(shell.main.getByTestId('pay-recipient-id')).toBeVisible();
      await expect(shell.main.getByTestId('pay-amount')).toBeVisible();
      await expect(shell.main.getByTestId('pay-confirm')).toBeVisible();
      // A link signing a signed-out visitor in brings the link notice; a visit without one keeps no room.
      if (query.includes('session_key')) await expect(page.getByTestId('link-notice')).toBeVisible();
      else expect(await page.locator('.link-notice-slot').evaluate((slot) => slot.clientHeight)).toBe(0);
      expect(await shifts(page)).toEqual([]);
    });
  }

  test('/pay-step signed in by session_key, the sign-in answering late: the package waits for it, and the methods show from the start', async ({
    page,
  }) => {
    const shell = new Shell(page);
    const pay = new PayStepPage(page);
    // The sign-in's answer is held until the page has drawn its first screen; the package is asked for under
    // the session the link brings (its prices and signed-in packages are that account's).
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let signInAsked = false;
    let packageAsked = 0;
    page.on('request', (request) => {
      if (request.url().includes('/get_recharge_list_v3/')) packageAsked += 1;
    });
    await page.route(/\/get_pay_user_info\//, async (route) => {
      signInAsked = true;
      await held;
      await route.continue();
    });
    await shell.goto('/pay-step?recharge_id=rc_499&pay_type=23&to_uid=1001&session_key=sk-10000001');
    await expect.poll(() => signInAsked).toBe(true);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(packageAsked, 'the package waits for the sign-in').toBe(0);
    release();
    await expect(shell.main.getByTestId('pay-amount')).toBeVisible();
    // The link's account is not answered for yet: its saved cards are not offered. A link's step chooses no
    // method (linkEntry.spec.ts): the link's method is drawn, not chosen, and the pay button waits for a pick.
    await expect(pay.channel(23)).toBeVisible();
    await expect(pay.channel(23)).not.toBeChecked();
    await expect(page.getByTestId('saved-card-option')).toHaveCount(0);
    await expect(pay.confirm).toBeDisabled();
    await expect(page.getByTestId('pay-link-entry')).toBeVisible();
    await expect(page.getByTestId('link-notice')).toBeVisible();
    expect(await shifts(page)).toEqual([]);
    // Start-up taking the session_key out of the address bar is not a new intent: the package is asked for once.
    expect(packageAsked).toBe(1);
  });

  test('/login on a phone whose fold is near the page’s end: the providers failing take the room kept for them, the footer stays', async ({
    page,
  }) => {
    // The footer is in view while the providers load, and would be pushed down by their notices (Lighthouse's
    // CLS of /login).
    await page.setViewportSize({ width: 412, height: 720 });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/facebook\.net|accounts\.google\.com/, async (route) => {
      await held;
      await route.abort('internetdisconnected');
    });
    const login = new LoginPage(page);
    await login.open();
    await expect(login.main.getByTestId('social-sign-in').getByRole('status')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeInViewport();
    release();
    await expect(login.facebookUnavailable).toBeVisible();
    await expect(login.googleUnavailable).toBeVisible();
    expect(await shifts(page)).toEqual([]);
  });

  test('a parser that stops before the footer paints nothing half-built: the first frame has the whole page', async ({
    page,
  }) => {
    // A slow phone's parser may pause anywhere; here a script held before the footer stops it. Painted then, the
    // centred footer's links would move as the rest of them arrive (a layout shift seen on a busy machine).
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/held-parser\.js$/, async (route) => {
      await held;
      await route.fulfill({ contentType: 'text/javascript', body: '' });
    });
    await page.route(/\/pay-step\?/, async (route) => {
      const built = await (await route.fetch()).text();
      expect(built).toContain('<footer class="footer" id="page-footer">');
      await route.fulfill({
        contentType: 'text/html',
        body: built.replace(
          '<footer class="footer"',
          '<script src="/held-parser.js"></script><footer class="footer"',
        ),
      });
    });
    await page.addInitScript({
      content: `requestAnimationFrame(function () {
        var footer = document.getElementById('page-footer');
        window.__firstFrame = footer && footer.lastElementChild ? footer.lastElementChild.className : 'none';
      });`,
    });
    const shell = new Shell(page);
    const loaded = shell.goto('/pay-step?recharge_id=rc_499&pay_type=23&to_uid=1002');
    await page.waitForFunction(() => document.getElementById('main') !== null);
    await page.waitForTimeout(300);
    release();
    await loaded;
    await expect(shell.main.getByTestId('pay-confirm')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __firstFrame?: string }).__firstFrame)).toBe(
      'ltr',
    );
    expect(await shifts(page)).toEqual([]);
  });

  for (const [path, heading] of [
    ['/', 'home-tab-1'],
    ['/login', 'social-sign-in'],
    ['/feedback', 'feedback-text'],
    ['/fines', 'fine-bad-link'],
    // Answered with index's page, which they go on to.
    ['/home', 'home-tab-1'],
    ['/no-such-page', 'home-tab-1'],
  ] as const) {
    test(`${path}: the built page gives way to React's without a shift`, async ({ page }) => {
      const shell = new Shell(page);
      await shell.goto(path);
      await expect(shell.main.getByTestId(heading)).toBeVisible();
      expect(await shifts(page)).toEqual([]);
    });
  }
});
