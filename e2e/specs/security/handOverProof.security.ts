import type { Page, Route } from '@playwright/test';
import { HomePage } from '../../pages/HomePage';
import { journalOf, paramsOf } from '../../support/chaos';
import { expect, test } from '../../support/test';

/**
 * The attacker review's takeover through the wallet move's hand-over (SPEC §4): a hostile or wrong server
 * answer sends the page itself to a crafted `#pageinfo` on its own origin, saying a stranger's account (نورة,
 * 10000010) is the visitor's own. The page arrives from its own origin, which is no proof of its own move: the
 * store link is not followed, and any such arrival is a link's sign-in, with its notice.
 */

const REFUSED = 'لم نفتح هذا الرابط لأنه يؤدي إلى موقع غير موثوق. لم يتغيّر شيء، ويمكنك المتابعة من هنا';
const crafted = `/recharge-list#pageinfo=${encodeURIComponent(
  JSON.stringify({
    session_key: 'sk-10000010',
    own: { uid: 1010, login_type: 'account' },
    chosen: true,
  }),
)}`;

const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

/** Every store link of the configuration answer is the crafted hand-over on the page's own origin. */
async function storeLinksToCrafted(route: Route, origin: string): Promise<void> {
  const response = await route.fetch();
  const body = (await response.json()) as { data: unknown };
  const data = (typeof body.data === 'string' ? JSON.parse(body.data) : body.data) as {
    pkgInfo: Record<string, unknown>;
  };
  for (const key of ['ksa_apple_url', 'ksa_android_url', 'ksa_google_url', 'ksa_huawei_url'])
    if (key in data.pkgInfo) data.pkgInfo[key] = `${origin}${crafted}`;
  await route.fulfill({
    response,
    json: { ...body, data: typeof body.data === 'string' ? JSON.stringify(data) : data },
  });
}

test('a store link to a #pageinfo hand-over on the page itself: not followed, told, reported, nobody signed in', async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? '').origin;
  const home = new HomePage(page);
  await page.route(/\/api\/sys\/config\//, (route) => storeLinksToCrafted(route, origin));
  await page.goto('/?tab=1&jump_app_store=1');
  await expect(home.toast).toHaveText(REFUSED);
  await expect
    .poll(async () =>
      (await journalOf(page.request))
        .filter((e) => e.call === 'addEvent' && paramsOf(e).event_name === 'navigation_refused')
        .map((e) => [paramsOf(e).str_param1, paramsOf(e).str_param2, paramsOf(e).str_param3]),
    )
    .toEqual([['store', 'signIn', origin]]);
  // None of the links is offered either.
  await expect(home.storeLinks).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe('/');
  expect(await stored(page, 'topup.session_key')).toBeNull();
  await expect(page.getByTestId('link-notice')).toHaveCount(0);
});

test("the page sent to a crafted same-origin #pageinfo by itself: a link's sign-in, its notice asks", async ({
  page,
}) => {
  await page.goto('/');
  await expect(new HomePage(page).storeLinks).toHaveCount(3);
  // Any same-origin target a server supplies, followed by the page itself: the referrer is the page's own.
  await page.evaluate((to) => location.assign(to), crafted);
  await expect(page).toHaveURL(/\/recharge-list/);
  expect(await page.evaluate(() => document.referrer)).toBe(`${new URL(page.url()).origin}/`);
  const notice = page.getByTestId('link-notice');
  await expect(notice).toContainText('دخلت عبر رابط');
  await expect(notice).toContainText('10000010');
  await expect(page.getByRole('button', { name: 'نعم، هذا حسابي' })).toBeVisible();
  expect(await stored(page, 'topup.login_type')).toBe(JSON.stringify('link'));
  expect(await stored(page, 'topup.link_acknowledged')).toBeNull();
  expect(page.url()).not.toContain('pageinfo');
});
