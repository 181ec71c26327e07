import { expect, type Page } from '@playwright/test';
import { Shell } from './Shell';

export class FeedbackPage extends Shell {
  constructor(page: Page) {
    super(page);
  }
  get text() {
    return this.page.getByRole('textbox', { name: 'وصف المشكلة' });
  }
  get fileInput() {
    return this.page.getByTestId('feedback-file-input');
  }
  get addFile() {
    return this.page.getByTestId('feedback-add-file');
  }
  get attachments() {
    return this.page.getByTestId('attachment');
  }
  get fileError() {
    return this.page.getByTestId('feedback-file-error');
  }
  get formError() {
    return this.page.getByTestId('feedback-error');
  }
  get submit() {
    return this.page.getByTestId('feedback-submit');
  }
  get success() {
    return this.page.getByTestId('feedback-success');
  }
  async open() {
    await this.goto('/feedback');
    await expect(this.text).toBeVisible();
  }
}
