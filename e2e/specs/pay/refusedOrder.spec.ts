import { ServerCode } from '@topup/contracts/codes';
import { Message } from '@topup/contracts/messages';
import { enterNewCard, fromTheList } from '../../flows/pay';
import { PayStepPage } from '../../pages/payStep';
import { expectOneOrder, forceFault, journalOf } from '../../support/chaos';
import { expectNotOver, recordToasts } from '../../support/notices';
import { expect, test } from '../../support/test';

/**
 * An order creation the server refused with a code (SPEC §8: its code and message): said in the step's own
 * notice above the pay button (role=alert), never in a toast that fades after 3 s, nor over the button.
 * It stays until the visitor taps again, the card typed stays, and the next tap pays with one order. The
 * server's message is shown only when it is Arabic text (`payments/refusalText.ts`).
 */

/** Past the toast's life (web/src/ui/toast.ts, TOAST_MS: 3 s): a notice still shown then is no toast. */
const AFTER_TOAST_MS = 4_000;

/** A signed-out visitor pays for 10000002 with a new Visa; the page's clock is installed, to move past a toast. */
async function refusedNewCard(
  page: import('@playwright/test').Page,
  answer: { result: number; message?: string },
) {
  const toasts = await recordToasts(page);
  await page.clock.install();
  const pay = new PayStepPage(page);
  await pay.open({ recharge_id: 'rc_999', pay_type: 27, to_uid: 1002 });
  await enterNewCard(pay, 27, '4242424242424242');
  await forceFault(page.request, 'createCoinPay', answer);
  await pay.confirm.click();
  const notice = page.getByTestId('pay-refused');
  await expect(notice).toBeVisible();
  // Long after a toast would have gone, the notice is still there, in the step's flow: no toast said it.
  await page.clock.fastForward(AFTER_TOAST_MS);
  await expect(notice).toBeVisible();
  await expect(notice).toHaveAttribute('role', 'alert');
  await expect(page.getByTestId('toast').getByTestId('pay-refused')).toHaveCount(0);
  expect((await toasts()).filter((text) => text.includes('تعذّر إنشاء الطلب'))).toEqual([]);
  await expectNotOver(notice, pay.confirm);
  // Nothing typed is lost, and the pay button is there for the retry.
  await expect(pay.cardNumber).toHaveValue('4242 4242 4242 4242');
  await expect(pay.cvv).toHaveValue('123');
  await expect(pay.confirm).toBeEnabled();
  return { pay, notice };
}

test('23006 refused: the notice stays with its code and the catalogue message, nothing charged; the retry pays once', async ({
  page,
}) => {
  const { pay, notice } = await refusedNewCard(page, {
    result: ServerCode.tooManyPaymentAttempts,
    message: 'Too many attempts',
  });
  await expect(page.getByTestId('pay-refused-code')).toHaveText('23006');
  await expect(notice).toHaveText(
    `تعذّر إنشاء الطلب (الرمز 23006): ${Message.tooManyPaymentAttempts}. ` +
      'لم يُنشأ أي طلب ولم يُخصم أي مبلغ. بيانات الدفع كما هي: اضغط زر الدفع لإعادة المحاولة',
  );
  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success', { timeout: 15_000 });
  await expect(notice).toHaveCount(0);
  const creations = await journalOf(page.request, 'createCoinPay');
  expect(creations.map((e) => e.result)).toEqual([ServerCode.tooManyPaymentAttempts, 0]);
  await expectOneOrder(page.request);
});

test('a code no contract lists, with an English message: the Arabic generic with its code; the retry re-sends the same request', async ({
  page,
}) => {
  const { pay, notice } = await refusedNewCard(page, { result: 12345, message: 'Gateway internal error' });
  await expect(page.getByTestId('pay-refused-code')).toHaveText('12345');
  // The English message is not mixed into the Arabic sentence; no charge is claimed (the order may exist).
  await expect(notice).toHaveText(
    'تعذّر إنشاء الطلب (الرمز 12345). ' +
      'بيانات الدفع كما هي: اضغط زر الدفع لإعادة المحاولة بالطلب نفسه، ولن يُخصم المبلغ مرتين',
  );
  await expect(notice).not.toContainText('Gateway');
  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success', { timeout: 15_000 });
  const creations = await journalOf(page.request, 'createCoinPay');
  expect(creations.map((e) => e.result)).toEqual([12345, 0]);
  expect(new Set(creations.map((e) => e.requestId)).size, 'the retry kept the X-CLI-RID').toBe(1);
  await expectOneOrder(page.request);
});

test("a server's Arabic message is shown as sent, isolated in its own direction", async ({ page }) => {
  const message = 'الخدمة مشغولة الآن، حاول بعد ٥ دقائق';
  await refusedNewCard(page, { result: 12345, message });
  const shown = page.getByTestId('pay-refused-message');
  await expect(shown).toHaveText(message);
  expect(await shown.evaluate((e) => [e.tagName, e.getAttribute('dir')])).toEqual(['BDI', 'auto']);
});

test('typing a new CVV after a refusal that charged nothing clears its notice', async ({ page }) => {
  const { pay, notice } = await refusedNewCard(page, { result: ServerCode.tooManyPaymentAttempts });
  // Nothing was charged: once the visitor changes the card, the refusal is no longer theirs to read.
  await pay.cvv.fill('456');
  await expect(notice).toHaveCount(0);
  await expect(page.getByTestId('pay-check-first')).toHaveCount(0);
  await expect(pay.confirm).toBeEnabled();
});

test('typing a new card number after a refusal that may have made an order: checked first, the refusal gone', async ({
  page,
}) => {
  const { pay, notice } = await refusedNewCard(page, { result: 12345, message: 'Gateway internal error' });
  await pay.cardNumber.fill('5555 5555 5555 4444');
  await expect(notice).toHaveCount(0);
  await expect(page.getByTestId('pay-check-first')).toBeVisible();
});

test("typing a new CVV for Reem's saved card after a refusal clears its notice", async ({ page }) => {
  const { pay } = await fromTheList(page);
  await expect(pay.savedCardOption).toBeChecked();
  await pay.confirm.click();
  await pay.cvv.fill('123');
  await forceFault(page.request, 'createCoinPay', { result: ServerCode.tooManyPaymentAttempts });
  await pay.confirm.click();
  const notice = page.getByTestId('pay-refused');
  await expect(notice).toBeVisible();
  await expect(pay.cvv).toHaveValue('123');
  await pay.cvv.fill('456');
  await expect(notice).toHaveCount(0);
  await expect(pay.confirm).toBeEnabled();
});
