import { CardNumber } from '@topup/contracts/testdata/cards';
import { enterNewCard } from '../../flows/pay';
import { PayStepPage } from '../../pages/payStep';
import { RechargePage } from '../../pages/RechargePage';
import { forceFault, journalOf, paramsOf } from '../../support/chaos';
import { expect, test } from '../../support/test';

/**
 * Finding 2 (rev7): the list's stored target can be edited (localStorage). Stored as «Omar ⭐ (10000002)» with
 * uid 1011, the pay step paid 1011 while every screen named Omar. The stored target is only a hint: pay waits for
 * the server's check of the uid paid for, and every screen then names the account the server says it is.
 */

test.use({ viewport: { width: 390, height: 844 } });

const FORGED = {
  uid: 1011,
  display_uid: '10000002',
  nickname: 'Omar ⭐',
  icon: '/static/avatars/1002.png',
  is_guest: false,
  source: 1,
};

test('an edited stored target: pay waits for the server, which names the account paid for', async ({
  page,
  request,
}) => {
  await page.goto('/fines');
  await page.evaluate((t) => localStorage.setItem('topup.pay_target_user', JSON.stringify(t)), FORGED);
  // The account check held: the stored name is a hint only, and pay waits.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/web/check_display_id/**', async (route) => {
    await held;
    await route.continue();
  });
  const pay = new PayStepPage(page);
  await pay.open({ recharge_id: 'rc_999', pay_type: 27, to_uid: 1011 });
  await expect(page.getByTestId('pay-recipient-loading')).toBeVisible();
  await expect(pay.confirm).toBeDisabled();
  release();
  await expect(page.getByTestId('pay-recipient-id')).toHaveText('10000011');
  await expect(page.getByTestId('pay-recipient-nickname')).not.toContainText('Omar');
  await enterNewCard(pay, 27, CardNumber.visaApproved);
  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success');
  await expect(pay.resultPanel).not.toContainText('10000002');
  await expect(pay.resultPanel).not.toContainText('Omar');
  expect(paramsOf((await journalOf(request, 'checkUid'))[0])).toMatchObject({ uid: '1011' });
  expect(paramsOf((await journalOf(request, 'checkDisplayId'))[0])).toMatchObject({ display_id: '10000011' });
  expect(paramsOf((await journalOf(request, 'createCoinPay'))[0])).toMatchObject({ uid: '1011' });
  // The list named from then on is the server's account, not the edited one.
  await page.getByRole('button', { name: 'تم', exact: true }).click();
  const recharge = new RechargePage(page);
  await expect(recharge.targetDisplayId).toHaveText('10000011');
  await expect(recharge.targetNickname).not.toContainText('Omar');
});

test('an edited stored target whose check fails: pay stays disabled, and the retry names the account paid for', async ({
  page,
  request,
}) => {
  await page.goto('/fines');
  await page.evaluate((t) => localStorage.setItem('topup.pay_target_user', JSON.stringify(t)), FORGED);
  await forceFault(request, 'checkUid', { fault: 'http', status: 503 });
  const pay = new PayStepPage(page);
  await pay.open({ recharge_id: 'rc_999', pay_type: 27, to_uid: 1011 });
  // No answer from the server: the stored name is not shown as the recipient, and nothing can be paid.
  const failed = page.getByTestId('pay-recipient-failed');
  await expect(failed).toBeVisible();
  await expect(page.getByTestId('pay-recipient-nickname')).toHaveCount(0);
  await expect(pay.confirm).toBeDisabled();
  await pay.channel(27).check();
  await expect(pay.confirm).toBeDisabled();
  await failed.getByRole('button', { name: 'إعادة المحاولة' }).click();
  await expect(page.getByTestId('pay-recipient-id')).toHaveText('10000011');
  await expect(page.getByTestId('pay-recipient-nickname')).not.toContainText('Omar');
  await expect(failed).toHaveCount(0);
  await enterNewCard(pay, 27, CardNumber.visaApproved);
  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success');
  await expect(pay.resultPanel).not.toContainText('Omar');
  const orders = await journalOf(request, 'createCoinPay');
  expect(orders).toHaveLength(1);
  expect(paramsOf(orders[0])).toMatchObject({ uid: '1011' });
});

/** Review 9, finding 5: stored as «ريم (10000001)» with Omar's uid 1002, as a fake "your own account" row. */
const AS_REEM = { ...FORGED, uid: 1002, display_uid: '10000001', nickname: 'ريم' };

test('the list names an edited stored target only once the server has: meanwhile placeholders, then its account', async ({
  page,
  request,
}) => {
  await page.goto('/fines');
  await page.evaluate((t) => localStorage.setItem('topup.pay_target_user', JSON.stringify(t)), AS_REEM);
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/web/check_display_id/**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/recharge-list');
  const recharge = new RechargePage(page);
  await expect(page.getByTestId('target-pending')).toBeVisible();
  await expect(recharge.targetCard).not.toContainText('ريم');
  await expect(recharge.targetCard).not.toContainText('10000001');
  release();
  await expect(recharge.targetDisplayId).toHaveText('10000002');
  await expect(recharge.targetNickname).toHaveText('Omar ⭐');
  await expect(page.getByTestId('target-pending')).toHaveCount(0);
  expect(paramsOf((await journalOf(request, 'checkUid'))[0])).toMatchObject({ uid: '1002' });
  // The server's name is what storage keeps from then on.
  const stored = await page.evaluate(() => localStorage.getItem('topup.pay_target_user'));
  expect(JSON.parse(stored ?? '{}')).toMatchObject({ uid: 1002, display_uid: '10000002' });
});

test('the list whose check of a stored target fails names nothing and offers the retry', async ({
  page,
  request,
}) => {
  await page.goto('/fines');
  await page.evaluate((t) => localStorage.setItem('topup.pay_target_user', JSON.stringify(t)), AS_REEM);
  await forceFault(request, 'checkUid', { fault: 'http', status: 503 });
  await page.goto('/recharge-list');
  const recharge = new RechargePage(page);
  const failed = page.getByTestId('target-check-failed');
  await expect(failed.getByRole('alert')).toHaveText(
    'تعذّر التحقق من الحساب المختار. تحقّق من اتصالك وأعد المحاولة',
  );
  await expect(recharge.targetCard).not.toContainText('ريم');
  await failed.getByRole('button', { name: 'إعادة المحاولة' }).click();
  await expect(recharge.targetNickname).toHaveText('Omar ⭐');
  await expect(failed).toHaveCount(0);
});

test('a forged row of the recent accounts is checked when picked: the server account is chosen, the row replaced', async ({
  page,
}) => {
  await page.goto('/fines');
  await page.evaluate(() => {
    const forged = {
      to_uid: 1099,
      to_display_uid: '10000002',
      to_nickname: 'Trusted',
      to_icon: '',
      is_guest: false,
      uid: 0,
      h5_deviceid: 'h5_0123456789abcdef0123456789abcdef',
      fill_times: 1,
      first_fill_time: 1,
      last_fill_time: 2,
      status2: 0,
    };
    localStorage.setItem('topup.recharge_history', JSON.stringify([forged]));
  });
  await page.goto('/recharge-list');
  const recharge = new RechargePage(page);
  await recharge.earlierTargets.filter({ hasText: 'Trusted' }).click();
  await expect(recharge.targetNickname).toHaveText('Omar ⭐');
  await expect(recharge.targetDisplayId).toHaveText('10000002');
  await recharge.changeTarget.click();
  await expect(recharge.searchDialog).toBeVisible();
  await expect(recharge.searchDialog).not.toContainText('Trusted');
});
