import { accounts, DisplayUid } from '@topup/contracts/testdata/accounts';
import { watchHydration } from '../../support/hydration';
import { expect, test } from '../../support/test';

/**
 * Issue 30: every route's first paint is the build's prerender of its React tree, which the browser hydrates
 * (web/src/prerender.tsx, web/src/app/start.tsx). Whatever state a visitor arrives in, React must never find
 * the page it hydrates different from the build's (React error #418: it then throws the built page away and
 * renders it again, a second render on a slow phone and a flash). One load per route and state.
 */

/** The routes of web/src/app/router.tsx that draw a page, /home and an unknown path (both go to /). */
const ROUTES = [
  '/',
  '/home',
  '/no-such-page',
  '/share.html',
  '/pay',
  '/recharge',
  '/recharge-list',
  '/pay-step',
  '/login',
  '/fines',
  '/feedback',
  '/feedback-success',
  '/test',
  '/about',
  '/contact',
  '/agreement',
  '/download',
] as const;
// (/privacy only sends the visitor to the policy's own address: it has no page of its own.)

function account(displayUid: string) {
  const found = accounts.find((row) => row.display_uid === displayUid);
  if (found === undefined) throw new Error(`TESTDATA has no ${displayUid}`);
  return found;
}
const reem = account(DisplayUid.reem);
const omar = account(DisplayUid.omar);

/** A target topped up before, as the recharge page stores it (contracts' RechargeHistorySchema). */
const HISTORY = [
  {
    to_uid: omar.uid,
    to_display_uid: omar.display_uid,
    to_nickname: omar.nickname,
    to_icon: '',
    is_guest: false,
    uid: 0,
    h5_deviceid: 'hydration-test-device',
    fill_times: 2,
    first_fill_time: 1_780_000_000,
    last_fill_time: 1_780_000_600,
    status2: 0,
  },
];

interface Arrival {
  /** What the browser has stored before the page's scripts run (values as the app writes them, JSON). */
  readonly storage: Readonly<Record<string, unknown>>;
  /** The query the route is opened with. */
  readonly query: (path: string) => string;
}

const ARRIVALS: Readonly<Record<string, Arrival>> = {
  'a first visit (nothing stored)': { storage: {}, query: () => '' },
  'a returning visitor signed out (history, last method, device id)': {
    storage: {
      'topup.recharge_history': HISTORY,
      'topup.last_pay_type': 23,
      'topup.device_id': 'h5_0123456789abcdef0123456789abcdef',
      'topup.client_uuid': '0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f',
    },
    query: () => '',
  },
  'a signed-in visitor (a stored session)': {
    storage: {
      'topup.session_key': `sk-${reem.display_uid}`,
      'topup.user': { uid: reem.uid, display_uid: reem.display_uid, nickname: reem.nickname, icon: '' },
      'topup.login_type': 'account',
    },
    query: () => '',
  },
  'a link with arguments': {
    storage: {},
    query: (path) =>
      path === '/pay-step'
        ? `?recharge_id=rc_499&pay_type=23&to_uid=${omar.uid}`
        : '?from=app&version_code=100',
  },
};

for (const [arrival, { storage, query }] of Object.entries(ARRIVALS)) {
  test(`${arrival}: every route hydrates the built page as it is`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.addInitScript((entries) => {
      for (const [key, value] of entries) localStorage.setItem(key, JSON.stringify(value));
    }, Object.entries(storage));
    const failures = watchHydration(page);
    const byRoute: Record<string, string[]> = {};
    for (const path of ROUTES) {
      const before = failures.length;
      await page.goto(`${path}${query(path)}`);
      // The app has the page (hydrated or rendered over it: start.tsx's `onLive`), and the main thread has
      // been idle once since: work React left for later (a boundary hydrated after the rest) is done.
      await expect(page.locator('#root')).not.toHaveAttribute('data-starting');
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2_000 })));
      const seen = failures.slice(before);
      if (seen.length > 0) byRoute[path] = seen.map((text) => text.split('\n')[0] ?? text);
    }
    expect(byRoute, 'hydration failures by route').toEqual({});
  });
}
