import { CardNumber as testCard } from '@topup/contracts/testdata/cards';
import {
  enterNewCard,
  IPHONE_SAFARI,
  localhostOrigin,
  openPayStep,
  openPayStepByLink,
} from '../../flows/pay';
import type { PayStepPage } from '../../pages/payStep';
import { journalOf } from '../../support/chaos';
import { pollUntil, pollUntilVisible } from '../../support/clock';
import { expectNotOver } from '../../support/notices';
import { expect, test } from '../../support/test';

/**
 * Issue 26's findings 1, 2, 3, 5 and 6 (what happens between the pay step's screens): each failed on the main
 * it was found on. The journey's machine is web/src/features/pay/MACHINE.md.
 */

/** Every open dialog the visitor could be looking at (the page's modals, the challenge, the wallet sheet). */
const openDialogs = (pay: PayStepPage) =>
  pay.page.locator('[role="dialog"]:visible, [role="alertdialog"]:visible, .pay-challenge:not([hidden])');

async function payNewCard(pay: PayStepPage, number = '4242424242424242'): Promise<void> {
  await enterNewCard(pay, 23, number);
  await pay.confirm.click();
}

test.describe('success is terminal for its intent (finding 1)', () => {
  test('"تم" after a new card: the paid step left, nothing of the card left in the page', async ({
    page,
  }) => {
    const pay = await openPayStepByLink(page, 23);
    await payNewCard(pay);
    await expect(pay.result).toHaveAttribute('data-outcome', 'success');
    // Already behind the panel, the form holds nothing of the card that paid.
    await expect(pay.cardNumber).toHaveValue('');
    await expect(pay.cvv).toHaveValue('');
    // "Done" leaves the paid step (paidDone.spec.ts): the list, with nothing of the card anywhere.
    await page.getByTestId('result-primary').click();
    await expect(page).toHaveURL(/\/recharge-list/);
    await expect(pay.resultPanel).toHaveCount(0);
    await expect(pay.cardFields).toHaveCount(0);
    // The step opened again for a new order: an empty form, pay disabled until a card is typed again.
    await pay.open({ recharge_id: 'rc_499', pay_type: 23, to_uid: 1001 });
    await pay.channel(23).check();
    await pay.confirm.click();
    await expect(pay.cardNumber).toHaveValue('');
    await expect(pay.cvv).toHaveValue('');
    await expect(pay.confirm).toBeDisabled();
  });

  test('"تم" after a saved card: not the CVV step of the same package, the list', async ({ page }) => {
    const pay = await openPayStepByLink(page, 23);
    await pay.savedCardOption.check();
    await pay.confirm.click();
    await pay.cvv.fill('123');
    await pay.confirm.click();
    await expect(pay.result).toHaveAttribute('data-outcome', 'success');
    await expect(pay.cvv).toHaveValue('');
    await page.getByTestId('result-primary').click();
    await expect(page).toHaveURL(/\/recharge-list/);
    await expect(pay.cvvStep).toHaveCount(0);
  });

  test('"top up again" is a new intent: the card is asked for again', async ({ page }) => {
    const pay = await openPayStepByLink(page, 23);
    await payNewCard(pay);
    await expect(pay.result).toHaveAttribute('data-outcome', 'success');
    await page.getByTestId('result-secondary').click();
    await expect(pay.resultPanel).toHaveCount(0);
    await expect(pay.cardFields).toHaveCount(0);
    await pay.channel(23).check();
    await pay.confirm.click();
    await expect(pay.cardNumber).toHaveValue('');
    await expect(pay.confirm).toBeDisabled();
  });
});

test('back from the success panel: no leave question over a paid order (finding 2)', async ({ page }) => {
  const pay = await openPayStep(page, 23);
  await payNewCard(pay);
  await expect(pay.result).toHaveAttribute('data-outcome', 'success');
  await page.goBack();
  await expect(pay.resultPanel).toHaveCount(0);
  await expect(pay.leavePopup).toHaveCount(0);
  // Out of the paid step, to the list (paidDone.spec.ts): no pay button for the paid order.
  await expect(page).toHaveURL(/\/recharge-list/);
  await expect(pay.confirm).toHaveCount(0);
  await expect(pay.cardFields).toHaveCount(0);
});

test.describe('the 3-D Secure challenge (finding 3)', () => {
  test('back during the challenge: one dialog, and a clear state that claims no charge', async ({ page }) => {
    const pay = await openPayStep(page, 27);
    await enterNewCard(pay, 27, testCard.visaChallenge);
    await pay.confirm.click();
    await expect(pay.challengeFrame.getByTestId('challenge-submit')).toBeVisible();
    await page.goBack();
    await expect(pay.leavePopup).toHaveCount(0);
    await expect(pay.resultPanel).toBeVisible();
    await expect(openDialogs(pay)).toHaveCount(1);
    await expect(pay.resultPanel.getByRole('heading')).toHaveText('أُلغي التحقق');
    // The order was given up and the server says it ended uncharged: only then is that said.
    await expect(page.getByTestId('result-tip')).toHaveText(
      'ألغيت التحقق من البنك، فأُلغي الطلب ولم يُخصم أي مبلغ',
    );
    // Operable: its button leads on.
    await page.getByTestId('result-primary').click();
    await expect(openDialogs(pay)).toHaveCount(0);
  });

  test('the challenge has its own cancel', async ({ page }) => {
    const pay = await openPayStepByLink(page, 27);
    await enterNewCard(pay, 27, testCard.visaChallenge);
    await pay.confirm.click();
    await expect(pay.challengeFrame.getByTestId('challenge-submit')).toBeVisible();
    await page.getByTestId('challenge-cancel').click();
    await expect(pay.resultPanel.getByRole('heading')).toHaveText('أُلغي التحقق');
    await expect(openDialogs(pay)).toHaveCount(1);
  });
});

test.describe('states that say what the page knows (finding 5)', () => {
  test('back on the bank page: a processing state, not a failure that claims nothing was charged', async ({
    page,
  }) => {
    const pay = await openPayStep(page, 27);
    await enterNewCard(pay, 27, testCard.visaRedirect);
    await pay.confirm.click();
    await expect(page.getByTestId('issuer-approve')).toBeVisible();
    // The pay step opened by back asks for the kept order on the page's clock, not in real time.
    await page.clock.install();
    await page.goBack();
    await pollUntilVisible(page, pay.resultPanel);
    // Not confirmed as far as the server knows, and the way on offered: give the order up and pay again.
    await expect(pay.resultPanel.getByRole('heading')).toHaveText('لم يُؤكَّد الدفع بعد');
    await expect(pay.resultPanel).not.toContainText('لم يُخصم');
    await expect(pay.resultPanel).not.toContainText('لم يكتمل الدفع');
    await expect(page.getByTestId('result-primary')).toHaveText('إلغاء الطلب والدفع من جديد');
    await expect(page.getByTestId('result-secondary')).toHaveText('التحقق من النتيجة مرة أخرى');
  });

  test('a provider time-out does not claim nothing was charged', async ({ page }) => {
    const pay = await openPayStepByLink(page, 23);
    await payNewCard(pay, testCard.timeOut);
    await expect(pay.resultPanel).toBeVisible();
    await expect(pay.resultPanel).not.toContainText('لم يُخصم');
    await expect(page.getByTestId('result-tip')).toContainText('انتهت مهلة');
    // It asks to look at the bank before paying again: its first button does not pay again (gallery review).
    await expect(page.getByTestId('result-primary')).toHaveText('إغلاق');
    await expect(pay.resultPanel).not.toContainText('إعادة المحاولة');
    await page.getByTestId('result-primary').click();
    await expect(pay.resultPanel).toHaveCount(0);
    expect((await journalOf(page.request, 'createCoinPay')).filter((e) => e.result === 0)).toHaveLength(1);
  });

  test('a wrong CVV on a saved card says the CVV was wrong', async ({ page }) => {
    const pay = await openPayStepByLink(page, 23);
    await pay.savedCardOption.check();
    await pay.confirm.click();
    await pay.cvv.fill('999');
    await pay.confirm.click();
    await expect(page.getByTestId('result-tip')).toContainText('رمز الأمان (CVV)');
    await expect(pay.resultPanel).not.toContainText('التحقق من البنك');
  });

  for (const payType of [23, 27] as const) {
    test(`a new card refused for its security code (provider ${payType === 23 ? 13 : 17}) says the CVV was wrong`, async ({
      page,
    }) => {
      const pay = await openPayStepByLink(page, payType);
      await enterNewCard(pay, payType, '4000000000000127');
      await pay.confirm.click();
      await expect(pay.result).toHaveAttribute('data-outcome', 'verify');
      await expect(page.getByTestId('result-tip')).toContainText('رمز الأمان (CVV)');
      await expect(pay.resultPanel).not.toContainText('التحقق من البنك');
    });
  }
});

test.describe('Apple Pay pending (finding 5, issue 29 item 1)', () => {
  test.use({ userAgent: IPHONE_SAFARI });

  test('pending then failed: the sheet stays until the result, and the page says the payment was declined', async ({
    page,
    baseURL,
  }) => {
    // The pending payment's polls run on the page's clock, not in real time.
    await page.clock.install();
    const pay = await openPayStepByLink(page, 26, localhostOrigin(baseURL));
    await pay.channel(26).check();
    await pay.confirm.click();
    await pay.walletSheet.locator('button[data-token="wallet:pending-fail"]').click();
    await pollUntil(page, (timeout) =>
      expect(pay.result).toHaveAttribute('data-outcome', 'fail', { timeout }),
    );
    await expect(pay.resultPanel).not.toContainText('تعذّر بدء الدفع');
    await expect(pay.resultPanel).toContainText('رُفض الدفع');
  });
});

test.describe('one network notice at 360 px, never over the pay button (finding 6)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('offline: one notice says so and pay waits; back online, one tap pays', async ({ page }) => {
    const pay = await openPayStepByLink(page, 23);
    await enterNewCard(pay, 23, '4242424242424242');
    await page.context().setOffline(true);
    const notice = page.getByRole('alert').filter({ hasText: 'لا يوجد اتصال بالإنترنت' });
    await expect(notice).toHaveCount(1);
    await expect(pay.confirm).toBeDisabled();
    await expectNotOver(notice, pay.confirm);
    await expect(page.getByText('لا يوجد اتصال بالإنترنت')).toHaveCount(1);
    await page.context().setOffline(false);
    await expect(notice).toHaveCount(0);
    await pay.confirm.click();
    await expect(pay.result).toHaveAttribute('data-outcome', 'success');
  });

  test('the order’s answer lost to the network: one notice (no toast besides), beside the pay button', async ({
    page,
  }) => {
    const pay = await openPayStepByLink(page, 23);
    await enterNewCard(pay, 23, '4242424242424242');
    await page.route('**/api/order/create_coin_pay/**', (route) => route.abort('internetdisconnected'), {
      times: 1,
    });
    await pay.confirm.click();
    const text = 'لم يصلنا رد مؤكد على طلبك';
    await expect(page.getByRole('alert').filter({ hasText: text })).toHaveCount(1);
    await expect(page.getByText(text)).toHaveCount(1);
    await expectNotOver(page.getByRole('alert').filter({ hasText: text }), pay.confirm);
    await pay.confirm.click();
    await expect(pay.result).toHaveAttribute('data-outcome', 'success');
  });
});
