import type { BrowserContext, Page } from '@playwright/test';
import { CHALLENGE_PASSWORD } from '@topup/contracts';
import { CardNumber as testCard } from '@topup/contracts/testdata/cards';
import { WalletToken } from '@topup/contracts/testdata/wallet';
import {
  enterNewCard,
  IPHONE_SAFARI,
  localhostOrigin,
  openPayStep,
  openPayStepByLink,
} from '../../flows/pay';
import { expectOneOrder, journalOf, paramsOf } from '../../support/chaos';
import { expect, test } from '../../support/test';

/**
 * The bank's answer lost to the connection (web/src/payments/unsentResult.ts): the page goes offline right as
 * it sends a 3-D Secure challenge's result or a wallet's token, so the server never gets it and cannot decide
 * the order. Back online, the page sends it again and the payment ends; "check again" sends it too.
 */

const WAITING_TO_SEND = 'بانتظار عودة الاتصال لإرسال ردّ البنك';

/** The first request of `path` finds the page offline: the connection drops as it is sent. */
async function offlineAtFirst(page: Page, context: BrowserContext, path: string): Promise<void> {
  let dropped = false;
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      if (dropped) return route.fallback();
      dropped = true;
      await context.setOffline(true);
      await route.abort('internetdisconnected');
    },
  );
}

async function orderId(page: Page): Promise<unknown> {
  const made = (await journalOf(page.request, 'createCoinPay')).filter((e) => e.result === 0);
  return (made[0]?.answer as { data?: { order_id?: string } } | undefined)?.data?.order_id;
}

test.describe('3-D Secure', () => {
  test('offline right after the challenge: the result is sent once back online, and it pays', async ({
    page,
    context,
  }) => {
    const pay = await openPayStep(page, 27);
    await enterNewCard(pay, 27, testCard.visaChallenge);
    await offlineAtFirst(page, context, '/api/order/submit_authentication_result/');
    await pay.confirm.click();
    await pay.challengeFrame.getByTestId('challenge-password').fill(CHALLENGE_PASSWORD);
    await pay.challengeFrame.getByTestId('challenge-submit').click();
    // The challenge is over; the page says what it waits for, and the server has nothing yet.
    await expect(page.getByTestId('loading-overlay')).toContainText(WAITING_TO_SEND);
    expect(await journalOf(page.request, 'submitAuthenticationResult')).toEqual([]);
    await context.setOffline(false);
    await expect(pay.result).toHaveAttribute('data-outcome', 'success');
    const submits = await journalOf(page.request, 'submitAuthenticationResult');
    expect(submits.map((e) => e.result)).toEqual([0]);
    expect(paramsOf(submits[0]).order_id).toBe(await orderId(page));
    await expectOneOrder(page.request);
  });

  test('still offline after the tries: "processing" says why, and "check again" sends the result and pays', async ({
    page,
    context,
  }) => {
    await page.clock.install();
    const pay = await openPayStep(page, 27);
    await enterNewCard(pay, 27, testCard.visaChallenge);
    await offlineAtFirst(page, context, '/api/order/submit_authentication_result/');
    await pay.confirm.click();
    await pay.challengeFrame.getByTestId('challenge-password').fill(CHALLENGE_PASSWORD);
    await pay.challengeFrame.getByTestId('challenge-submit').click();
    await expect(page.getByTestId('loading-overlay')).toContainText(WAITING_TO_SEND);
    // The connection stays away through every try (each waits for it, then tries anyway).
    await expect
      .poll(async () => {
        await page.clock.fastForward(20_000);
        return pay.result.count();
      })
      .toBe(1);
    await expect(pay.resultPanel).toContainText('لم يصل ردّ البنك إلى خادمنا');
    expect(await journalOf(page.request, 'submitAuthenticationResult')).toEqual([]);
    await context.setOffline(false);
    await page.getByTestId('result-primary').click();
    await expect(pay.result).toHaveAttribute('data-outcome', 'success');
    expect((await journalOf(page.request, 'submitAuthenticationResult')).map((e) => e.result)).toEqual([0]);
    await expectOneOrder(page.request);
  });
});

test.describe('Apple Pay', () => {
  test.use({ userAgent: IPHONE_SAFARI });

  test('offline as the token is sent: sent again once back online, the sheet and the page say paid', async ({
    page,
    context,
    baseURL,
  }) => {
    const pay = await openPayStepByLink(page, 26, localhostOrigin(baseURL));
    await offlineAtFirst(page, context, '/api/order/adyen_verify_pay/');
    await pay.channel(26).check();
    await pay.confirm.click();
    await pay.walletSheet.locator(`button[data-token="${WalletToken.pendingSuccess}"]`).click();
    await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
    expect(await journalOf(page.request, 'adyenVerifyPay')).toEqual([]);
    await context.setOffline(false);
    await expect(pay.result).toHaveAttribute('data-outcome', 'success');
    const verifies = await journalOf(page.request, 'adyenVerifyPay');
    expect(verifies.map((e) => e.result)).toEqual([0]);
    expect(paramsOf(verifies[0]).app_order).toBe(await orderId(page));
    await expectOneOrder(page.request);
    // The token was never kept where a reload or another page could read it.
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(stored).not.toContain(WalletToken.pendingSuccess);
  });
});
