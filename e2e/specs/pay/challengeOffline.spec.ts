import type { BrowserContext } from '@playwright/test';
import { CHALLENGE_PASSWORD } from '@topup/contracts';
import { ORDER_PAYMENT_WINDOW_MS } from '@topup/contracts/limits';
import { CardNumber as testCard } from '@topup/contracts/testdata/cards';
import { enterNewCard, openPayStep } from '../../flows/pay';
import type { PayStepPage } from '../../pages/payStep';
import { expectOneOrder, journalOf, paramsOf } from '../../support/chaos';
import { CONTROL_HEADERS } from '../../support/mock';
import { expect, test } from '../../support/test';

/**
 * Finding 3 (rev10): the connection lost during the in-page 3-D Secure challenge left the bank's frame on the
 * browser's "no internet" page, with no word in Arabic, and when the connection came back nothing changed: the
 * only control cancelled the order. Now the layer says the connection is lost; once it is back the order is
 * asked first (decided meanwhile: its result is shown), and still open, the bank's page is opened again by itself
 * (review, phone visitor: it waited for a tap on «إعادة فتح صفحة البنك», which stays as a fallback); while
 * offline the frame's error page is covered by the Arabic notice.
 */

const OFFLINE = 'انقطع الاتصال أثناء تحقق البنك';

/** The challenge open, then the connection lost as the visitor types the password and confirms it. */
async function lostUnderChallenge(pay: PayStepPage, context: BrowserContext): Promise<void> {
  await enterNewCard(pay, 27, testCard.visaChallenge);
  await pay.confirm.click();
  await expect(pay.challengeFrame.getByTestId('challenge-password')).toBeVisible();
  await context.setOffline(true);
  await pay.challengeFrame.getByTestId('challenge-password').fill(CHALLENGE_PASSWORD);
  await pay.challengeFrame.getByTestId('challenge-submit').click();
  const notice = pay.page.getByTestId('challenge-connection');
  await expect(notice).toContainText(OFFLINE);
  await expect(notice).toHaveAttribute('role', 'alert');
  // Said on the layer, which still covers the page; the page under it stays inert.
  await expect(pay.page.getByTestId('challenge-layer')).toBeVisible();
  await expect(pay.page.locator('footer')).toHaveJSProperty('inert', true);
  await expect(pay.page.getByTestId('challenge-reopen')).toHaveCount(0);
}

test('back online with the order still open: the bank page opens again, and it pays once', async ({
  page,
  context,
}) => {
  const pay = await openPayStep(page, 27);
  await lostUnderChallenge(pay, context);
  const asked = (await journalOf(page.request, 'payResultByOrderFast')).length;
  await context.setOffline(false);
  const reopen = page.getByTestId('challenge-reopen');
  await expect(reopen).toBeVisible();
  await expect(page.getByTestId('challenge-connection')).toContainText('أعد فتحها');
  // The order was asked once the connection came back, and nothing was cancelled.
  expect((await journalOf(page.request, 'payResultByOrderFast')).length).toBe(asked + 1);
  expect(await journalOf(page.request, 'clickCancel')).toEqual([]);
  await reopen.click();
  await expect(page.getByTestId('challenge-connection')).toHaveCount(0);
  // The keyboard stays in the layer: on the bank's page, loading again.
  expect(
    await page.evaluate(() => {
      const active = document.activeElement;
      return active?.tagName === 'IFRAME' && active.closest('[data-testid="challenge-layer"]') !== null;
    }),
  ).toBe(true);
  await pay.challengeFrame.getByTestId('challenge-password').fill(CHALLENGE_PASSWORD);
  await pay.challengeFrame.getByTestId('challenge-submit').click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success');
  expect((await journalOf(page.request, 'submitAuthenticationResult')).map((e) => e.result)).toEqual([0]);
  expect(await journalOf(page.request, 'clickCancel')).toEqual([]);
  await expectOneOrder(page.request);
  // The frame's error page and its reload left no Back that does nothing (challengeBack.spec.ts).
  await page.goBack();
  await expect(pay.resultPanel).toHaveCount(0);
  await expect(page).toHaveURL(/\/recharge-list/);
  await expect(pay.confirm).toHaveCount(0);
});

test("offline, the frame's error page is covered by the notice; back online, the bank page opens again by itself", async ({
  page,
  context,
}) => {
  const pay = await openPayStep(page, 27);
  await lostUnderChallenge(pay, context);
  // The notice covers the bank's frame (the browser's error page there is neither seen nor reached).
  const cover = page.getByTestId('challenge-cover');
  await expect(cover).toBeVisible();
  await expect(cover).toContainText(OFFLINE);
  await expect(page.getByTestId('challenge-container')).toHaveJSProperty('inert', true);
  const hit = await page.evaluate(() => {
    const box = document.querySelector('iframe.challenge-frame')?.getBoundingClientRect();
    if (box === undefined) return 'no frame';
    const at = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return at?.closest('[data-testid="challenge-cover"]') !== null ? 'cover' : (at?.tagName ?? 'nothing');
  });
  expect(hit).toBe('cover');
  const asked = (await journalOf(page.request, 'payResultByOrderFast')).length;
  await context.setOffline(false);
  // No tap: the bank's page is loaded again by itself, uncovered; the button stays in case it does not show.
  await expect(pay.challengeFrame.getByTestId('challenge-password')).toBeVisible();
  await expect(cover).toHaveCount(0);
  await expect(page.getByTestId('challenge-container')).toHaveJSProperty('inert', false);
  await expect(page.getByTestId('challenge-reopen')).toBeVisible();
  expect((await journalOf(page.request, 'payResultByOrderFast')).length).toBe(asked + 1);
  await pay.challengeFrame.getByTestId('challenge-password').fill(CHALLENGE_PASSWORD);
  await pay.challengeFrame.getByTestId('challenge-submit').click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success');
  expect((await journalOf(page.request, 'submitAuthenticationResult')).map((e) => e.result)).toEqual([0]);
  expect(await journalOf(page.request, 'clickCancel')).toEqual([]);
  await expectOneOrder(page.request);
});

test('back online with the order decided meanwhile: its result is shown, nothing cancelled', async ({
  page,
  context,
}) => {
  const pay = await openPayStep(page, 27);
  await lostUnderChallenge(pay, context);
  // While the phone is offline, the order's time runs out at the server: it is decided (expired) there.
  const advanced = await page.request.post('/__mock/clock', {
    headers: CONTROL_HEADERS,
    data: { advanceMs: ORDER_PAYMENT_WINDOW_MS + 60_000 },
  });
  expect(advanced.ok()).toBe(true);
  await context.setOffline(false);
  // The server's decision (time_out), not a cancel the visitor never asked for.
  await expect(pay.result).toHaveAttribute('data-outcome', 'other');
  await expect(pay.resultPanel).toContainText('انتهت مهلة مزوّد الدفع قبل أن يؤكد النتيجة');
  await expect(page.getByTestId('challenge-layer')).toBeHidden();
  await expect(page.locator('footer')).toHaveJSProperty('inert', false);
  const made = (await journalOf(page.request, 'createCoinPay')).find((e) => e.result === 0);
  const orderId = (made?.answer as { data?: { order_id?: string } } | undefined)?.data?.order_id;
  const asked = await journalOf(page.request, 'payResultByOrderFast');
  expect(asked.length).toBeGreaterThan(0);
  expect(asked.every((e) => paramsOf(e).zp_orderid === orderId)).toBe(true);
  expect(await journalOf(page.request, 'clickCancel')).toEqual([]);
  expect(await journalOf(page.request, 'submitAuthenticationResult')).toEqual([]);
  await expectOneOrder(page.request);
});
