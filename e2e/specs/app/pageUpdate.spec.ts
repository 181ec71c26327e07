import { RechargePage } from '../../pages/RechargePage';
import { holdRequests } from '../../support/hold';
import { expect, test } from '../../support/test';

/**
 * SPEC §4 page update: a configured website_version above the build reloads the page once, with a fresh dt,
 * after one second; the reloaded page is still the same build, so it must go on starting rather than
 * reload again (a loop every ~1.3 s before the guard).
 */
test('a newer website_version reloads once per visit, then the page starts as usual', {
  tag: '@spec:page.update',
}, async ({ page, request }) => {
  const set = await request.post('/__mock/config', {
    data: { website_version: '1.0.334' },
    headers: { 'x-topup-control': '1' },
  });
  expect(set.ok()).toBe(true);
  const loads: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) loads.push(frame.url());
  });
  // Start-up fetches the backup domains only once past the update check: the page went on starting.
  const startedPast = page.waitForRequest(/\/api\/sys\/backup_domains\//);
  await page.goto('/?tab=2');
  await startedPast;
  expect(loads).toHaveLength(2);
  const reloaded = new URL(loads[1] ?? '');
  expect(reloaded.searchParams.get('dt')).toMatch(/^\d{13}$/);
  expect(reloaded.searchParams.get('tab')).toBe('2');
  await expect(page.getByTestId('home-tab-2')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('topup.update_reloaded_for'))).toBe('1.0.334');
});

test('a page shown again asks the config again and reloads for a newer website_version', {
  tag: '@spec:page.update',
}, async ({ page, request }) => {
  const startedPast = page.waitForRequest(/\/api\/sys\/backup_domains\//);
  await page.goto('/?tab=2');
  await startedPast;
  await expect(page.getByTestId('home-tab-2')).toBeVisible();
  const set = await request.post('/__mock/config', {
    data: { website_version: '1.0.334' },
    headers: { 'x-topup-control': '1' },
  });
  expect(set.ok()).toBe(true);
  // The tab comes back to the front (SPEC §4: checked again whenever the page becomes visible).
  const reloaded = page.waitForURL((url) => /^\d{13}$/.test(url.searchParams.get('dt') ?? ''));
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await reloaded;
  expect(new URL(page.url()).searchParams.get('tab')).toBe('2');
  await expect(page.getByTestId('home-tab-2')).toBeVisible();
});

test('a page shown again while start-up still signs in is checked again once start-up is done', {
  tag: '@spec:page.update',
}, async ({ page }) => {
  // What the page asked and heard, in order: the config asked again, the launch ticket's answer.
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/sys/config/')) seen.push('config');
  });
  page.on('response', (response) => {
    if (response.url().includes('/api/web/ticket_login/')) seen.push('ticket answered');
  });
  const release = await holdRequests(page, /\/api\/web\/ticket_login\//);
  const redeeming = page.waitForRequest(/\/api\/web\/ticket_login\//);
  await new RechargePage(page).goto('/recharge-list?ticket=tk-unknown');
  await redeeming;
  expect(seen).toEqual(['config']);
  // The visitor goes to another app and comes back while start-up still redeems the launch ticket.
  await page.evaluate(() => {
    for (const state of ['hidden', 'visible'] as const) {
      Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    }
  });
  release();
  // Checked again once, after start-up's own sign-in rather than beside it.
  await expect.poll(() => seen).toEqual(['config', 'ticket answered', 'config']);
});
