import {
  confirmLinkAccount,
  enterNewCard,
  IPHONE_SAFARI,
  localhostOrigin,
  openPayStep,
} from '../../flows/pay';
import { PayStepPage } from '../../pages/payStep';
import { RechargePage } from '../../pages/RechargePage';
import { forceFault } from '../../support/chaos';
import { pollUntil, pollUntilVisible } from '../../support/clock';
import { CONTROL_HEADERS } from '../../support/mock';
import { recordToasts } from '../../support/notices';
import { expect, test } from '../../support/test';

/**
 * What the model-based journey test (journeyModel.spec.ts) and the gallery's review found, each kept as a
 * plain browser test (the model's finding as the shortest sequence it shrank to).
 */

test('a reload on the CVV step leaves no stale back: the first step’s back leaves at the first tap', async ({
  page,
}) => {
  const recharge = new RechargePage(page);
  await page.goto('/recharge-list?session_key=sk-10000001');
  await confirmLinkAccount(page);
  await recharge.packages.nth(1).click();
  await recharge.payNow.click();
  const pay = new PayStepPage(page);
  await pay.confirm.click();
  await expect(pay.cvvStep).toBeVisible();
  await page.reload();
  await expect(pay.root).toHaveAttribute('data-step', 'home');
  await expect(pay.confirm).toBeEnabled();
  await pay.back.click();
  await expect(page).toHaveURL(/\/recharge-list/);
});

test('back from a provider’s payment page: "processing" says nothing of a bank verification never asked', async ({
  page,
}) => {
  const pay = await openPayStep(page, 24);
  await pay.channel(24).check();
  await pay.confirm.click();
  await expect(page.getByTestId('hosted-pay')).toBeVisible();
  // The pay step opened by back asks for the kept order on the page's clock, not in real time.
  await page.clock.install();
  await page.goBack();
  await pollUntilVisible(page, pay.resultPanel);
  await expect(pay.resultPanel.getByRole('heading')).toHaveText('لم يُؤكَّد الدفع بعد');
  await expect(pay.resultPanel).not.toContainText('التحقق من البنك');
  await expect(page.getByTestId('result-tip')).toHaveText(
    'عدت من صفحة الدفع ولم يصلنا حتى الآن ما يفيد إتمام الدفع فيها. إن لم تُكمله فألغِ هذا الطلب لتدفع من جديد بالطريقة نفسها أو بغيرها؛ وإن أكملته فتحقّق من النتيجة مرة أخرى، ولن يُخصم المبلغ مرتين',
  );
  // The recipient on one line with their ID.
  const recipient = page.getByTestId('result-recipient');
  const lines = await recipient.evaluate(
    (dd) => dd.getClientRects().length === 1 && dd.getBoundingClientRect().height,
  );
  const lineHeight = await recipient.evaluate((dd) => Number.parseFloat(getComputedStyle(dd).lineHeight));
  expect(lines).not.toBe(false);
  expect(Number(lines)).toBeLessThan(lineHeight * 1.5);
});

test('offline, the pay step that cannot be fetched says the connection failed, not "unexpected"', async ({
  page,
}) => {
  const recharge = new RechargePage(page);
  await page.goto('/recharge-list?session_key=sk-10000001');
  await recharge.packages.nth(1).click();
  await page.context().setOffline(true);
  await recharge.payNow.click();
  const failed = page.getByTestId('load-failed');
  await expect(failed).toBeVisible();
  await expect(failed).not.toContainText('خطأ غير متوقع');
  // Back online, the page loads by itself (pageCodeOffline.spec): no tap on its retry, which the reload may
  // take from under the finger.
  await page.context().setOffline(false);
  await expect(new PayStepPage(page).confirm).toBeVisible();
});

test('a package that did not load (offline) cannot be paid: no pay button without its amount', async ({
  page,
  request,
}) => {
  // Shrunk from: offline on the first step, leave and return, double-tap pay, online; pay was enabled as
  // "اشحن الآن" without the amount, the package never loaded.
  await page.goto('/recharge-list?session_key=sk-10000001');
  await expect(new RechargePage(page).packages.first()).toBeVisible();
  await forceFault(request, 'getRechargeListV3', { fault: 'http', status: 503 }, 3);
  const pay = new PayStepPage(page);
  await pay.open({ recharge_id: 'rc_499', pay_type: 27, to_uid: 1001 });
  await expect(page.getByTestId('pay-package-failed')).toBeVisible({ timeout: 15_000 });
  await expect(pay.confirm).toBeDisabled();
  await request.delete('/__mock/force', { headers: CONTROL_HEADERS });
  await page.getByTestId('pay-package-failed').getByRole('button', { name: 'إعادة المحاولة' }).click();
  await expect(pay.confirm).toContainText('$4.99');
  // A link's step chooses no method (linkEntry.spec.ts): once the visitor picks one, the amount can be paid.
  await pay.channel(27).check();
  await expect(pay.confirm).toBeEnabled();
});

test('a package the list does not offer: signed out, sign-in is offered; signed in, another package', async ({
  page,
}) => {
  // The larger packages are listed only for a signed-in visitor (TESTDATA); the new-user one only for a new user.
  const pay = new PayStepPage(page);
  await pay.open({ recharge_id: 'rc_49999', pay_type: 27, to_uid: 1002 });
  const failed = page.getByTestId('pay-package-failed');
  await expect(failed.getByRole('alert')).toHaveText(
    'هذه الباقة غير متاحة لك الآن. اختر باقة من قائمة الشحن، وسجّل الدخول إن أردت رؤية باقات أكثر',
  );
  const signIn = failed.getByRole('link', { name: 'تسجيل الدخول' });
  await expect(signIn).toHaveAttribute('href', /^\/login\?recharge_id=rc_49999&/);
  await pay.open({ recharge_id: 'rc_199_new', pay_type: 27, to_uid: 1001 }, '', 'sk-10000001');
  await expect(failed.getByRole('alert')).toHaveText(
    'هذه الباقة غير متاحة لهذا الحساب. ارجع إلى قائمة الشحن واختر باقة',
  );
  await expect(failed.getByRole('link', { name: 'تسجيل الدخول' })).toHaveCount(0);
  await failed.getByRole('button', { name: 'العودة إلى قائمة الشحن' }).click();
  await expect(page).toHaveURL(/\/recharge-list/);
});

test.describe('each message said once (gallery review: 14-pay-answer-lost, 14-wallet-pending-declined)', () => {
  test('an order’s answer lost to the network: the step’s notice, and no network toast over it', async ({
    page,
  }) => {
    const pay = await openPayStep(page, 23);
    await enterNewCard(pay, 23, '4242424242424242');
    await page.route('**/api/order/create_coin_pay/**', (route) => route.abort('internetdisconnected'), {
      times: 1,
    });
    await pay.confirm.click();
    await expect(page.getByTestId('pay-unconfirmed')).toBeVisible();
    await expect(page.getByText('تعذّر الاتصال بالشبكة')).toHaveCount(0);
  });

  test('paid as the connection drops: the success panel, and no toast asking to try again', async ({
    page,
  }) => {
    // Read in the page when asked (an exposed function's calls reach the test later, after the check).
    const toasts = await recordToasts(page);
    const pay = await openPayStep(page, 23);
    await enterNewCard(pay, 23, '4242424242424242');
    const backgroundFailed: string[] = [];
    page.on('requestfailed', (request) => backgroundFailed.push(new URL(request.url()).pathname));
    // The order's request is on its way (the server slow) when the phone loses its connection; its answer
    // still arrives, and what follows a success (the saved cards, the page view's close, the pay event
    // reports) fails offline.
    await page.request.post('/__mock/latency', { headers: CONTROL_HEADERS, data: { ms: 1500 } });
    const sent = page.waitForRequest('**/api/order/create_coin_pay/**');
    await pay.confirm.click();
    await sent;
    await page.context().setOffline(true);
    await expect(pay.result).toHaveAttribute('data-outcome', 'success');
    await expect.poll(() => backgroundFailed.length).toBeGreaterThan(2);
    await expect(pay.result).toBeVisible();
    expect((await toasts()).filter((text) => text.includes('تعذّر الاتصال بالشبكة'))).toEqual([]);
    await page.context().setOffline(false);
  });

  test.describe('the wallet', () => {
    test.use({ userAgent: IPHONE_SAFARI });
    test('a wallet payment declined after pending: the panel says it, no toast repeats it', async ({
      page,
      baseURL,
    }) => {
      // The pending payment's polls run on the page's clock, not in real time.
      await page.clock.install();
      const pay = await openPayStep(page, 26, localhostOrigin(baseURL));
      await pay.channel(26).check();
      await pay.confirm.click();
      await pay.walletSheet.locator('button[data-token="wallet:pending-fail"]').click();
      await pollUntil(page, (timeout) =>
        expect(pay.result).toHaveAttribute('data-outcome', 'fail', { timeout }),
      );
      await expect(page.getByText('رُفض الدفع. أعد المحاولة أو اختر طريقة دفع أخرى')).toHaveCount(1);
    });
  });
});
