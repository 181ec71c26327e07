import { Message } from '@topup/contracts/messages';
import { OwnedStorageKeys } from '@topup/contracts/storage';
import { FeedbackPage } from '../../pages/FeedbackPage';
import { backOnline, goOffline } from '../../support/chaos';
import { recordToasts } from '../../support/notices';
import { expect, test } from '../../support/test';

/**
 * The problem report as a visitor on a phone writes it: offline, a send says the network failed once (in the
 * form, no toast besides); the text typed survives a reload (the tab's sessionStorage, never a file), and is
 * gone once the report is sent.
 */

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const TEXT = 'دفعت 4.99 ولم يصل الماس إلى الحساب 10000002';
const draftStored = (feedback: FeedbackPage) =>
  feedback.page.evaluate((key) => sessionStorage.getItem(key), OwnedStorageKeys.feedbackDraft);

for (const withFile of [false, true])
  test(`offline, a send ${withFile ? 'with a picture ' : ''}says the network failed once, in the form; back online it goes`, async ({
    page,
  }) => {
    const toasts = await recordToasts(page);
    const feedback = new FeedbackPage(page);
    await feedback.open();
    await feedback.text.fill(TEXT);
    if (withFile) {
      await feedback.fileInput.setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: png });
      await expect(feedback.attachments).toHaveCount(1);
    }
    await goOffline(page);
    await feedback.submit.click();
    await expect(feedback.formError).toContainText(Message.network);
    // What was kept, and the network's message, which says to try again: said once, not twice.
    await expect(feedback.formError).toContainText(
      `احتفظنا بنصك ومرفقاتك، لكن تعذّر إرسال البلاغ: ${Message.network}`,
    );
    expect((await feedback.formError.innerText()).match(/أعد المحاولة/g)).toHaveLength(1);
    expect(await toasts()).not.toContain(Message.network);
    await expect(page.getByText(Message.network)).toHaveCount(1);
    await backOnline(page);
    await feedback.submit.click();
    await expect(feedback.success).toBeVisible();
  });

test('the text typed survives a reload, the attachment does not, and a sent report leaves no draft', async ({
  page,
}) => {
  const feedback = new FeedbackPage(page);
  await feedback.open();
  await feedback.text.fill(TEXT);
  await feedback.fileInput.setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: png });
  await expect(feedback.attachments).toHaveCount(1);
  await page.reload();
  await expect(feedback.text).toHaveValue(TEXT);
  // A file is never kept: it is picked again.
  await expect(feedback.attachments).toHaveCount(0);
  await expect.poll(() => draftStored(feedback)).toBe(JSON.stringify(TEXT));
  await feedback.submit.click();
  await expect(feedback.success).toBeVisible();
  expect(await draftStored(feedback)).toBeNull();
  await feedback.open();
  await expect(feedback.text).toHaveValue('');
});

test('text cleared by the visitor is not brought back by a reload', async ({ page }) => {
  const feedback = new FeedbackPage(page);
  await feedback.open();
  await feedback.text.fill(TEXT);
  await feedback.text.fill('');
  await page.reload();
  await expect(feedback.text).toHaveValue('');
  expect(await draftStored(feedback)).toBeNull();
});

test('a card number pasted into the report is never kept nor sent: the form asks to remove it, the rest stays', async ({
  page,
}) => {
  const feedback = new FeedbackPage(page);
  const sent: string[] = [];
  page.on('request', (request) => sent.push(request.url(), request.postData() ?? ''));
  await feedback.open();
  const REPORT = 'تم خصم المبلغ مرتين من بطاقتي';
  const CARD = '4544249167673670 741';
  await feedback.text.fill(`${REPORT} ${CARD} انتهاء 12/30`);
  const refusal = 'يبدو أن الوصف يحتوي على رقم بطاقة. احذفه ثم أرسل';
  await expect(page.getByTestId('feedback-card-number')).toContainText(refusal);
  await expect(feedback.text).toHaveAttribute('aria-invalid', 'true');
  // The tab keeps the text without the number, nor its expiry typed beside it, so a reload loses neither the
  // report nor keeps the card.
  await expect.poll(() => draftStored(feedback)).toBe(JSON.stringify(`${REPORT}  انتهاء `));
  await feedback.submit.click();
  await expect(feedback.formError).toContainText(refusal);
  await expect(page.getByText(refusal)).toHaveCount(1);
  await expect(feedback.success).toHaveCount(0);
  await expect(feedback.text).toHaveValue(`${REPORT} ${CARD} انتهاء 12/30`);
  // Removed, the report goes.
  await feedback.text.fill(`${REPORT} انتهاء 12/30`);
  await expect(page.getByText(refusal)).toHaveCount(0);
  await feedback.submit.click();
  await expect(feedback.success).toBeVisible();
  const everything = `${sent.join('\n')}\n${await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }))}`;
  expect(everything).not.toContain('4544249167673670');
  expect(everything).not.toContain('4544%20');
});

test('a report over 500 characters is said too long under the field, then once by the form; shortened, it goes', async ({
  page,
}) => {
  const feedback = new FeedbackPage(page);
  await feedback.open();
  const tooLong = 'الوصف أطول من الحد المسموح (500 حرف)';
  await feedback.text.fill(`${TEXT} ${'م'.repeat(500)}`);
  await expect(page.getByTestId('feedback-too-long')).toContainText(tooLong);
  await feedback.submit.click();
  await expect(feedback.formError).toContainText(tooLong);
  await expect(page.getByText(tooLong)).toHaveCount(1);
  await expect(feedback.success).toHaveCount(0);
  // Still too long after an edit: the field says it again, the form no more.
  await feedback.text.press('End');
  await feedback.text.press('Backspace');
  await expect(page.getByText(tooLong)).toHaveCount(1);
  await expect(page.getByTestId('feedback-too-long')).toContainText(tooLong);
  await feedback.text.fill(TEXT);
  await expect(page.getByText(tooLong)).toHaveCount(0);
  await feedback.submit.click();
  await expect(feedback.success).toBeVisible();
});

test('a card number typed as the contact is refused on that field, never kept nor sent; a phone then goes', async ({
  page,
}) => {
  const feedback = new FeedbackPage(page);
  const sent: string[] = [];
  page.on('request', (request) => sent.push(request.url(), request.postData() ?? ''));
  await feedback.open();
  await feedback.text.fill(TEXT);
  const contact = page.getByTestId('feedback-contact');
  const fieldError = page.getByTestId('feedback-contact-error');
  // A 15-digit Amex: as many digits as a phone may have, so only its card shape tells it apart.
  await contact.fill('3782 822463 10005');
  const refusal = 'يبدو أن وسيلة التواصل رقم بطاقة';
  await expect(fieldError).toContainText(refusal);
  await expect(contact).toHaveAttribute('aria-invalid', 'true');
  await feedback.submit.click();
  await expect(feedback.formError).toContainText(refusal);
  // Said once: by the form's message, the field's own gone meanwhile.
  await expect(page.getByText(refusal)).toHaveCount(1);
  await expect(feedback.success).toHaveCount(0);
  await expect(contact).toHaveValue('3782 822463 10005');
  // Nothing of it in the tab, a reload included.
  await page.reload();
  await expect(feedback.text).toHaveValue(TEXT);
  await expect(contact).toHaveValue('');
  // A 15-digit international phone (not card-shaped: it fails Luhn) is a contact.
  await contact.fill('+491701234567890');
  await contact.blur();
  await expect(fieldError).toHaveText('');
  await feedback.submit.click();
  await expect(feedback.success).toBeVisible();
  const everything = `${sent.join('\n')}\n${await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }))}`;
  expect(everything).not.toMatch(/378282246310005|3782(\s|%20|\+)822463/);
  expect(sent.some((entry) => decodeURIComponent(entry).includes('+491701234567890'))).toBe(true);
});
