import { Message } from '@topup/contracts/messages';
import { enterNewCard, fromTheList, openPayStep, openPayStepByLink } from '../../flows/pay';
import { signInByAccount } from '../../flows/signIn';
import { FeedbackPage } from '../../pages/FeedbackPage';
import { PayStepPage } from '../../pages/payStep';
import { RechargePage } from '../../pages/RechargePage';
import { Shell } from '../../pages/Shell';
import { expect, test } from '../../support/test';

/** The visitor's path (issue 15): what the pay step chooses for them, shows them and offers them next. */

const signIn = async (page: import('@playwright/test').Page) => {
  await page.goto('/recharge-list?session_key=sk-10000001');
  await expect(new Shell(page).signOutButton).toBeVisible();
};

test('signed in, an expired new card: "update and pay" returns to its expiry field, not a saved card’s popup', async ({
  page,
}) => {
  const pay = await openPayStepByLink(page, 23);
  // A saved card is listed on this account (not chosen on a link's step: linkEntry.spec.ts): the new card is
  // entered instead.
  await expect(page.getByTestId('saved-card-option')).toContainText('4242');
  await expect(pay.savedCardOption).not.toBeChecked();
  await enterNewCard(pay, 23, '4724117215951699');
  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'expire');
  await page.getByTestId('result-primary').click();
  await expect(pay.resultPanel).toHaveCount(0);
  await expect(pay.expiryPopup).toHaveCount(0);
  await expect(pay.root).toHaveAttribute('data-step', 'cardFrame');
  await expect(pay.expiry).toBeFocused();
  await expect(pay.cardNumber).toHaveValue(/1699/);
});

test('the save-card choice: not offered signed out; unticked after a link signed the visitor in; signed in by the visitor, ticked until they say no, then kept no', async ({
  page,
}) => {
  const remember = page.getByRole('checkbox', { name: 'حفظ البطاقة للدفع لاحقًا' });
  const pay = new PayStepPage(page);
  const newCardForm = async () => {
    await pay.open({ recharge_id: 'rc_499', pay_type: 23, to_uid: 1001 });
    await pay.channel(23).check();
    await pay.confirm.click();
  };
  await newCardForm();
  // Signed out, the server keeps no card: a box that saves nothing is not shown.
  await expect(pay.cardNumber).toBeVisible();
  await expect(remember).toHaveCount(0);

  // A `session_key` link signed a signed-out visitor in: a stranger's link must not collect their card.
  await openPayStep(page, 23);
  await pay.channel(23).check();
  await pay.confirm.click();
  await expect(remember).not.toBeChecked();

  expect(await page.evaluate(() => Boolean(history.state?.backGuard))).toBe(true);
  await new Shell(page).signOutButton.click();
  // Signed out, the step's form goes and its Back guard takes its history entry off (a history.back()): a
  // navigation started before that back arrives would be cancelled by it (net::ERR_ABORTED, seen once in CI).
  await expect(page.getByTestId('sign-in-link')).toBeVisible();
  await expect.poll(() => page.evaluate(() => Boolean(history.state?.backGuard))).toBe(false);
  await signInByAccount(page);
  await newCardForm();
  await expect(remember).toBeChecked();
  await remember.uncheck();
  await newCardForm();
  await expect(remember).not.toBeChecked();
});

test('paid with the last-used saved card (chosen for the visitor): no "save this card"; the order number on one line, copied by its button', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // From the list, where the visitor chose the package and a card method: their last-used card is chosen.
  const { pay } = await fromTheList(page);
  await expect(pay.savedCardOption).toBeChecked();
  await expect(page.getByTestId('saved-card-option')).toContainText('Visa •••• 4242');
  await pay.confirm.click();
  await pay.cvv.fill('123');
  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success');
  await expect(pay.resultPanel.getByRole('checkbox')).toHaveCount(0);

  const order = page.getByTestId('result-order');
  const id = (await order.textContent()) ?? '';
  expect(id).toMatch(/^PO[0-9a-f]{32}$/);
  await expect(order).toHaveAttribute('dir', 'ltr');
  // One line: no taller than its own line height.
  const lines = await order.evaluate(
    (el) => el.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(el).lineHeight),
  );
  expect(lines).toBeLessThan(1.5);
  const copy = pay.resultPanel.getByRole('button', { name: 'نسخ رقم الطلب' });
  const box = await copy.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  await copy.click();
  await expect(page.getByTestId('copy-order-status')).toHaveText('تم نسخ رقم الطلب');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(id);
});

test('the back chevron points right, the way back goes in right-to-left Arabic', async ({ page }) => {
  const pay = await openPayStepByLink(page, 23);
  expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  const direction = await pay.back.locator('svg path').evaluate((path) => {
    const shape = path as SVGPathElement;
    const start = shape.getPointAtLength(0);
    const tip = shape.getPointAtLength(shape.getTotalLength() / 2);
    return tip.x - start.x;
  });
  expect(direction).toBeGreaterThan(0);
  const transform = await pay.back.locator('svg').evaluate((svg) => getComputedStyle(svg).transform);
  expect(transform).toBe('none');
});

test('a /pay-step link for another account: its recipient looked up, a banned or unknown one refused', async ({
  page,
}) => {
  await signIn(page);
  const pay = new PayStepPage(page);
  await pay.open({ recharge_id: 'rc_499', pay_type: 23, to_uid: 1002 });
  await expect(page.getByTestId('pay-recipient-nickname')).toHaveText('Omar ⭐');
  await expect(page.getByTestId('pay-recipient-id')).toHaveText('10000002');
  // "(معرّف الحساب 10000002)" kept together: its group is one line, whatever the line it lands on.
  const idLines = await page.getByTestId('pay-recipient-id').evaluate((el) => {
    const group = el.parentElement as HTMLElement;
    return group.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(group).lineHeight);
  });
  expect(idLines).toBeLessThan(1.5);

  await pay.open({ recharge_id: 'rc_499', pay_type: 23, to_uid: 1003 });
  const refused = page.getByTestId('pay-recipient-refused');
  await expect(refused).toContainText(Message.banned);
  // Nothing can be paid for it: no pay button (a disabled one would be a dead end).
  await expect(pay.confirm).toHaveCount(0);
  await expect(page.getByTestId('pay-recipient')).toHaveCount(0);

  await pay.open({ recharge_id: 'rc_499', pay_type: 23, to_uid: 9999 });
  await expect(refused).toContainText('لم نجد هذا الحساب');
  await expect(pay.confirm).toHaveCount(0);
  await refused.getByRole('link', { name: 'العودة إلى قائمة الشحن' }).click();
  await expect(page).toHaveURL(/\/recharge-list/);
});

// The account check's code is its own chunk (web/src/payments/targetCheck.ts), fetched beside the pay step's uid
// lookup.
test('a /pay-step link for another account whose check code cannot be fetched: the lookup says so, its retry finds the recipient', async ({
  page,
}) => {
  await signIn(page);
  let fail = true;
  await page.route(/\/assets\/targetCheck-[^/?]*\.js(\?|$)/, async (route) => {
    if (fail) await route.abort('connectionreset');
    else await route.continue();
  });
  const pay = new PayStepPage(page);
  await pay.open({ recharge_id: 'rc_499', pay_type: 23, to_uid: 1002 });
  const failed = page.getByTestId('pay-recipient-failed');
  await expect(failed).toBeVisible();
  await expect(page.getByTestId('pay-recipient-nickname')).toHaveCount(0);
  fail = false;
  await failed.getByRole('button').click();
  await expect(page.getByTestId('pay-recipient-nickname')).toHaveText('Omar ⭐');
  await expect(failed).toHaveCount(0);
});

test('Chrome (the Android phone, the desktop) has no ApplePaySession: Apple Pay is offered on neither screen', async ({
  page,
}) => {
  const recharge = new RechargePage(page);
  await signIn(page);
  await expect(recharge.methods.first()).toBeVisible();
  await expect(recharge.method(26)).toHaveCount(0);
  const pay = new PayStepPage(page);
  await pay.open({ recharge_id: 'rc_499', pay_type: 26, to_uid: 1001 });
  await expect(pay.channels.first()).toBeVisible();
  await expect(pay.channel(26)).toHaveCount(0);
});

test('feedback: removing a file is a 44 px target', async ({ page }) => {
  const feedback = new FeedbackPage(page);
  await feedback.open();
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  await feedback.fileInput.setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: png });
  const remove = feedback.attachments.getByRole('button');
  const box = await remove.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  await remove.click();
  await expect(feedback.attachments).toHaveCount(0);
});

test('feedback signed out asks how to reach the visitor: a bad contact is explained, a good one sent', async ({
  page,
}) => {
  const feedback = new FeedbackPage(page);
  await feedback.open();
  const contact = page.getByRole('textbox', { name: 'رقم الجوال أو البريد الإلكتروني (اختياري)' });
  await feedback.text.fill('دفعت ولم يصل الماس');
  await contact.fill('12345');
  await contact.blur();
  await expect(page.getByTestId('feedback-contact-error')).toContainText('أدخل رقم جوال صحيحًا');
  await feedback.submit.click();
  await expect(feedback.formError).toContainText('أدخل رقم جوال صحيحًا');
  await contact.fill('٠٥٠١٢٣٤٥٦٧');
  await expect(page.getByTestId('feedback-contact-error')).toBeEmpty();
  await feedback.submit.click();
  await expect(feedback.success).toBeVisible();
  await expect(page.getByTestId('feedback-success-body')).toContainText('ويتواصل معك');

  await signIn(page);
  await feedback.open();
  await expect(contact).toHaveCount(0);
});
