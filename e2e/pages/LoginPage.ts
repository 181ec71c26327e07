import { expect, type Page } from '@playwright/test';
import { Shell } from './Shell';

export class LoginPage extends Shell {
  constructor(page: Page) {
    super(page);
  }
  get accountId() {
    return this.page.getByRole('textbox', { name: 'معرّف الحساب' });
  }
  get password() {
    return this.page.getByLabel('كلمة المرور');
  }
  get submit() {
    return this.page.getByRole('button', { name: 'تسجيل الدخول' });
  }
  get error() {
    return this.page.getByTestId('login-error');
  }
  get googleButton() {
    return this.page.locator('#google-login-btn');
  }
  get facebookButton() {
    return this.page.getByTestId('facebook-login');
  }
  get facebookUnavailable() {
    return this.page.getByTestId('facebook-unavailable');
  }
  get googleUnavailable() {
    return this.page.getByTestId('google-unavailable');
  }
  get switchPopup() {
    return this.page.getByTestId('switch-account-popup');
  }
  async open(search = '') {
    await this.goto(`/login${search}`);
    await expect(this.accountId).toBeVisible();
  }
}
