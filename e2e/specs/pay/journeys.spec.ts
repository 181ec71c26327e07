import { enterNewCard, expectNoSecrets, openPayStep, openPayStepByLink, watchSecrets } from '../../flows/pay';
import { PayStepPage } from '../../pages/payStep';
import { RechargePage } from '../../pages/RechargePage';
import { journalOf } from '../../support/chaos';
import { expect, test } from '../../support/test';

test('back from the card frame asks first: continue keeps the step, give up leaves it', {
  tag: '@spec:pay.back',
}, async ({ page }) => {
  const pay = await openPayStepByLink(page, 23);
  await pay.channel(23).check();
  await pay.confirm.click();
  await expect(pay.root).toHaveAttribute('data-step', 'cardFrame');
  await pay.back.click();
  await expect(pay.leavePopup).toBeVisible();
  await expect(pay.leavePopup).toContainText('بقيت خطوة واحدة لإتمام طلبك');
  await pay.leavePopup.getByRole('button', { name: 'متابعة الدفع' }).click();
  await expect(pay.root).toHaveAttribute('data-step', 'cardFrame');
  await pay.back.click();
  await pay.leavePopup.getByRole('button', { name: 'مغادرة' }).click();
  await expect(pay.root).toHaveAttribute('data-step', 'home');
});

test('the browser back on the card form asks like the page back; giving up stays on the pay step', async ({
  page,
}) => {
  const pay = await openPayStep(page, 23);
  await pay.channel(23).check();
  await pay.confirm.click();
  await pay.cardNumber.fill('4242424242424242');
  await page.goBack();
  await expect(pay.leavePopup).toBeVisible();
  await expect(pay.root).toHaveAttribute('data-step', 'cardFrame');
  await expect(page).toHaveURL(/\/pay-step\?/);
  await pay.leavePopup.getByRole('button', { name: 'متابعة الدفع' }).click();
  await expect(pay.cardNumber).toHaveValue(/4242/);
  // Asked again on a second back: the guard is back in place.
  await page.goBack();
  await expect(pay.leavePopup).toBeVisible();
  await pay.leavePopup.getByRole('button', { name: 'مغادرة' }).click();
  await expect(pay.root).toHaveAttribute('data-step', 'home');
  await expect(page).toHaveURL(/\/pay-step\?/);
});

test('the pay step opened from the list: its back returns to the list without a new history entry', async ({
  page,
}) => {
  const recharge = new RechargePage(page);
  await recharge.open('?session_key=sk-10000001');
  await recharge.packages.first().click();
  await recharge.payNow.click();
  const pay = new PayStepPage(page);
  await expect(pay.root).toHaveAttribute('data-step', 'home');
  const entries = await page.evaluate(() => history.length);
  await pay.back.click();
  await expect(page).toHaveURL(/\/recharge-list/);
  expect(await page.evaluate(() => history.length)).toBe(entries);
  // Forward returns to the pay step; back again is the list, never a loop.
  await page.goForward();
  await expect(pay.root).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/recharge-list/);
});

test('fifty rapid taps on pay make one order', async ({ page }) => {
  const seen = watchSecrets(page);
  const pay = await openPayStepByLink(page, 23);
  await enterNewCard(pay, 23, '4242424242424242');
  const before = (await journalOf(page.request, 'createCoinPay')).length;
  await pay.confirm.evaluate((button) => {
    for (let i = 0; i < 50; i += 1) (button as HTMLButtonElement).click();
  });
  await expect(pay.result).toHaveAttribute('data-outcome', 'success');
  expect((await journalOf(page.request, 'createCoinPay')).length - before).toBe(1);
  await expectNoSecrets(page, seen);
});

test('a redirect provider goes to the hosted page and the return shows the result', async ({ page }) => {
  const pay = await openPayStepByLink(page, 24);
  await pay.channel(24).check();
  await pay.confirm.click();
  await page.getByTestId('hosted-pay').click();
  await expect(page).toHaveURL(/\/pay-step\?/);
  await expect(pay.result).toHaveAttribute('data-outcome', 'success');
});

test('the hosted page failing returns a failure', async ({ page }) => {
  const pay = await openPayStepByLink(page, 24);
  await pay.channel(24).check();
  await pay.confirm.click();
  await page.getByTestId('hosted-fail').click();
  await expect(pay.result).not.toHaveAttribute('data-outcome', 'success');
});

test('a declined hosted wallet (STC Pay) says the payment was not completed and offers another method, never another card', async ({
  page,
}) => {
  const pay = await openPayStepByLink(page, 25);
  await pay.channel(25).check();
  await pay.confirm.click();
  await page.getByTestId('hosted-fail').click();
  await expect(pay.resultPanel).toBeVisible();
  await expect(pay.resultPanel.getByRole('heading')).toHaveText('لم يكتمل الدفع');
  await expect(page.getByTestId('result-tip')).toHaveText(
    'لم يُخصم أي مبلغ. أعد المحاولة أو اختر طريقة دفع أخرى',
  );
  await expect(pay.resultPanel).not.toContainText('بطاقة');
  await expect(page.getByTestId('result-secondary')).toHaveText('اختيار طريقة دفع أخرى');
  await expect(page.getByTestId('result-primary')).toHaveText('إعادة المحاولة');
});

test('a declined mada card page says what a card decline says, and its "another card" pays there again', async ({
  page,
}) => {
  const pay = await openPayStepByLink(page, 24);
  await pay.channel(24).check();
  await pay.confirm.click();
  await page.getByTestId('hosted-fail').click();
  await expect(pay.resultPanel).toBeVisible();
  await expect(page.getByTestId('result-detail')).toHaveText('أعد المحاولة أو جرّب بطاقة أخرى');
  // The words advise another card: a button offers it (issue 30). Another card is typed on mada's page, so the
  // button goes back to paying with mada, the method still chosen.
  await expect(page.getByTestId('result-primary')).toHaveText('استخدام بطاقة أخرى');
  await expect(page.getByTestId('result-secondary')).toHaveText('اختيار طريقة دفع أخرى');
  await page.getByTestId('result-primary').click();
  await expect(pay.resultPanel).toHaveCount(0);
  await expect(pay.channel(24)).toBeChecked();
  await pay.confirm.click();
  await expect(page.getByTestId('hosted-pay')).toBeVisible();
});

test('cancelling on the hosted page says nothing was charged and offers paying again', async ({ page }) => {
  const pay = await openPayStepByLink(page, 24);
  await pay.channel(24).check();
  await pay.confirm.click();
  await page.getByTestId('hosted-cancel').click();
  await expect(pay.resultPanel).toBeVisible();
  await expect(pay.resultPanel.getByRole('heading')).toHaveText('أُلغي الدفع');
  await expect(page.getByTestId('result-tip')).toHaveText('ألغيت الدفع في صفحة مزوّد الدفع، فلم يُخصم أي مبلغ');
  await expect(page.getByTestId('result-primary')).toHaveText('الدفع مرة أخرى');
  await expect(page.getByTestId('result-detail')).toHaveCount(0);
});

test('success names the recipient, the package and the amount, the order number on the row of its label, with a clear done', async ({
  page,
}) => {
  const pay = await openPayStepByLink(page, 23);
  await expect(page.getByTestId('pay-recipient-nickname')).toHaveText('ريم');
  await expect(page.getByTestId('pay-recipient-id')).toHaveText('10000001');
  await expect(pay.confirm).toHaveText('ادفع $4.99');
  await enterNewCard(pay, 23, '4242424242424242');
  await expect(pay.confirm).toHaveText('ادفع $4.99');
  await expect(page.getByTestId('pay-recipient-id')).toHaveText('10000001');
  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success');
  await expect(page.getByTestId('result-tip')).toHaveText('سيصل الماس إلى حساب ريم (10000001) خلال دقائق');
  // The account is its display id, drawn stronger than the nickname (a name, which could read like an id).
  const id = page.getByTestId('result-tip').locator('strong');
  await expect(id).toHaveText('10000001');
  expect(await id.evaluate((el) => Number(getComputedStyle(el).fontWeight))).toBeGreaterThanOrEqual(600);
  await expect(page.getByTestId('result-package')).toHaveText('350 ماسة');
  await expect(page.getByTestId('result-amount')).toHaveText('$4.99');
  const label = pay.resultPanel.getByText('رقم الطلب');
  await expect(label).toBeVisible();
  // Side by side like the other rows: the label and the id share a line.
  const [labelBox, idBox] = await Promise.all([
    label.boundingBox(),
    page.getByTestId('result-order').boundingBox(),
  ]);
  expect(labelBox).not.toBeNull();
  expect(idBox).not.toBeNull();
  if (labelBox !== null && idBox !== null) {
    expect(idBox.y).toBeLessThan(labelBox.y + labelBox.height);
    expect(labelBox.y).toBeLessThan(idBox.y + idBox.height);
  }
  await page.getByTestId('result-primary').click();
  await expect(pay.resultPanel).toHaveCount(0);
});

test('an expired new card (20054), signed out: the failure names the package, amount and recipient; "update and pay" takes the visitor to the expiry field', {
  tag: ['@spec:decline.20054', '@spec:code.20054'],
}, async ({ page }) => {
  const pay = new PayStepPage(page);
  await pay.open({ recharge_id: 'rc_499', pay_type: 23, to_uid: 1001 });
  await enterNewCard(pay, 23, '4724117215951699');
  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'expire');
  // SPEC §8: card expired (result expire); §4: expire says update and pay.
  await expect(page.getByTestId('result-tip')).toHaveText(
    'انتهت صلاحية البطاقة، ولم يُخصم أي مبلغ. حدّث تاريخ الانتهاء ثم ادفع',
  );
  await expect(page.getByTestId('result-package')).toHaveText('350 ماسة');
  await expect(page.getByTestId('result-amount')).toHaveText('$4.99');
  await expect(page.getByTestId('result-recipient')).toHaveText('ريم (10000001)');
  await expect(page.getByTestId('result-primary')).toHaveText('تحديث التاريخ والدفع');
  await page.getByTestId('result-primary').click();
  await expect(pay.resultPanel).toHaveCount(0);
  await expect(pay.expiry).toBeFocused();
});

test('a new card with too little balance (20051) ends in "balance": try another card or a smaller package', {
  tag: ['@spec:decline.20051', '@spec:code.20051', '@spec:outcome.balance'],
}, async ({ page }) => {
  const pay = await openPayStepByLink(page, 23);
  await enterNewCard(pay, 23, '4544249167673670');
  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'balance');
  await expect(page.getByTestId('result-tip')).toHaveText(
    'رصيد البطاقة غير كافٍ، ولم يُخصم أي مبلغ. جرّب بطاقة أخرى أو باقة أصغر',
  );
  await expect(page.getByTestId('result-primary')).toHaveText('استخدام بطاقة أخرى');
  await page.getByTestId('result-primary').click();
  await expect(pay.resultPanel).toHaveCount(0);
  // Reem has a remembered card: another card is chosen on the pay step's home (SPEC §4).
  await expect(pay.root).toHaveAttribute('data-step', 'home');
});

test('a new card declined with 200P1 says "try another card or another payment method" in the result panel', {
  tag: '@spec:decline.200P1',
}, async ({ page }) => {
  const pay = await openPayStepByLink(page, 23);
  await enterNewCard(pay, 23, '4000000000000259');
  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'other');
  await expect(page.getByTestId('result-detail')).toHaveText('جرّب بطاقة أخرى أو طريقة دفع أخرى');
  await expect(page.getByTestId('result-tip')).toHaveText('لم يُخصم أي مبلغ من حسابك');
  // The same card would be declined again: another card first, never "retry" with the declined number.
  await expect(page.getByTestId('result-primary')).toHaveText('استخدام بطاقة أخرى');
  await expect(page.getByTestId('result-secondary')).toHaveText('اختيار طريقة دفع أخرى');
  await page.getByTestId('result-primary').click();
  await expect(pay.resultPanel).toHaveCount(0);
  await expect(pay.root).toHaveAttribute('data-step', 'home');
});
