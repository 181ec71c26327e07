import { enterNewCard, openPayStep } from '../../flows/pay';
import { PayStepPage } from '../../pages/payStep';
import { RechargePage } from '../../pages/RechargePage';
import { forceFault } from '../../support/chaos';
import { expect, test } from '../../support/test';
import { FinesPage } from '../fines/FinesPage';

/**
 * What a first-time visitor's review of `npm run gallery` found on the pay step (issue 26's "Done when"), each
 * failing on the main it was found on. The screenshot each comes from is named in its title.
 */
for (const viewport of [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
]) {
  test.describe(`${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('a recipient not found is said once: no "check your connection" package banner beside it (12-pay-recipient-not-found)', async ({
      page,
    }) => {
      await page.goto('/recharge-list?session_key=sk-10000001');
      await expect(new RechargePage(page).packages.first()).toBeVisible();
      const pay = new PayStepPage(page);
      const listed = page.waitForResponse('**/api/third_party_pay/get_recharge_list_v3/**');
      await pay.open({ recharge_id: 'rc_499', pay_type: 23, to_uid: 9999 });
      const refused = page.getByTestId('pay-recipient-refused');
      await expect(refused.getByRole('alert')).toHaveText(
        'لم نجد هذا الحساب. ارجع إلى قائمة الشحن وابحث بمعرّف الحساب من جديد',
      );
      // The package's answer for that account (refused too) has arrived: the step is at rest.
      await listed;
      await expect(page.getByTestId('skeleton')).toHaveCount(0);
      // No pay button that nothing could enable: the refusal and its way back are the step.
      await expect(pay.confirm).toHaveCount(0);
      await expect(page.getByTestId('pay-amount')).toHaveCount(0);
      await expect(page.getByRole('alert')).toHaveCount(1);
      await expect(page.getByText('تحقّق من اتصالك')).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'العودة إلى قائمة الشحن' })).toHaveCount(1);
      await expect(page.getByRole('button', { name: 'العودة إلى قائمة الشحن' })).toHaveCount(0);
      // Nothing left looking as if it were still loading.
      await expect(page.getByTestId('pay-summary').locator('.skeleton')).toHaveCount(0);
    });

    test('packages that did not load: the accepted methods say they come with them, no skeleton left loading (01-landing-failed)', async ({
      page,
      request,
    }) => {
      await page.goto('/?session_key=sk-10000001');
      await expect(page.getByTestId('home-package').first()).toBeVisible();
      await forceFault(request, 'getRechargeListV3', { fault: 'http', status: 503 });
      await page.goto('/?session_key=sk-10000001');
      await expect(page.getByTestId('home-packages-failed')).toBeVisible();
      const methods = page.getByTestId('home-methods');
      await expect(methods.locator('.skeleton')).toHaveCount(0);
      await expect(methods).not.toContainText('جارٍ التحميل');
      await expect(methods).toContainText('تظهر طرق الدفع مع الباقات');
      // The retry brings the packages and, with them, the methods' marks.
      await page.getByTestId('home-packages-failed').getByRole('button', { name: 'إعادة المحاولة' }).click();
      await expect(methods.locator('[data-method-name]').first()).toBeVisible();
    });

    test('a declined fine says what happened and the next step once (15-fine-failed)', async ({ page }) => {
      await page.goto('/fines?id=7001');
      await new FinesPage(page).enterCard('4000 0000 0000 0002');
      await page.getByTestId('fine-pay').click();
      const failed = page.getByTestId('fine-failed');
      await expect(failed).toBeVisible();
      // As the pay step's panel for the same decline (08-result-other): nothing charged, then the decline's
      // own next step; not a generic "verification not completed… retry or choose another method" above it.
      await expect(page.getByTestId('fine-failed-tip')).toHaveText('لم يُخصم أي مبلغ من حسابك');
      await expect(failed).toContainText('أعد المحاولة أو جرّب بطاقة أخرى');
      await expect(failed.getByText(/أعد المحاولة/)).toHaveCount(1);
      await expect(failed).not.toContainText('لم يكتمل التحقق');
      await page.getByTestId('fine-try-again').click();
      await expect(page.getByTestId('fine-pay')).toBeVisible();
    });
  });
}

test('a card refused for risk says the card was refused, not a wallet link to refresh, and offers another card (08-result-highRisk)', async ({
  page,
}) => {
  const pay = await openPayStep(page, 23);
  await enterNewCard(pay, 23, '4897453568485113');
  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'highRisk', { timeout: 15_000 });
  await expect(pay.resultPanel).toContainText('رفض مزوّد الدفع هذه البطاقة لأسباب أمنية');
  await expect(pay.resultPanel).not.toContainText('محفظة');
  await expect(pay.resultPanel).not.toContainText('حدّث الصفحة');
  await page.getByTestId('result-primary').click();
  // Another card: the visitor has saved cards, so home to choose one; nothing of the refused card is left.
  await expect(pay.resultPanel).toHaveCount(0);
  await expect(pay.root).toHaveAttribute('data-step', 'home');
  await expect(pay.savedCardOption).toBeVisible();
  await expect(page.locator('input[autocomplete="cc-number"]')).toHaveCount(0);
});
