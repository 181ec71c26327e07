import { FineId, fineById } from '@topup/contracts/testdata/fines';
import { expectNoSecrets, watchSecrets } from '../../flows/pay';
import { journalOf } from '../../support/chaos';
import { pollUntilVisible } from '../../support/clock';
import { CONTROL_HEADERS } from '../../support/mock';
import { expect, test } from '../../support/test';
import { FinesPage } from './FinesPage';

/**
 * Every fine row of TESTDATA through /fines, each asserting the exact words the visitor reads. Paying 7001
 * and creating 7003's order change the mock's world, so these tests run in order, each from a fresh world
 * (POST /__mock/reset).
 */
test.describe.configure({ mode: 'serial' });

const outstanding = fineById(FineId.outstanding);

/** The Arabic the visitor reads (web/src/i18n/fines.ts), restated here as the user's-eye expectation. */
const Words = {
  lead: 'ادفع الغرامة المستحقة على الحساب. إن كان محظورًا بسببها، يُلغى الحظر تلقائيًا بعد الدفع.',
  banned: 'محظور بعد استرداد مبلغ مدفوع',
  notBannedNow: 'غير محظور',
  paidTitle: 'تم دفع الغرامة',
  unbanned: 'أُلغي حظر الحساب، ويمكن استخدامه وشحنه الآن',
  notBanned: 'الحساب غير محظور، ويمكن استخدامه وشحنه الآن',
  alreadyPaidTitle: 'تم دفع هذه الغرامة',
  alreadyPaid: 'لا حاجة إلى دفعها مرة أخرى',
  amountChangedTitle: 'تغيّر مبلغ الغرامة',
  amountChanged: 'اضغط «تحديث» لعرض المبلغ الجديد، ثم ادفع',
  notFoundTitle: 'الغرامة غير موجودة',
  notFound: 'لم نجد غرامة بهذا الرقم. تحقّق منه وأدخله مرة أخرى',
} as const;

test.beforeEach(async ({ request }) => {
  const reset = await request.post('/__mock/reset', { headers: CONTROL_HEADERS, data: {} });
  expect(reset.ok()).toBe(true);
});

async function accountCheckResult(fines: FinesPage, displayUid: string): Promise<number> {
  const check = await fines.page.request.get(`/api/web/check_display_id/?display_id=${displayUid}&source=1`);
  return ((await check.json()) as { result: number }).result;
}

async function expectUnbanned(fines: FinesPage, displayUid: string): Promise<void> {
  await expect(fines.paid).toBeVisible();
  await expect(fines.unban).toHaveAttribute('data-unban', 'unbanned');
  await expect(fines.paid.getByRole('heading')).toHaveText(Words.paidTitle);
  await expect(fines.unban).toHaveText(Words.unbanned);
  await expect(fines.paid.getByRole('heading')).toBeFocused();
  await expect(fines.topUp).toHaveAttribute('href', '/recharge-list');
  // The account answers normally again.
  expect(await accountCheckResult(fines, displayUid)).toBe(0);
}

test('7001 shows the account and amount, and is paid by card, which unbans 10000009', async ({
  page,
  axe,
}) => {
  const fines = new FinesPage(page);
  const seen = watchSecrets(page);
  // Banned before the payment (check_display_id answers 20001).
  expect(await accountCheckResult(fines, outstanding?.display_uid ?? '')).toBe(20001);
  await fines.open(`?id=${FineId.outstanding}`);
  await expect(fines.displayId).toHaveText(outstanding?.display_uid ?? '');
  await expect(fines.amount).toHaveText('$4.99');
  await expect(fines.amount).toHaveAttribute('dir', 'ltr');
  await expect(fines.lead).toHaveText(Words.lead);
  await expect(fines.banState).toHaveText(Words.banned);
  await expect(fines.nickname).not.toBeEmpty();
  await expect(fines.summary.locator('img')).toHaveCount(0);
  await axe(page);
  await expect(fines.method('card')).toBeChecked();
  await fines.enterCard('4242 4242 4242 4242');
  await fines.payButton.click();
  await expectUnbanned(fines, outstanding?.display_uid ?? '');
  await axe(page);
  await expectNoSecrets(page, seen);
  await fines.topUp.click();
  await expect(page).toHaveURL(/\/recharge-list$/);
});

test('7001 paid on the hosted page comes back, asks for the result and unbans 10000009', async ({ page }) => {
  const fines = new FinesPage(page);
  await fines.open(`?id=${FineId.outstanding}`);
  await fines.method('hosted').check();
  await fines.payButton.click();
  await expect(fines.hostedPay).toBeVisible();
  await fines.hostedPay.click();
  await expectUnbanned(fines, outstanding?.display_uid ?? '');
  // Back with the order's arguments; its end known, they leave the address (a reload asks nothing again).
  await expect(page).toHaveURL(/\/fines\?id=7001$/);
});

test('7002 says it is already paid and offers no payment', async ({ page, axe }) => {
  const fines = new FinesPage(page);
  await fines.open(`?id=${FineId.paid}`);
  await expect(fines.alreadyPaid).toBeVisible();
  await expect(fines.alreadyPaid.getByRole('heading')).toHaveText(Words.alreadyPaidTitle);
  await expect(fines.alreadyPaid.getByRole('paragraph').first()).toHaveText(Words.alreadyPaid);
  await expect(fines.payButton).toHaveCount(0);
  // A paid fine, seen again, still leads to another fine.
  await expect(page.getByTestId('fine-another')).toHaveText('دفع غرامة أخرى');
  await axe(page);
});

test('7003: the amount changed when the order was made; refresh shows the new amount, which is paid; its account was never banned, so the screen does not say "unbanned"', async ({
  page,
  axe,
}) => {
  const fines = new FinesPage(page);
  await fines.open(`?id=${FineId.amountChanges}`);
  await expect(fines.amount).toHaveText('$9.99');
  await expect(fines.lead).toHaveText(Words.lead);
  await expect(fines.banState).toHaveText(Words.notBannedNow);
  await fines.enterCard('4242 4242 4242 4242');
  await fines.payButton.click();
  await expect(fines.amountChanged).toBeVisible();
  await expect(fines.amountChanged.getByRole('heading')).toHaveText(Words.amountChangedTitle);
  await expect(fines.amountChanged.getByRole('alert')).toHaveText(Words.amountChanged);
  await expect(fines.amountChanged.getByRole('heading')).toBeFocused();
  // The amount still shown is the one that changed: labelled as the previous one, not as the fine's amount
  // (15-fine-amount-changed), until the refresh shows the new one under its own label.
  await expect(page.getByTestId('fine-amount-label')).toHaveText('المبلغ السابق');
  await fines.refresh.click();
  await expect(fines.amount).toHaveText('$14.99');
  await expect(page.getByTestId('fine-amount-label')).toHaveText('مبلغ الغرامة');
  await fines.enterCard('4242 4242 4242 4242');
  // The new amount is paid once confirmed (fineAmountConfirm.spec.ts): a step added on purpose.
  await page.getByTestId('fine-confirm-amount').check();
  await fines.payButton.click();
  await expect(fines.paid).toBeVisible();
  await expect(fines.unban).toHaveAttribute('data-unban', 'notBanned');
  await expect(fines.paid.getByRole('heading')).toHaveText(Words.paidTitle);
  await expect(fines.unban).toHaveText(Words.notBanned);
  await expect(fines.paid).not.toContainText(Words.unbanned);
  await expect(fines.topUp).toHaveAttribute('href', '/recharge-list');
  await expect(fines.checkUnbanAgain).toHaveCount(0);
  await axe(page);
});

test('7999 is not found', async ({ page, axe }) => {
  const fines = new FinesPage(page);
  await fines.open(`?id=${FineId.missing}`);
  await expect(fines.notFound).toBeVisible();
  await expect(fines.notFound.getByRole('heading')).toHaveText(Words.notFoundTitle);
  await expect(fines.notFound.getByRole('paragraph')).toHaveText(Words.notFound);
  await expect(fines.payButton).toHaveCount(0);
  await axe(page);
});

test('a link without a usable id says so and makes no call', async ({ page }) => {
  const fines = new FinesPage(page);
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/fine/')) calls.push(r.url());
  });
  for (const [search, alerts] of [
    ['', 0],
    ['?id=abc', 1],
  ] as const) {
    await fines.open(search);
    await expect(fines.badLink).toBeVisible();
    // No id is the page's instruction, not an error announced on arrival; a wrong id in the link is one.
    await expect(fines.badLink.getByRole('alert')).toHaveCount(alerts);
  }
  expect(calls).toEqual([]);
});

test('/fines without an id asks for the number: a wrong one is refused, 7001 opens the fine', async ({
  page,
  axe,
}) => {
  const fines = new FinesPage(page);
  await fines.open('');
  const number = page.getByRole('textbox', { name: 'رقم الغرامة' });
  await expect(number).toBeVisible();
  await axe(page);
  await number.fill('abc');
  await page.getByTestId('fine-lookup-submit').click();
  await expect(page.getByText('رقم الغرامة يتكوّن من أرقام فقط، مثل 7001')).toBeVisible();
  await expect(page).not.toHaveURL(/id=/);
  await number.fill(String(FineId.outstanding));
  await page.getByTestId('fine-lookup-submit').click();
  await expect(page).toHaveURL(new RegExp(`/fines\\?id=${FineId.outstanding}$`));
  await expect(fines.summary).toBeVisible();
  await expect(fines.displayId).toHaveText('10000009');
});

test('a fine not found offers to type the number again', async ({ page }) => {
  const fines = new FinesPage(page);
  await fines.open(`?id=${FineId.missing}`);
  await expect(fines.notFound).toBeVisible();
  // What was asked for stays in the field, to correct rather than type again.
  await expect(page.getByRole('textbox', { name: 'رقم الغرامة' })).toHaveValue(String(FineId.missing));
  // The focused heading draws no box spilling past its card.
  await expect(fines.notFound.getByRole('heading')).toBeFocused();
  await expect(fines.notFound.getByRole('heading')).toHaveCSS('outline-style', 'none');
  await page.getByRole('textbox', { name: 'رقم الغرامة' }).fill(String(FineId.outstanding));
  await page.getByTestId('fine-lookup-submit').click();
  await expect(fines.summary).toBeVisible();
});

/** Issue 26, finding 7: no dead end from a banned account, and a receipt that says what each number is. */
test('from a banned account, "pay the fine" keeps the account and says where the fine number is', async ({
  page,
  axe,
}) => {
  await page.goto('/recharge-list');
  await page.getByRole('textbox', { name: 'معرّف الحساب' }).last().fill('10000009');
  await page.getByTestId('target-search-confirm').last().click();
  await page.getByTestId('banned-fine-link').click();
  await expect(page).toHaveURL(/\/fines\?account=10000009$/);
  const forAccount = page.getByTestId('fine-for-account');
  await expect(forAccount).toContainText('10000009');
  await expect(forAccount.locator('bdi')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByTestId('fine-number-where')).toBeVisible();
  await axe(page);
  await page.getByRole('textbox', { name: 'رقم الغرامة' }).fill(String(FineId.outstanding));
  await page.getByTestId('fine-lookup-submit').click();
  await expect(page).toHaveURL(new RegExp(`/fines\\?id=${FineId.outstanding}&account=10000009$`));
  await expect(page.getByTestId('fine-display-id')).toHaveText('10000009');
  await expect(page.getByTestId('fine-other-account')).toHaveCount(0);
});

test('a fine of another account than the one it was opened for says so', async ({ page }) => {
  await page.goto(`/fines?id=${FineId.amountChanges}&account=10000009`);
  await expect(page.getByTestId('fine-summary')).toBeVisible();
  await expect(page.getByTestId('fine-other-account')).toContainText('10000009');
});

test('a paid fine ends on a labelled receipt: fine number, amount, account, order number', async ({
  page,
}) => {
  const fines = new FinesPage(page);
  await fines.open(`?id=${FineId.outstanding}`);
  await fines.enterCard('4242 4242 4242 4242');
  await fines.payButton.click();
  await expect(fines.paid).toBeVisible();
  const receipt = page.getByTestId('fine-receipt');
  await expect(receipt.getByRole('term')).toHaveText(['رقم الغرامة', 'مبلغ الغرامة', 'الحساب', 'رقم الطلب']);
  const values = receipt.getByRole('definition');
  await expect(values.nth(0)).toHaveText(String(FineId.outstanding));
  await expect(values.nth(1)).toHaveText('$4.99');
  await expect(values.nth(2)).toContainText('10000009');
  await expect(values.nth(3)).toHaveText(/^\S{6,}$/);
});

/**
 * Issue 26: a paid fine is over. Back leaves it, forward (or a reload) finds it paid with the same labelled
 * receipt and no pay control, and the world made one fine order (payments/orderAttempt.ts, paidOrders.ts).
 */
test('a paid fine, back then forward and a reload: no second charge, the receipt stays labelled', async ({
  page,
  request,
}) => {
  const fines = new FinesPage(page);
  await fines.open('');
  await page.getByRole('textbox', { name: 'رقم الغرامة' }).fill(String(FineId.outstanding));
  await page.getByTestId('fine-lookup-submit').click();
  await expect(page).toHaveURL(new RegExp(`/fines\\?id=${FineId.outstanding}$`));
  await fines.enterCard('4242 4242 4242 4242');
  await fines.payButton.click();
  await expect(fines.paid).toBeVisible();
  const terms = ['رقم الغرامة', 'مبلغ الغرامة', 'الحساب', 'رقم الطلب'];
  const receipt = page.getByTestId('fine-receipt');
  await expect(receipt.getByRole('term')).toHaveText(terms);
  const orderId = (await page.getByTestId('fine-order').textContent()) ?? '';
  expect(orderId).toMatch(/^\S{6,}$/);
  // As on the pay step's receipt: the order number on one line, with a button that copies it.
  const idBox = await page.getByTestId('fine-order').boundingBox();
  expect(idBox?.height ?? 0).toBeLessThan(40);
  await expect(receipt.getByRole('button', { name: 'نسخ رقم الطلب' })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/fines$/);
  await expect(fines.payButton).toHaveCount(0);
  for (const reopen of [() => page.goForward(), () => page.reload()]) {
    await reopen();
    await expect(page).toHaveURL(new RegExp(`/fines\\?id=${FineId.outstanding}$`));
    await expect(fines.alreadyPaid).toBeVisible();
    await expect(fines.payButton).toHaveCount(0);
    await expect(fines.cardNumber).toHaveCount(0);
    await expect(receipt.getByRole('term')).toHaveText(terms);
    await expect(page.getByTestId('fine-order')).toHaveText(orderId);
  }
  const made = (await journalOf(request, 'createFinePay')).filter((entry) => entry.result === 0);
  expect(made.map((entry) => entry.requestId)).toHaveLength(1);
});

/** The fine's summary (account, amount, fine number), on every ending as on the paid receipt. */
async function expectFineSummary(fines: FinesPage): Promise<void> {
  await expect(fines.summary).toBeVisible();
  await expect(fines.summary.getByTestId('fine-number')).toHaveText(String(FineId.outstanding));
  await expect(fines.displayId).toHaveText(outstanding?.display_uid ?? '');
  await expect(fines.amount).toHaveText('$4.99');
}

test('a declined card keeps the fine’s summary on its failed screen', async ({ page }) => {
  const fines = new FinesPage(page);
  await fines.open(`?id=${FineId.outstanding}`);
  await fines.enterCard('4000 0000 0000 0002');
  await fines.payButton.click();
  await expect(page.getByTestId('fine-failed')).toBeVisible();
  await expectFineSummary(fines);
});

test('fine 7001 with 4544 2491 6767 3670 (insufficient balance): no word of a package, a fine has none', async ({
  page,
}) => {
  const fines = new FinesPage(page);
  await fines.open(`?id=${FineId.outstanding}`);
  await fines.enterCard('4544 2491 6767 3670');
  await fines.payButton.click();
  await expect(page.getByTestId('fine-failed-tip')).toHaveText(
    'رصيد البطاقة غير كافٍ، ولم يُخصم أي مبلغ. تحقّق من رصيدك أو جرّب بطاقة أخرى',
  );
  await expect(page.getByTestId('fine-failed')).not.toContainText('باق');
});

test('declined on the hosted page: the summary stays, and the ending offers another method, never another card', async ({
  page,
}) => {
  const fines = new FinesPage(page);
  await fines.open(`?id=${FineId.outstanding}`);
  await fines.method('hosted').check();
  await fines.payButton.click();
  await page.getByTestId('hosted-fail').click();
  const failed = page.getByTestId('fine-failed');
  await expect(failed).toBeVisible();
  await expect(page).toHaveURL(/\/fines\?id=7001$/);
  await expect(page.getByTestId('fine-failed-tip')).toHaveText(
    'لم يُخصم أي مبلغ. أعد المحاولة أو اختر طريقة دفع أخرى',
  );
  await expect(failed).not.toContainText('بطاقة');
  await expectFineSummary(fines);
});

test('back unpaid from the hosted page: the pending screen keeps the fine’s summary', async ({ page }) => {
  const fines = new FinesPage(page);
  await fines.open(`?id=${FineId.outstanding}`);
  await fines.method('hosted').check();
  await fines.payButton.click();
  await expect(fines.hostedPay).toBeVisible();
  // The fine's page opened by back polls on the page's clock, not in real time.
  await page.clock.install();
  await page.goBack();
  // The kept order is asked for (every poll of its bound) before the screen says it is still pending.
  await pollUntilVisible(page, page.getByTestId('fine-pending'));
  await expectFineSummary(fines);
});
