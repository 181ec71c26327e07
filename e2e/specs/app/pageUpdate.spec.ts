import type { APIRequestContext, Page } from '@playwright/test';
import { CHALLENGE_PASSWORD } from '@topup/contracts';
import { enterNewCard, fromTheList } from '../../flows/pay';
import { RechargePage } from '../../pages/RechargePage';
import { journalOf } from '../../support/chaos';
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

/**
 * The page's document loads from now on: a reload for the update is one. Not the main frame's navigations,
 * which count the step's own history moves (its back guard, the challenge frame's entries stepped over) too.
 */
function loadsOf(page: Page): string[] {
  const loads: string[] = [];
  page.on('load', () => loads.push(page.url()));
  return loads;
}

/**
 * A newer website_version is configured and the visitor comes back from another app (their SMS app, during
 * 3-D Secure): the page asks the config again; answered, and past the update's second, nothing reloaded.
 */
async function newerVersionWhileShownAgain(page: Page, request: APIRequestContext): Promise<void> {
  const set = await request.post('/__mock/config', {
    data: { website_version: '1.0.334' },
    headers: { 'x-topup-control': '1' },
  });
  expect(set.ok()).toBe(true);
  const asked = page.waitForResponse(/\/api\/sys\/config\//);
  await page.evaluate(() => {
    for (const state of ['hidden', 'visible'] as const) {
      Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    }
  });
  await asked;
  await page.waitForTimeout(2_000);
}

/** "done" on the success panel: the list, then the update's one reload there, with a fresh dt. */
async function leavesThenReloadsOnce(page: Page, loads: string[]): Promise<void> {
  await page.getByTestId('result-primary').click();
  await page.waitForURL((url) => /^\d{13}$/.test(url.searchParams.get('dt') ?? ''));
  expect(new URL(page.url()).pathname).toBe('/recharge-list');
  await expect(new RechargePage(page).packages.first()).toBeVisible();
  // Once: the reloaded page, still the same build, goes on as it is.
  await page.waitForTimeout(2_000);
  expect(loads).toHaveLength(1);
  expect(new URL(loads[0] ?? '').searchParams.get('dt')).toMatch(/^\d{13}$/);
  expect(await page.evaluate(() => sessionStorage.getItem('topup.update_reloaded_for'))).toBe('1.0.334');
}

test('a newer version during 3-D Secure waits: the check completes and pays once, then the list reloads', {
  tag: '@spec:page.update',
}, async ({ page, request }) => {
  const { pay } = await fromTheList(page);
  await enterNewCard(pay, 27, '4212345678910006');
  await pay.confirm.click();
  const submit = pay.challengeFrame.getByTestId('challenge-submit');
  await expect(submit).toBeVisible({ timeout: 15_000 });
  const loads = loadsOf(page);

  await newerVersionWhileShownAgain(page, request);
  expect(loads, 'no reload while the bank checks').toEqual([]);
  await pay.challengeFrame.getByTestId('challenge-password').fill(CHALLENGE_PASSWORD);
  await submit.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success', { timeout: 15_000 });
  const made = (await journalOf(request, 'createCoinPay')).filter((entry) => entry.result === 0);
  expect(made, 'one order').toHaveLength(1);
  expect(await journalOf(request, 'clickCancel'), 'the order was not given up').toEqual([]);
  expect(loads, 'no reload over the result').toEqual([]);

  await leavesThenReloadsOnce(page, loads);
});

test('a newer version over the success panel waits until the visitor leaves it', {
  tag: '@spec:page.update',
}, async ({ page, request }) => {
  const { pay } = await fromTheList(page);
  await expect(pay.savedCardOption).toBeChecked();
  await pay.confirm.click();
  await pay.cvv.fill('123');
  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success');
  const loads = loadsOf(page);

  await newerVersionWhileShownAgain(page, request);
  expect(loads, 'no reload over the result').toEqual([]);
  await expect(pay.result).toHaveAttribute('data-outcome', 'success');

  await leavesThenReloadsOnce(page, loads);
});
