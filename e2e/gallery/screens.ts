import { join } from 'node:path';
import { enterNewCard, openPayStep } from '../flows/pay';
import { RechargePage } from '../pages/RechargePage';
import { FinesPage } from '../specs/fines/FinesPage';
import { forceFault } from '../support/chaos';
import { CONTROL_HEADERS } from '../support/mock';
import { expect, test } from '../support/test';
import { out, shot } from './shot';

/** The screens of the gallery; each test reaches one or more states and photographs them, full page. */

test('01 landing: tabs, ID first, packages, loading, failure', async ({ page, request }, info) => {
  await page.goto('/');
  await expect(page.getByTestId('home-packages-ask')).toBeVisible();
  await shot(page, info, '01-landing-tab1');
  await page.goto('/?tab=2');
  await expect(page.getByTestId('home-tab-2')).toBeVisible();
  await shot(page, info, '01-landing-tab2');
  await page.goto('/?session_key=sk-10000001');
  await expect(page.getByTestId('home-package').first()).toBeVisible();
  await shot(page, info, '01-landing-packages');
  await page.goto('/?session_key=sk-10000001&tab=2');
  await expect(page.getByTestId('home-package').first()).toBeVisible();
  await shot(page, info, '01-landing-packages-tab2');
  await forceFault(request, 'getRechargeListV3', { fault: 'delay', ms: 8000 });
  await page.goto('/?session_key=sk-10000001');
  await expect(page.getByTestId('home-strip')).toHaveAttribute('aria-busy', 'true');
  await page.screenshot({ path: join(out, info.project.name, '01-landing-loading.png'), fullPage: true });
  await forceFault(request, 'getRechargeListV3', { fault: 'http', status: 503 });
  await page.goto('/?session_key=sk-10000001');
  await expect(page.getByTestId('home-packages-failed')).toBeVisible();
  await shot(page, info, '01-landing-failed');
});

test('02 recharge list, signed out, then a target', async ({ page }, info) => {
  const recharge = new RechargePage(page);
  await page.goto('/recharge-list');
  await expect(recharge.searchInput).toBeVisible();
  await shot(page, info, '02-recharge-empty');
  await recharge.searchFor('10000002');
  await expect(recharge.packages.first()).toBeVisible();
  await shot(page, info, '02-recharge-target');
  await recharge.packages.nth(2).click();
  await shot(page, info, '02-recharge-package-chosen');
});

test('02b recharge list before an ID: prices, nothing chosen; pay now asks for the ID', async ({
  page,
}, info) => {
  const recharge = new RechargePage(page);
  await page.goto('/recharge-list');
  await expect(recharge.packages.first()).toBeVisible();
  await shot(page, info, '02-recharge-prices-before-id');
  await recharge.packages.nth(2).click();
  await expect(recharge.methods.first()).toBeVisible();
  await recharge.payNow.click();
  await expect(page.getByTestId('pay-ask-id')).toBeVisible();
  await shot(page, info, '02-recharge-pay-asks-id');
});

const accountMessages = [
  ['10000003', 'banned'],
  ['10000004', 'deactivated'],
  ['10000005', 'deactivating'],
  ['10000006', 'guest'],
  ['10000007', 'source-mismatch'],
  ['10000009', 'banned-with-fine'],
  ['99999999', 'not-found'],
] as const;

for (const [displayId, name] of accountMessages) {
  test(`03 account message ${name}`, async ({ page }, info) => {
    const recharge = new RechargePage(page);
    await page.goto('/recharge-list');
    await recharge.searchFor(displayId);
    await expect(recharge.searchError).toBeVisible();
    await shot(page, info, `03-account-${name}`);
  });
}

test('04 recharge list signed in, search dialog', async ({ page }, info) => {
  const recharge = new RechargePage(page);
  await page.goto('/recharge-list?session_key=sk-10000001');
  await expect(recharge.packages.first()).toBeVisible();
  await shot(page, info, '04-recharge-signed-in');
  await recharge.changeTarget.click();
  await expect(recharge.searchDialog).toBeVisible();
  await shot(page, info, '04-search-dialog');
});

test('05 pay step: home, saved cards, card form, cvv, leave popup', async ({ page }, info) => {
  const pay = await openPayStep(page, 23);
  await expect(pay.confirm).toBeVisible();
  await shot(page, info, '05-pay-home');
  await pay.openSavedCards.click();
  await expect(pay.savedCards.first()).toBeVisible();
  await shot(page, info, '05-pay-saved-cards');
  await pay.deleteCard('src_visa4242').click();
  await expect(pay.deletePopup).toBeVisible();
  await shot(page, info, '05-pay-delete-popup');
  await pay.cancelDelete.click();
  await pay.savedCard('src_mc4444').click();
  await expect(pay.expiryPopup).toBeVisible();
  await shot(page, info, '05-pay-expiry-popup');
});

test('06 pay step: card form and cvv', async ({ page }, info) => {
  const pay = await openPayStep(page, 23);
  await pay.channel(23).check();
  await pay.confirm.click();
  await expect(pay.cardNumber).toBeVisible();
  await shot(page, info, '06-card-form-empty');
  await pay.cardNumber.fill('4242424242424241');
  await pay.holder.click();
  await shot(page, info, '06-card-form-invalid');
  await pay.back.click();
  await expect(pay.leavePopup).toBeVisible();
  await shot(page, info, '06-leave-popup');
});

test('07 pay step: saved card cvv', async ({ page }, info) => {
  const pay = await openPayStep(page, 23);
  await pay.openSavedCards.click();
  await pay.savedCard('src_visa4242').click();
  await expect(pay.cvvStep).toBeVisible();
  await shot(page, info, '07-cvv-step');
});

const outcomes = [
  ['4242424242424242', 'success'],
  ['4544249167673670', 'balance'],
  ['4724117215951699', 'expire'],
  ['4000000000000002', 'other'],
  ['4000000000000259', 'declined-200P1'],
  ['4897453568485113', 'highRisk'],
] as const;

for (const [number, name] of outcomes) {
  test(`08 result ${name}`, async ({ page }, info) => {
    const pay = await openPayStep(page, 23);
    await enterNewCard(pay, 23, number);
    await pay.confirm.click();
    await expect(pay.resultPanel).toBeVisible({ timeout: 20_000 });
    await shot(page, info, `08-result-${name}`);
    if (name === 'expire') {
      // "Update and pay": back to the new card's form, its expiry field focused.
      await page.getByTestId('result-primary').click();
      await expect(pay.expiry).toBeFocused();
      await shot(page, info, '08-result-expire-update');
    }
  });
}

test('08 result: paid with the saved card, order number copied', async ({ page, context }, info) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const pay = await openPayStep(page, 23);
  // A link's step chooses no method (specs/pay/linkEntry.spec.ts): the visitor picks the saved card.
  await pay.savedCardOption.check();
  await pay.confirm.click();
  await pay.cvv.fill('123');
  await pay.confirm.click();
  await expect(pay.resultPanel).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('copy-order').click();
  await expect(page.getByTestId('copy-order-status')).not.toBeEmpty();
  await shot(page, info, '08-result-saved-card-copied');
});

test('09 result: redirect provider cancelled', async ({ page }, info) => {
  const pay = await openPayStep(page, 24);
  await pay.channel(24).check();
  await pay.confirm.click();
  await shot(page, info, '09-hosted-page');
  await page.getByTestId('hosted-fail').click();
  await expect(pay.resultPanel).toBeVisible({ timeout: 20_000 });
  await shot(page, info, '09-result-hosted-failed');
});

test('10 fines', async ({ page }, info) => {
  await page.goto('/fines?id=7001');
  await expect(page.getByTestId('fine-summary')).toBeVisible();
  await shot(page, info, '10-fine-7001');
  await page.goto('/fines?id=7002');
  await expect(page.getByTestId('fine-already-paid')).toBeVisible();
  await shot(page, info, '10-fine-7002-paid');
  await page.goto('/fines?id=7999');
  await expect(page.getByTestId('fines-page')).toBeVisible();
  await shot(page, info, '10-fine-not-found');
  await page.goto('/fines');
  await expect(page.getByTestId('fines-page')).toBeVisible();
  await shot(page, info, '10-fine-no-id');
  // From a banned account's "pay the fine": the account kept, where the number is found.
  await page.goto('/fines?account=10000009');
  await expect(page.getByTestId('fine-for-account')).toBeVisible();
  await shot(page, info, '10-fine-for-account');
  await page.goto('/fines?id=7003&account=10000009');
  await expect(page.getByTestId('fine-other-account')).toBeVisible();
  await shot(page, info, '10-fine-other-account');
});

test('10b fine paid: the labelled receipt', async ({ page, request }, info) => {
  await request.post('/__mock/reset', { headers: CONTROL_HEADERS, data: {} });
  await page.goto('/fines?id=7001');
  await new FinesPage(page).enterCard('4242 4242 4242 4242');
  await page.getByTestId('fine-pay').click();
  await expect(page.getByTestId('fine-receipt')).toBeVisible();
  await shot(page, info, '10-fine-receipt');
});

test('12 pay step opened for another account: found, banned, not found', async ({ page }, info) => {
  await page.goto('/recharge-list?session_key=sk-10000001');
  await expect(new RechargePage(page).packages.first()).toBeVisible();
  for (const [uid, name] of [
    [1002, 'found'],
    [1003, 'banned'],
    [9999, 'not-found'],
  ] as const) {
    await page.goto(`/pay-step?recharge_id=rc_499&pay_type=23&to_uid=${uid}`);
    await expect(
      page.getByTestId(name === 'found' ? 'pay-recipient' : 'pay-recipient-refused'),
    ).toBeVisible();
    await shot(page, info, `12-pay-recipient-${name}`);
  }
});

test('13 feedback: a file attached, a bad contact', async ({ page }, info) => {
  await page.goto('/feedback');
  await page.getByTestId('feedback-text').fill('دفعت ولم يصل الماس');
  await page.getByTestId('feedback-file-input').setInputFiles({
    name: 'receipt.png',
    mimeType: 'image/png',
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    ),
  });
  await page.getByTestId('feedback-contact').fill('12345');
  await page.getByTestId('feedback-text').focus();
  await expect(page.getByTestId('feedback-contact-error')).not.toBeEmpty();
  await shot(page, info, '13-feedback-contact-invalid');
});

test('11 other screens', async ({ page }, info) => {
  for (const [path, name] of [
    ['/login', 'login'],
    ['/feedback', 'feedback'],
    ['/feedback-success', 'feedback-success'],
    ['/test', 'test'],
    ['/share.html', 'share'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator('main')).toBeVisible();
    await shot(page, info, `11-${name}`);
  }
});

/** The pay journey's machine (web/src/features/pay/MACHINE.md): the states issue 26 designed. */
