import { FeedbackPage } from '../../pages/FeedbackPage';
import { expect, test } from '../../support/test';

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('feedback', () => {
  test('text is required; an accepted image is previewed, uploaded and the report sent', async ({
    page,
    axe,
  }) => {
    const feedback = new FeedbackPage(page);
    await feedback.open();
    await axe(page);
    await feedback.submit.click();
    await expect(feedback.formError).toContainText('اكتب وصفًا للمشكلة');
    await feedback.text.fill('دفعت ولم يصل الماس');
    await expect(page.getByText('18 / 500')).toBeVisible();
    await feedback.fileInput.setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: png });
    await expect(feedback.attachments).toHaveCount(1);
    await expect(feedback.attachments.getByRole('img')).toBeVisible();
    await axe(page);
    await feedback.submit.click();
    await expect(feedback.success).toBeVisible();
    await expect(page).toHaveURL(/\/feedback-success$/);
    await axe(page);
  });

  test('refused files say why and are not attached; an attachment can be removed', async ({ page }) => {
    const feedback = new FeedbackPage(page);
    await feedback.open();
    await feedback.fileInput.setInputFiles({
      name: 'virus.exe',
      mimeType: 'application/x-msdownload',
      buffer: Buffer.from('MZ'),
    });
    await expect(feedback.fileError).toContainText('virus.exe');
    await expect(feedback.attachments).toHaveCount(0);
    await feedback.fileInput.setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
    });
    await expect(feedback.fileError).toContainText('5');
    await feedback.fileInput.setInputFiles([
      { name: 'a.png', mimeType: 'image/png', buffer: png },
      { name: 'b.png', mimeType: 'image/png', buffer: png },
      { name: 'c.png', mimeType: 'image/png', buffer: png },
      { name: 'd.png', mimeType: 'image/png', buffer: png },
    ]);
    await expect(feedback.attachments).toHaveCount(3);
    await expect(feedback.fileError).toContainText('3');
    await expect(feedback.addFile).toBeDisabled();
    await page.getByRole('button', { name: 'إزالة a.png' }).click();
    await expect(feedback.attachments).toHaveCount(2);
    await expect(feedback.addFile).toBeEnabled();
  });
});
