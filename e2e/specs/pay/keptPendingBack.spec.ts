import type { Page } from '@playwright/test';
import { DisplayUid } from '@topup/contracts/testdata/accounts';
import { PayStepPage } from '../../pages/payStep';
import { RechargePage } from '../../pages/RechargePage';
import { journalOf } from '../../support/chaos';
import { expect, test } from '../../support/test';

/**
 * Back from a provider's hosted page to the step the list opened (MACHINE.md, result(failure) × back): the
 * first Back shows "not confirmed yet", the second closes it there (no reload, no second check), the third
 * returns to the list. One Back per step of the way, never a reload that asks for the same order again.
 */

const RETURNED = 'لم يُؤكَّد الدفع بعد';

const madeOrders = async (page: Page) =>
  (await journalOf(page.request, 'createCoinPay')).filter((e) => e.result === 0).length;
const polls = async (page: Page) => (await journalOf(page.request, 'payResultByOrderFast')).length;

/** Signed out, the visitor finds 10000002, takes its $4.99 package by STC Pay and pays on the step. */
async function listToHostedPage(page: Page): Promise<{ recharge: RechargePage; pay: PayStepPage }> {
  const recharge = new RechargePage(page);
  await recharge.open();
  await recharge.searchFor(DisplayUid.omar);
  await expect(recharge.targetNickname).toHaveText('Omar ⭐');
  await recharge.packages.nth(1).click();
  await recharge.methods.filter({ hasText: 'STC Pay' }).first().click();
  await recharge.payNow.click();
  const pay = new PayStepPage(page);
  await expect(pay.root).toHaveAttribute('data-step', 'home');
  await pay.confirm.click();
  await expect(page.getByTestId('hosted-pay')).toBeVisible({ timeout: 15_000 });
  return { recharge, pay };
}

/** Back from the hosted page: the panel, one page load; Back: closed where it is, the page not loaded again. */
async function backClosesThePanel(page: Page, pay: PayStepPage): Promise<void> {
  let loads = 0;
  const loaded = () => {
    loads += 1;
  };
  page.on('load', loaded);
  await page.goBack();
  await expect(pay.resultPanel.getByRole('heading')).toHaveText(RETURNED, { timeout: 15_000 });
  page.off('load', loaded);
  // The step's entry loaded once: no entry of the page left before (a back guard's) taken off by a second load.
  expect(loads, 'one page load for the one Back').toBe(1);
  await page.evaluate(() => {
    (window as { sameDocument?: boolean }).sameDocument = true;
  });
  const asked = await polls(page);
  await page.goBack();
  await expect(pay.resultPanel).toHaveCount(0);
  await expect(pay.root).toHaveAttribute('data-step', 'home');
  await expect(pay.confirm).toBeEnabled();
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
  expect(await polls(page), 'the order is not asked for again').toBe(asked);
}

test('Back from the hosted page: the panel, Back closes it in place, Back returns to the list; one order', async ({
  page,
}) => {
  const { recharge, pay } = await listToHostedPage(page);
  await backClosesThePanel(page, pay);

  await page.goBack();
  await expect(page).toHaveURL(/\/recharge-list/);
  await expect(recharge.packages.first()).toBeVisible();
  await expect(pay.root).toHaveCount(0);
  expect(await madeOrders(page), 'one order').toBe(1);
});

test('Back from a second hosted page (after "cancel and pay again"): the same three Backs to the list', async ({
  page,
}) => {
  const { recharge, pay } = await listToHostedPage(page);
  await page.goBack();
  await expect(pay.resultPanel.getByRole('heading')).toHaveText(RETURNED, { timeout: 15_000 });
  await page.getByRole('button', { name: 'إلغاء الطلب والدفع من جديد' }).click();
  await expect(page.getByTestId('pay-earlier-cancelled')).toBeVisible();
  await pay.confirm.click();
  await expect(page.getByTestId('hosted-pay')).toBeVisible({ timeout: 15_000 });
  expect(await madeOrders(page), 'the new order, after the first was cancelled').toBe(2);

  await backClosesThePanel(page, pay);
  await page.goBack();
  await expect(page).toHaveURL(/\/recharge-list/);
  await expect(recharge.packages.first()).toBeVisible();
  expect(await madeOrders(page)).toBe(2);
});
