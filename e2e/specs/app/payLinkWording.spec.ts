import { Shell } from '../../pages/Shell';
import { expect, test } from '../../support/test';

/** A pay link that cannot be paid says what is wrong with it, and leads back to the list. */

test('signed out, a package the list does not offer: said neutrally, never "sign in to get it"', async ({
  page,
}) => {
  const shell = new Shell(page);
  await shell.goto('/pay-step?pay_type=27&to_uid=1002&recharge_id=rc_does_not_exist');
  const said = page.getByTestId('pay-step').getByRole('alert');
  await expect(said).toHaveText(
    'هذه الباقة غير متاحة لك الآن. اختر باقة من قائمة الشحن، وسجّل الدخول إن أردت رؤية باقات أكثر',
  );
  await expect(said).not.toContainText('دون تسجيل الدخول');
});

test('a link whose account is no user id says the account is not valid, with the way to the list', async ({
  page,
}) => {
  const shell = new Shell(page);
  await shell.goto('/pay-step?recharge_id=rc_999&pay_type=27&to_uid=-5');
  await expect(page.getByRole('alert')).toHaveText(
    'الحساب في هذا الرابط غير صالح. ارجع إلى قائمة الشحن واختر الحساب والباقة',
  );
  await page.getByRole('button', { name: 'العودة إلى قائمة الشحن' }).click();
  await expect(page).toHaveURL(/\/recharge-list/);
});

test('a link without a package still says none was chosen', async ({ page }) => {
  const shell = new Shell(page);
  await shell.goto('/pay-step?pay_type=27&to_uid=1002');
  await expect(page.getByRole('alert')).toHaveText('لم تختر باقة بعد. ارجع إلى قائمة الشحن واختر باقة');
});

test('a link with a package but no account says the account is missing, not the package, with the way to the list', async ({
  page,
}) => {
  const shell = new Shell(page);
  await shell.goto('/pay-step?recharge_id=rc_999&pay_type=27');
  const said = page.getByTestId('pay-step').getByRole('alert');
  await expect(said).toHaveText(
    'لم تختر الحساب الذي تشحنه بعد. ارجع إلى قائمة الشحن وأدخل معرّف الحساب ثم اختر الباقة',
  );
  await expect(said).not.toContainText('لم تختر باقة');
  await page.getByRole('button', { name: 'العودة إلى قائمة الشحن' }).click();
  await expect(page).toHaveURL(/\/recharge-list/);
});

test('a link with a package and an account but no pay method says the method is missing', async ({
  page,
}) => {
  const shell = new Shell(page);
  await shell.goto('/pay-step?recharge_id=rc_999&to_uid=1002');
  await expect(page.getByTestId('pay-step').getByRole('alert')).toHaveText(
    'لم تختر طريقة الدفع بعد. ارجع إلى قائمة الشحن واختر الباقة وطريقة الدفع',
  );
});
