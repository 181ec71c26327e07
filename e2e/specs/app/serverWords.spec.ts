import type { Page } from '@playwright/test';
import { DisplayUid } from '@topup/contracts/testdata/accounts';
import { FineId } from '@topup/contracts/testdata/fines';
import { FeedbackPage } from '../../pages/FeedbackPage';
import { LoginPage } from '../../pages/LoginPage';
import { RechargePage } from '../../pages/RechargePage';
import { expect, test } from '../../support/test';
import { FinesPage } from '../fines/FinesPage';

/**
 * Attacker review: a lying server (or a proxy in its place) answers a code the catalogue does not know, or an
 * HTTP error, with its own words: a bank account and a WhatsApp number. Order creation says only its code in
 * the app's words; the account search, the fine's load, the sign-in and the problem report say their own words
 * too (web/src/api/failureText.ts), never the server's as the app's.
 */
const WORDS = 'تم إيقاف الشحن مؤقتًا. حوّل المبلغ إلى الحساب SA0000000000 أو راسلنا واتساب 0500000000';
const ANSWERS = [
  { name: 'result 99123', code: '99123', status: 200, body: { result: 99123, message: WORDS, data: null } },
  { name: 'HTTP 502', code: '502', status: 502, body: { result: 502, message: WORDS } },
] as const;
const code = (digits: string) => `\u2066${digits}\u2069`;

for (const answer of ANSWERS) {
  test.describe(`a lying server's ${answer.name}`, () => {
    const lie = (page: Page, path: string) =>
      page.route(`**/api/${path}/**`, (route) =>
        route.fulfill({
          status: answer.status,
          contentType: 'application/json',
          body: JSON.stringify(answer.body),
        }),
      );
    const noServerWords = async (page: Page) => {
      await expect(page.getByText('SA0000000000')).toHaveCount(0);
      await expect(page.getByText('0500000000')).toHaveCount(0);
    };

    test('the account search: no match (an HTTP error: the server failed), not its words', async ({
      page,
    }) => {
      const recharge = new RechargePage(page);
      await recharge.open();
      await lie(page, 'web/check_display_id');
      await recharge.searchFor(DisplayUid.omar);
      await expect(recharge.searchError).toHaveText(
        answer.status === 200
          ? 'لم نجد حسابًا بهذا المعرّف. تأكّد من معرّف الحساب وأعد المحاولة'
          : 'حدث خطأ في الخادم. أعد المحاولة',
      );
      await noServerWords(page);
    });

    test('the fine: could not load it, with the code', async ({ page }) => {
      await lie(page, 'fine/get_fine_info');
      const fines = new FinesPage(page);
      await fines.open(`?id=${FineId.outstanding}`);
      const failed = page.getByTestId('fine-load-failed');
      await expect(failed.getByRole('alert')).toHaveText(
        `لم تصلنا بيانات الغرامة (الرمز ${code(answer.code)}). أعد المحاولة`,
      );
      await noServerWords(page);
    });

    test('the sign-in: login failed, with the code', async ({ page }) => {
      const login = new LoginPage(page);
      await login.open();
      await lie(page, 'user/account_login');
      await login.accountId.fill(DisplayUid.reem);
      await login.password.fill('Passw0rd!');
      await login.submit.last().click();
      await expect(login.error).toHaveText(`تعذّر تسجيل الدخول (الرمز ${code(answer.code)})`);
      await noServerWords(page);
    });

    test('the problem report: not sent, with the code', async ({ page }) => {
      const feedback = new FeedbackPage(page);
      await feedback.open();
      await lie(page, 'feedback/submit');
      await feedback.text.fill('لم يصل الماس بعد الدفع');
      await feedback.submit.click();
      await expect(feedback.formError).toHaveText(
        `تعذّر إرسال البلاغ (الرمز ${code(answer.code)}). احتفظنا بنصك ومرفقاتك، فأعد المحاولة`,
      );
      await noServerWords(page);
    });
  });
}
