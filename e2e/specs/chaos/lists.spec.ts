import type { BrowserContext, Page } from '@playwright/test';
import { LIMITS } from '@topup/contracts/limits';
import { Message } from '@topup/contracts/messages';
import { DisplayUid } from '@topup/contracts/testdata/accounts';
import { CHALLENGE_PASSWORD } from '@topup/contracts/testdata/cards';
import { confirmLinkAccount, enterNewCard, openPayStep, openPayStepByLink } from '../../flows/pay';
import { PayStepPage } from '../../pages/payStep';
import { RechargePage } from '../../pages/RechargePage';
import { Shell } from '../../pages/Shell';
import { backOnline, expectOneOrder, forceFault, goOffline, untilFaultTaken } from '../../support/chaos';
import { recordToasts } from '../../support/notices';
import { expect, test } from '../../support/test';

/**
 * The calls around the order under a failing backend: the charge list, the package, saved cards, the 3-D
 * Secure submit and the result asked for on a return. Each either recovers on its own or says so in
 * Arabic with one next step.
 */

// [the fault, what the visitor is told]: each ends in the search's Arabic error, and searching again finds
// the account. A past-the-limit answer runs on the page's clock (the client gives up at the API limit).
const targetCheckFaults: [string, (page: Page, context: BrowserContext) => Promise<void>, string][] = [
  [
    // A server answered, wrongly: the service's failure, not the visitor's connection.
    'answers garbage',
    (page) => forceFault(page.request, 'checkDisplayId', { fault: 'notEnvelope' }),
    'حدث خطأ في الخادم. أعد المحاولة',
  ],
  [
    // Offline before the visitor starts on the search: said as the network's failure (not the page's code),
    // and back online the search runs again by itself.
    'finds the page offline',
    (page) => goOffline(page),
    'تعذّر الاتصال بالشبكة. تحقّق من اتصالك وأعد المحاولة',
  ],
  [
    'answers past the API limit',
    (page) => forceFault(page.request, 'checkDisplayId', { fault: 'pastLimit', limit: 'api' }),
    'انتهت مهلة الاتصال. أعد المحاولة',
  ],
];

// The first row on the phone and the desktop; the rest (`@table`) on the phone only, see the config.
for (const [i, [name, fault, told]] of targetCheckFaults.entries()) {
  test(
    `the target check ${name}: the search says so, and searching again finds the account`,
    i === 0 ? {} : { tag: '@table' },
    async ({ page, context }) => {
      const pastLimit = name.includes('limit');
      if (pastLimit) await page.clock.install();
      const recharge = new RechargePage(page);
      await recharge.open();
      await fault(page, context);
      await recharge.searchFor(DisplayUid.omar);
      if (pastLimit) {
        // Past the limit once the mock holds the check: a jump before would give up on it unsent.
        await untilFaultTaken(page.request, 'checkDisplayId');
        await page.clock.fastForward(LIMITS.apiMs);
      }
      await expect(recharge.searchError).toContainText(told);
      await backOnline(page);
      // The offline search runs again by itself once back online; after a server's failure the visitor asks.
      if (name !== 'finds the page offline') await recharge.searchConfirm.click();
      await expect(recharge.targetNickname).toHaveText('Omar ⭐');
    },
  );
}

test('the charge list answers past the API limit on the pay step: the package says it could not load, its retry loads it', async ({
  page,
}) => {
  await page.clock.install();
  await page.goto('/recharge-list?session_key=sk-10000001');
  await expect(new Shell(page).signOutButton).toBeVisible();
  // The list's own charge list is in before the fault is forced, or the list (not the pay step) meets it.
  await expect(new RechargePage(page).packages.first()).toBeVisible();
  const pay = new PayStepPage(page);
  await forceFault(page.request, 'getRechargeListV3', { fault: 'pastLimit', limit: 'api' });
  await pay.open({ recharge_id: 'rc_499', pay_type: 23, to_uid: 1001 });
  await untilFaultTaken(page.request, 'getRechargeListV3');
  await page.clock.fastForward(LIMITS.apiMs);
  const failed = page.getByTestId('pay-package-failed');
  // No answer in time: said as a time-out (api/loadFailure.ts), not as the visitor's connection.
  await expect(failed).toContainText('تعذّر تحميل الباقة. انتهت مهلة الاتصال. أعد المحاولة');
  await failed.getByRole('button', { name: 'إعادة المحاولة' }).click();
  await expect(page.getByTestId('pay-summary')).toContainText('$4.99');
});

test('the charge list answers garbage on the pay step: the package says it could not load, its retry loads it', async ({
  page,
}) => {
  await page.goto('/recharge-list?session_key=sk-10000001');
  await expect(new Shell(page).signOutButton).toBeVisible();
  // The list's own charge list is in before the fault is forced, or the list (not the pay step) meets it.
  await expect(new RechargePage(page).packages.first()).toBeVisible();
  const pay = new PayStepPage(page);
  await forceFault(page.request, 'getRechargeListV3', { fault: 'notEnvelope' });
  await pay.open({ recharge_id: 'rc_499', pay_type: 23, to_uid: 1001 });
  const failed = page.getByTestId('pay-package-failed');
  // A server answered an HTML page: the service is unavailable, the connection is not blamed.
  await expect(failed).toContainText('تعذّر تحميل الباقة. الخدمة غير متاحة حاليًا. أعد المحاولة بعد قليل');
  await expect(failed).not.toContainText('اتصالك');
  await failed.getByRole('button', { name: 'إعادة المحاولة' }).click();
  await expect(page.getByTestId('pay-summary')).toContainText('$4.99');
  await expect(failed).toHaveCount(0);
});

test('the charge list answers 503 on the pay step: the service is unavailable, not the connection; its retry loads it', async ({
  page,
}) => {
  await page.goto('/recharge-list?session_key=sk-10000001');
  await expect(new Shell(page).signOutButton).toBeVisible();
  await expect(new RechargePage(page).packages.first()).toBeVisible();
  const pay = new PayStepPage(page);
  await forceFault(page.request, 'getRechargeListV3', { fault: 'http', status: 503 });
  await pay.open({ recharge_id: 'rc_499', pay_type: 23, to_uid: 1001 });
  const failed = page.getByTestId('pay-package-failed');
  await expect(failed).toContainText('تعذّر تحميل الباقة. الخدمة غير متاحة حاليًا. أعد المحاولة بعد قليل');
  await expect(failed).not.toContainText('اتصالك');
  // Failed, not loading: nothing in the summary looks as if the package were still on its way.
  await expect(page.getByTestId('pay-summary').locator('.skeleton')).toHaveCount(0);
  await failed.getByRole('button', { name: 'إعادة المحاولة' }).click();
  await expect(page.getByTestId('pay-summary')).toContainText('$4.99');
  await expect(failed).toHaveCount(0);
});

test('saved cards answer garbage once: the next poll lists them', async ({ page }) => {
  await page.clock.install();
  await page.goto('/recharge-list?session_key=sk-10000001');
  await confirmLinkAccount(page);
  await forceFault(page.request, 'getCardSource', { fault: 'notEnvelope' });
  const pay = new PayStepPage(page);
  await pay.open({ recharge_id: 'rc_499', pay_type: 23, to_uid: 1001 });
  await expect(pay.root).toBeVisible();
  await page.clock.fastForward(LIMITS.savedCardsPollMs);
  await pay.openSavedCards.click();
  await expect(pay.savedCards).toHaveCount(3);
});

test('the 3-D Secure submit’s answer is lost: the order is asked for and paid once', async ({ page }) => {
  const pay = await openPayStepByLink(page, 27);
  await enterNewCard(pay, 27, '4212345678910006');
  // Twice: Chromium re-sends a reset GET once on its own.
  await forceFault(page.request, 'submitAuthenticationResult', { fault: 'lostAnswer' }, 2);
  await pay.confirm.click();
  await pay.challengeFrame.locator('input:not([type=hidden])').first().fill(CHALLENGE_PASSWORD);
  await pay.challengeFrame.getByTestId('challenge-submit').click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success');
  await expectOneOrder(page.request);
});

test('back from the hosted page, the first result answer is garbage: the result is asked again', async ({
  page,
}) => {
  const pay = await openPayStep(page, 24);
  await pay.channel(24).check();
  await pay.confirm.click();
  await forceFault(page.request, 'payResultByOrderFast', { fault: 'notEnvelope' });
  await page.getByTestId('hosted-pay').click();
  await expect(page).toHaveURL(/\/pay-step\?/);
  await expect(pay.result).toHaveAttribute('data-outcome', 'success');
  await expectOneOrder(page.request);
});

test('the charge list answers a package outside the contract: the service is said to have failed, not the connection; the retry loads it', async ({
  page,
}) => {
  const toasts = await recordToasts(page);
  // The server answers (a whole envelope), but with an amount no package can have: only it could send this.
  let lying = true;
  await page.route('**/api/third_party_pay/get_recharge_list_v3/**', async (route) => {
    if (!lying) return route.continue();
    const answer = await route.fetch();
    const body = (await answer.json()) as { data: { list: { amount: unknown }[] } };
    const [first] = body.data.list;
    if (first !== undefined) first.amount = 'NaN';
    return route.fulfill({ response: answer, json: body });
  });
  await page.goto('/recharge-list?session_key=sk-10000001');
  const banner = page.locator('.charge-panel').getByRole('alert');
  await expect(banner).toContainText('الخدمة غير متاحة حاليًا');
  await expect(banner).not.toContainText(Message.network);
  expect(await toasts()).not.toContain(Message.network);
  lying = false;
  await banner.getByRole('button', { name: 'إعادة المحاولة' }).click();
  await expect(new RechargePage(page).packages.first()).toBeVisible();
  await expect(banner).toHaveCount(0);
});

test('sys/config answers an HTML page: no uncaught error, the page goes on with its defaults', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.route('**/api/sys/config/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<html>proxy</html>' }),
  );
  const recharge = new RechargePage(page);
  await page.goto('/recharge-list?session_key=sk-10000001');
  await expect(new Shell(page).signOutButton).toBeVisible();
  await expect(recharge.packages.first()).toBeVisible();
  await expect(recharge.methods.first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('the charge list answers an HTML page with 200: the service is unavailable, the connection is not blamed', async ({
  page,
}) => {
  await page.route('**/api/third_party_pay/get_recharge_list_v3/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<html>proxy</html>' }),
  );
  await page.goto('/recharge-list');
  const failed = page.getByRole('alert').filter({ hasText: 'تعذّر تحميل الباقات' });
  await expect(failed).toContainText('الخدمة غير متاحة حاليًا. أعد المحاولة بعد قليل');
  await expect(failed).not.toContainText('اتصالك');
  await page.unroute('**/api/third_party_pay/get_recharge_list_v3/**');
  await failed.getByRole('button', { name: 'إعادة المحاولة' }).click();
  await expect(new RechargePage(page).packages.first()).toBeVisible();
});
