import { CHALLENGE_PASSWORD } from '@topup/contracts';
import { confirmLinkAccount, enterNewCard } from '../../flows/pay';
import { PayStepPage } from '../../pages/payStep';
import { Shell } from '../../pages/Shell';
import { journalOf, paramsOf } from '../../support/chaos';
import { CONTROL_HEADERS } from '../../support/mock';
import { expect, test } from '../../support/test';

/**
 * The signed-in account changing under the pay step (review rev7, findings 1 and 4): the step follows the
 * session, drops the old account's saved cards, the CVV typed for one and a package offered only to it, and
 * says what changed; nothing is paid under a session that no longer matches what the step showed.
 */

test.use({ viewport: { width: 390, height: 844 } });

/**
 * 10000001's pay step (by its launch link, the account said to be the visitor's), on the CVV step of its saved
 * Visa 4242 with a CVV typed. A link's step chooses nothing (linkEntry.spec.ts): the visitor picks the card.
 */
async function onSavedCardCvv(
  page: import('@playwright/test').Page,
  rechargeId: string,
): Promise<PayStepPage> {
  const pay = new PayStepPage(page);
  await pay.open({ recharge_id: rechargeId, pay_type: 27, to_uid: 1002 }, '', 'sk-10000001');
  await confirmLinkAccount(page);
  await expect(page.getByTestId('saved-card-option')).toContainText('Visa •••• 4242');
  await pay.savedCardOption.check();
  await pay.confirm.click();
  await expect(pay.root).toHaveAttribute('data-step', 'cardCvv');
  await pay.cvvStep.getByLabel('CVV').fill('123');
  return pay;
}

async function expectOldAccountGone(pay: PayStepPage): Promise<void> {
  await expect(pay.root).toHaveAttribute('data-step', 'home');
  await expect(pay.cvvStep).toHaveCount(0);
  await expect(pay.root).not.toContainText('4242');
}

test("another window signs in as someone else: the step follows, and Reem's card is not paid with", async ({
  page,
  context,
}) => {
  const pay = await onSavedCardCvv(page, 'rc_999');
  // Another tab opens Noura's link and signs in with it (the switch question, answered yes).
  const other = await context.newPage();
  await other.goto('/recharge-list?session_key=sk-10000010');
  await other.getByRole('button', { name: 'تسجيل الدخول به' }).click();
  await expect(new Shell(other).signOutButton).toBeVisible();
  await other.close();

  const notice = page.getByTestId('pay-account-changed');
  await expect(notice).toContainText('تغيّر الحساب في نافذة أخرى');
  await expect(notice).toContainText('نورة');
  await expect(notice).toContainText('10000010');
  await expectOldAccountGone(pay);
  // Noura has no saved card; on this link's step nothing is chosen for her either: she picks the new card's
  // method, the pay button leads to its form, and no order is made with Reem's.
  await expect(pay.root.getByRole('radio', { checked: true })).toHaveCount(0);
  await pay.channel(27).check();
  await pay.confirm.click();
  await expect(pay.root).toHaveAttribute('data-step', 'cardFrame');
  expect(await journalOf(page.request, 'createCoinPay')).toEqual([]);
});

test("signing out on the saved card's CVV step drops the card, the CVV and the signed-in package", async ({
  page,
}) => {
  const pay = await onSavedCardCvv(page, 'rc_19999');
  await new Shell(page).signOutButton.click();

  await expect(page.getByTestId('pay-account-changed')).toContainText('سجّلت الخروج');
  await expectOldAccountGone(pay);
  // The package is offered only signed in: no longer offered, and nothing can be paid.
  await expect(page.getByTestId('pay-package-failed')).toBeVisible();
  await expect(pay.root).not.toContainText('199.99');
  await expect(pay.confirm).toBeDisabled();
});

test('the session expires (-10000) at the pay tap: signed out, said, and signing in again offered', async ({
  page,
}) => {
  const pay = await onSavedCardCvv(page, 'rc_999');
  const forced = await page.request.post('/__mock/force', {
    headers: CONTROL_HEADERS,
    data: { call: 'createCoinPay', times: 1, answer: { result: -10000, message: 'logged out' } },
  });
  expect(forced.ok()).toBe(true);
  await pay.confirm.click();

  const notice = page.getByTestId('pay-account-changed');
  await expect(notice).toContainText('انتهت جلستك');
  await expectOldAccountGone(pay);
  await expect(page.locator('.pay-account-change').getByRole('link', { name: 'تسجيل الدخول' })).toBeVisible();
  await expect(new Shell(page).signOutButton).toHaveCount(0);
});

test('the session expires (-10000) on the saved-card fetch: the old key is never sent again, no card is shown', async ({
  page,
}) => {
  // Reem signs in by her link on the list and says it is hers; then her saved cards answer -10000 three times.
  await page.goto('/recharge-list?session_key=sk-10000001');
  await page.getByRole('button', { name: 'نعم، هذا حسابي' }).click();
  await expect(new Shell(page).signOutButton).toBeVisible();
  const forced = await page.request.post('/__mock/force', {
    headers: CONTROL_HEADERS,
    data: { call: 'getCardSource', times: 3, answer: { result: -10000, message: 'logged out' } },
  });
  expect(forced.ok()).toBe(true);
  const pay = new PayStepPage(page);
  await pay.open({ recharge_id: 'rc_999', pay_type: 27, to_uid: 1002 });

  await expect(page.getByTestId('pay-account-changed')).toContainText('انتهت جلستك');
  // The fetch goes on (every 2 s) until the list answers; one poll more, then nothing of Reem's is asked or shown.
  await expect
    .poll(async () => (await journalOf(page.request, 'getCardSource')).some((e) => e.result === 0), {
      timeout: 15_000,
    })
    .toBe(true);
  await page.waitForTimeout(2_500);
  const asked = await journalOf(page.request, 'getCardSource');
  expect(asked[0]?.result).toBe(-10000);
  expect(
    asked.slice(1).filter((e) => paramsOf(e).session_key !== undefined),
    'no saved-card fetch after the sign-out carries a session key',
  ).toEqual([]);
  await expect(page.getByTestId('saved-card-option')).toHaveCount(0);
  await expect(pay.root).not.toContainText('4242');
});

test('another window signs in during 3-D Secure: the check runs to its end under the session that made the order', async ({
  page,
  context,
}) => {
  const pay = new PayStepPage(page);
  await pay.open({ recharge_id: 'rc_999', pay_type: 27, to_uid: 1002 }, '', 'sk-10000001');
  await confirmLinkAccount(page);
  await expect(pay.savedCardOption).not.toBeChecked();
  await enterNewCard(pay, 27, '4212345678910006');
  await pay.confirm.click();
  const submit = pay.challengeFrame.getByTestId('challenge-submit');
  await expect(submit).toBeVisible({ timeout: 15_000 });

  const other = await context.newPage();
  await other.goto('/recharge-list?session_key=sk-10000010');
  await other.getByRole('button', { name: 'تسجيل الدخول به' }).click();
  await expect(new Shell(other).signOutButton).toBeVisible();
  await other.close();
  await page.bringToFront();

  // The bank's check is not torn down, and the order is not looked for under Noura's session.
  await page.waitForTimeout(2_500);
  await expect(submit).toBeVisible();
  await pay.challengeFrame.getByTestId('challenge-password').fill(CHALLENGE_PASSWORD);
  await submit.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success', { timeout: 15_000 });
  const reads = await journalOf(page.request, 'payResultByOrderFast');
  expect(reads.filter((e) => e.result !== 0)).toEqual([]);
  expect(await journalOf(page.request, 'clickCancel')).toEqual([]);

  // The step then follows Noura, and says so; once she starts a payment of her own, that is no longer news.
  const notice = page.getByTestId('pay-account-changed');
  await expect(notice).toContainText('تغيّر الحساب في نافذة أخرى');
  await expect(notice).toContainText('نورة');
  await page.getByRole('button', { name: 'شحن الباقة نفسها مرة أخرى' }).click();
  await expect(pay.root).not.toContainText('4242');
  await enterNewCard(pay, 27, '4242424242424242');
  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success', { timeout: 15_000 });
  await expect(notice).toHaveCount(0);
});
