import { expectNoSecrets, openPayStepByLink, watchSecrets } from '../../flows/pay';
import { forceFault, journalOf } from '../../support/chaos';
import { expect, tapsTaken, test } from '../../support/test';

/** The saved cards of 10000001 (TESTDATA): listed, hidden, flagged and paid with by row. */

test('lists three: newest first, no duplicate, no forgotten card, no wallet token, mc5454 outside', {
  tag: '@spec:rule.savedCardsList',
}, async ({ page }) => {
  const pay = await openPayStepByLink(page, 23);
  await pay.openSavedCards.click();
  await expect(pay.savedCards).toHaveCount(3);
  const ids = await pay.savedCards.evaluateAll((cards) => cards.map((c) => c.getAttribute('data-source-id')));
  expect(ids).toEqual(['src_visa4242', 'src_mc4444', 'src_bank1699']);
  await expect(pay.savedCard('src_mc4444')).toHaveAttribute('data-status', 'expiredModifiable');
  await expect(pay.savedCard('src_bank1699')).toHaveAttribute('data-status', 'bankExpired');
});

test('src_visa4242: CVV, then paid', { tag: '@spec:pay.cvv' }, async ({ page }) => {
  const seen = watchSecrets(page);
  const pay = await openPayStepByLink(page, 23);
  await pay.savedCardOption.check();
  await pay.confirm.click();
  await expect(pay.root).toHaveAttribute('data-step', 'cardCvv');
  await pay.cvv.fill('123');
  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success');
  await expectNoSecrets(page, seen);
});

test('src_visa4242: a CVV of 2 or 4 digits is refused under the field, and no order is made', {
  tag: '@spec:rule.cvv',
}, async ({ page }) => {
  const pay = await openPayStepByLink(page, 23);
  await pay.savedCardOption.check();
  await pay.confirm.click();
  await expect(pay.root).toHaveAttribute('data-step', 'cardCvv');
  for (const cvv of ['12', '1234']) {
    await pay.cvv.fill(cvv);
    await pay.cvv.blur();
    // A Visa's code is 3 digits (SPEC §5: the message shows the required length).
    await expect(pay.cvvStep).toContainText(
      'رمز الأمان الذي أدخلته غير صحيح. أعد إدخاله، فهو يتكوّن عادةً من 3 أرقام',
    );
    await expect(pay.confirm).toBeDisabled();
    await pay.confirm.click({ force: true });
    await expect(pay.root).toHaveAttribute('data-step', 'cardCvv');
  }
  expect(await journalOf(page.request, 'createCoinPay')).toEqual([]);
  await pay.cvv.fill('123');
  await expect(pay.cvvStep).not.toContainText('رمز الأمان غير صحيح');
  await expect(pay.confirm).toBeEnabled();
});

test('src_mc4444: the expiry update is offered, its button enabled only for a valid date', {
  tag: '@spec:pay.expiredModify',
}, async ({ page }) => {
  const pay = await openPayStepByLink(page, 23);
  await pay.openSavedCards.click();
  await pay.savedCard('src_mc4444').getByRole('button').first().click();
  await expect(pay.expiryPopup).toBeVisible();
  const submit = pay.expiryPopup.getByTestId('expiry-submit');
  await expect(submit).toBeDisabled();
  await pay.expiryPopup.getByLabel('تاريخ الانتهاء الجديد').fill('0120');
  await expect(submit).toBeDisabled();
  await pay.expiryPopup.getByLabel('تاريخ الانتهاء الجديد').fill('1230');
  await expect(submit).toBeEnabled();
  await expect(pay.expiryPopup.getByTestId('use-another-card')).toBeVisible();
});

test('src_mc4444: an update refused 31073 says so in the popup, which stays usable, and the retry updates', {
  tag: '@spec:code.31073',
}, async ({ page }) => {
  const pay = await openPayStepByLink(page, 23);
  await pay.openSavedCards.click();
  await pay.savedCard('src_mc4444').getByRole('button').first().click();
  await expect(pay.expiryPopup).toBeVisible();
  await forceFault(page.request, 'updateCardSource', { result: 31073 });
  const field = pay.expiryPopup.getByLabel('تاريخ الانتهاء الجديد');
  const submit = pay.expiryPopup.getByTestId('expiry-submit');
  await field.fill('1230');
  await submit.click();
  await expect(pay.expiryPopup).toContainText('تعذّر تحديث بيانات البطاقة. أعد المحاولة');
  // Still open, its date kept and its button enabled: the visitor can try again from where they were.
  await expect(pay.expiryPopup).toBeVisible();
  await expect(field).toHaveValue('12/30');
  await expect(field).toBeEditable();
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(pay.expiryPopup).toHaveCount(0);
  await expect(pay.root).toHaveAttribute('data-step', 'cardCvv');
  const updates = await journalOf(page.request, 'updateCardSource');
  expect(updates.map((e) => e.result)).toEqual([31073, 0]);
});

test("a tap anywhere on a saved card's tile chooses it; its own delete stays its own button", async ({
  page,
}) => {
  const pay = await openPayStepByLink(page, 23);
  await pay.openSavedCards.click();
  const tile = pay.savedCard('src_mc4444');
  const box = await tile.boundingBox();
  if (box === null) throw new Error('no tile');
  // The tile's centre and its bottom corner, away from its text (a phone's tap there chose nothing).
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(pay.expiryPopup).toBeVisible();
  await page.goBack();
  await expect(pay.expiryPopup).toHaveCount(0);
  await expect(pay.root).toHaveAttribute('data-step', 'savedCards');
  await tapsTaken(page);
  await page.mouse.click(box.x + 8, box.y + box.height - 6);
  await expect(pay.expiryPopup).toBeVisible();
  await page.goBack();
  // Its delete button still asks to delete, and is no button within the card's.
  await tile.getByTestId('delete-card').click();
  await expect(page.getByTestId('delete-popup')).toBeVisible();
  await expect(pay.expiryPopup).toHaveCount(0);
  expect(await tile.locator('button button, a button, button a').count()).toBe(0);
});

test('src_bank1699: the bank reports it expired and the saved card is invalid', {
  tag: '@spec:pay.bankExpired',
}, async ({ page }) => {
  const pay = await openPayStepByLink(page, 23);
  await pay.openSavedCards.click();
  await pay.savedCard('src_bank1699').getByRole('button').first().click();
  await expect(page.getByText('أفاد البنك بأن هذه البطاقة لم تعد صالحة. استخدم بطاقة أخرى')).toBeVisible();
  await expect(pay.root).toHaveAttribute('data-step', 'savedCards');
});

test('the CVV field cannot be fetched offline: the step says so with a retry, and loads once back online', async ({
  page,
  context,
}) => {
  const pay = await openPayStepByLink(page, 23);
  await pay.openSavedCards.click();
  await context.setOffline(true);
  await pay.savedCard('src_visa4242').getByRole('button').first().click();
  await expect(pay.root).toHaveAttribute('data-step', 'cardCvv');
  const retry = pay.root.getByRole('button', { name: 'إعادة المحاولة' });
  await expect(retry).toBeVisible();
  await expect(pay.root.getByRole('alert').filter({ hasText: 'تعذّر تحميل نموذج البطاقة' })).toBeVisible();
  await expect(pay.cvv).toHaveCount(0);
  // Back online, the field loads by itself (the retry is for a connection that did not drop).
  await context.setOffline(false);
  await expect(retry).toHaveCount(0);
  await pay.cvv.fill('123');
  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success');
});

test('the CVV field cannot be fetched: its retry loads it', async ({ page }) => {
  let fail = true;
  await page.route(/\/assets\/MockCvvField-[^/?]*\.js(\?|$)/, (route) =>
    fail ? route.abort('connectionreset') : route.continue(),
  );
  const pay = await openPayStepByLink(page, 23);
  await pay.savedCardOption.check();
  await pay.confirm.click();
  const retry = pay.root.getByRole('button', { name: 'إعادة المحاولة' });
  await expect(retry).toBeVisible();
  fail = false;
  await retry.click();
  await expect(pay.cvv).toBeVisible();
  await expect(retry).toHaveCount(0);
});

test('src_visa4242 locked by its fifth wrong CVV: that answer says so in a panel that stays, and the card leaves the list', async ({
  page,
}) => {
  const pay = await openPayStepByLink(page, 23);
  await pay.savedCardOption.check();
  await pay.confirm.click();
  for (let wrong = 1; wrong <= 4; wrong += 1) {
    await expect(pay.root).toHaveAttribute('data-step', 'cardCvv');
    await pay.cvv.fill('000');
    await pay.confirm.click();
    await expect(pay.result).toHaveAttribute('data-outcome', 'verify');
    await page.getByTestId('result-primary').click(); // the CVV asked again
  }
  // The fifth wrong code is the one that locks the card: it is answered with the lock, not with one more
  // "enter it again" for a card that can no longer pay.
  await pay.cvv.fill('000');
  await pay.confirm.click();
  // 23005: no order, the card locked; said in the result panel, which waits for the visitor (not a toast).
  await expect(pay.resultPanel).toContainText('أوقفنا هذه البطاقة المحفوظة');
  await expect(pay.resultPanel).toContainText('لم يُخصم أي مبلغ');
  await page.waitForTimeout(4000); // longer than a toast lives
  await expect(pay.resultPanel).toBeVisible();
  await page.getByTestId('result-primary').click(); // another card
  await expect(pay.savedCard('src_visa4242')).toHaveCount(0);
  await expect(pay.cvvStep).toHaveCount(0);
});
