/**
 * The rest of the pay journey's machine (web/src/features/pay/MACHINE.md) a visitor reaches against the mock:
 * going to a provider's page, a refused page, a reload that finds a kept order, the wallet's pending then
 * paid, offline on the first step, and the fine intent's waits, 3-D Secure, pending and "already paid".
 */
import { join } from 'node:path';
import type { Page, Route, TestInfo } from '@playwright/test';
import { enterNewCard, IPHONE_SAFARI, localhostOrigin, openPayStep } from '../flows/pay';
import { FinesPage } from '../specs/fines/FinesPage';
import { forceFault } from '../support/chaos';
import { CONTROL_HEADERS } from '../support/mock';
import { expect, test } from '../support/test';
import { out, shot } from './shot';

/** The viewport as the visitor sees it while a layer covers it (shot.ts), without waiting for the network. */
function layerShot(page: Page, info: TestInfo, name: string): Promise<Buffer> {
  return page.screenshot({ path: join(out, info.project.name, `${name}.png`) });
}

/**
 * Stops the page's navigation to a provider's page (`url`): the page's request is held until `stop` is
 * called, then answered "204 No Content", so the browser stays on the page with its "going to the payment
 * page" overlay up, as while a slow provider's page loads (left pending, the browser draws no frame to
 * photograph). The tap that starts it must not wait for the navigation (`noWaitAfter`): it never commits.
 * `requested` settles with its address.
 */
async function stopNavigation(
  page: Page,
  url: string,
): Promise<{ requested: Promise<string>; stop: () => void }> {
  let stop = (): void => undefined;
  let seen = (_url: string): void => undefined;
  const held = new Promise<void>((resolve) => {
    stop = resolve;
  });
  const requested = new Promise<string>((resolve) => {
    seen = resolve;
  });
  await page.route(
    url,
    async (route: Route) => {
      seen(route.request().url());
      await held;
      await route.fulfill({ status: 204 });
    },
    { times: 1 },
  );
  return { requested, stop };
}

const HOSTED_PAGE = '**/__provider/hosted/pay**';

/** The order creation's answer, as a hostile backend would send it: its page on an untrusted host. */
async function pageOnUntrustedHost(page: Page, path: string): Promise<void> {
  await page.route(path, async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { data?: { url?: string } };
    if (body.data?.url !== undefined) body.data.url = 'https://pay.evil.example/checkout';
    await route.fulfill({ response: answer, json: body });
  });
}

test('16 pay step: going to the payment page', async ({ page }, info) => {
  const pay = await openPayStep(page, 24);
  const hosted = await stopNavigation(page, HOSTED_PAGE);
  await pay.channel(24).check();
  hosted.stop();
  // The tap starts a navigation that never commits: not waited for.
  await pay.confirm.click({ noWaitAfter: true });
  await hosted.requested;
  await expect(page.getByTestId('loading-overlay')).toBeVisible();
  await layerShot(page, info, '16-pay-redirecting');
});

test('16 pay step: a payment page on an untrusted host, refused', async ({ page }, info) => {
  const again = await openPayStep(page, 24);
  await pageOnUntrustedHost(page, '**/api/order/create_coin_pay/**');
  await again.channel(24).check();
  await again.confirm.click();
  await expect(again.result).toHaveAttribute('data-outcome', 'fail', { timeout: 20_000 });
  await shot(page, info, '16-pay-page-refused');
});

test('16 pay step: a reload during the bank check finds the kept order', async ({ page }, info) => {
  const pay = await openPayStep(page, 27);
  await enterNewCard(pay, 27, '4212345678910006');
  await pay.confirm.click();
  await expect(pay.challengeFrame.getByTestId('challenge-submit')).toBeVisible({ timeout: 20_000 });
  await page.reload();
  await expect(page.getByTestId('loading-overlay')).toBeVisible({ timeout: 20_000 });
  await layerShot(page, info, '16-pay-reload-checking');
  await expect(pay.resultPanel).toBeVisible({ timeout: 30_000 });
  await shot(page, info, '16-pay-reload-result');
});

test('16 pay step: offline on the first step', async ({ page }, info) => {
  await openPayStep(page, 23);
  await page.context().setOffline(true);
  await expect(page.getByTestId('pay-offline')).toBeVisible();
  await shot(page, info, '16-pay-offline-home');
  await page.context().setOffline(false);
});

test.describe('16 the wallet', () => {
  test.use({ userAgent: IPHONE_SAFARI });
  test('16 wallet: pending, then paid', async ({ page, baseURL }, info) => {
    const pay = await openPayStep(page, 26, localhostOrigin(baseURL));
    await pay.channel(26).check();
    await pay.confirm.click();
    await pay.walletSheet.locator('button[data-token="wallet:pending-success"]').click();
    // Within Apple's window the sheet itself says the payment is completing: the one layer over the page.
    await expect(pay.walletSheet.getByRole('status')).toBeVisible();
    await layerShot(page, info, '16-wallet-pending');
    await expect(pay.result).toHaveAttribute('data-outcome', 'success', { timeout: 30_000 });
    await shot(page, info, '16-wallet-pending-success');
  });
});

test.describe('16 fines', () => {
  test.beforeEach(async ({ request }) => {
    await request.post('/__mock/reset', { headers: CONTROL_HEADERS, data: {} });
  });

  test('16 fine: creating the order, the bank check, its result', async ({ page, request }, info) => {
    const fines = new FinesPage(page);
    await page.goto('/fines?id=7001');
    await fines.enterCard('4212 3456 7891 0006');
    await forceFault(request, 'createFinePay', { fault: 'delay', ms: 2000 });
    await fines.payButton.click();
    await expect(page.getByTestId('loading-overlay')).toBeVisible();
    await layerShot(page, info, '16-fine-creating');
    // Provider 13's 3-D Secure is its own page (a redirect), not a frame over the fine.
    const challenge = page;
    await expect(challenge.getByTestId('challenge-submit')).toBeVisible({ timeout: 20_000 });
    await layerShot(page, info, '16-fine-challenge');
    await challenge.getByTestId('challenge-password').fill('password');
    await challenge.getByTestId('challenge-submit').click();
    await expect(fines.paid).toBeVisible({ timeout: 20_000 });
    // Opened again in this browser: "already paid" with the same receipt, nothing to pay.
    await page.goto('/fines?id=7001');
    await expect(fines.alreadyPaid).toBeVisible();
    await expect(page.getByTestId('fine-receipt')).toBeVisible();
    await shot(page, info, '16-fine-already-paid-here');
  });

  test('16 fine: going to the payment page', async ({ page }, info) => {
    const fines = new FinesPage(page);
    await page.goto('/fines?id=7001');
    await fines.method('hosted').check();
    // The provider's page answers "no content": the page stays with its overlay up, as while a slow provider's
    // page loads (stopNavigation), and is photographed there.
    const hosted = await stopNavigation(page, HOSTED_PAGE);
    hosted.stop();
    await fines.payButton.click({ noWaitAfter: true });
    await hosted.requested;
    await expect(page.getByTestId('loading-overlay')).toBeVisible();
    await layerShot(page, info, '16-fine-redirecting');
  });

  test('16 fine: back unpaid from the hosted page: checking, pending', async ({ page }, info) => {
    const fines = new FinesPage(page);
    await page.goto('/fines?id=7001');
    await fines.method('hosted').check();
    await fines.payButton.click();
    await expect(fines.hostedPay).toBeVisible({ timeout: 20_000 });
    await page.goBack();
    await expect(page.getByTestId('loading-overlay')).toBeVisible({ timeout: 20_000 });
    await layerShot(page, info, '16-fine-checking');
    await expect(page.getByTestId('fine-pending')).toBeVisible({ timeout: 30_000 });
    await shot(page, info, '16-fine-pending');
  });
});
