import { expect, type Page } from '@playwright/test';

/** What every page shares: the top bar, the main region, the toast. */
export class Shell {
  constructor(readonly page: Page) {}
  /** The app's main region. */
  get main() {
    return this.page.locator('main#main');
  }
  get heading() {
    return this.page.getByRole('heading', { level: 1 });
  }
  get signInLink() {
    return this.page.getByTestId('sign-in-link');
  }
  get signOutButton() {
    return this.page.getByTestId('sign-out');
  }
  get toast() {
    return this.page.getByTestId('toast');
  }
  /** The popup offering the account signed in inside the app (SPEC §2 Popups). */
  get appAccountPopup() {
    return this.page.getByTestId('app-account-popup');
  }
  get appAccountYes() {
    return this.appAccountPopup.getByRole('button', { name: 'نعم، سجّل الدخول' });
  }
  get appAccountNo() {
    return this.appAccountPopup.getByRole('button', { name: 'لا، شكرًا' });
  }
  get appAccountError() {
    return this.appAccountPopup.getByTestId('app-account-error');
  }
  get html() {
    return this.page.locator('html');
  }
  /** Opens a path and waits until the app has the page the build rendered (it is inert until then). */
  async goto(path: string) {
    await this.page.goto(path);
    await expect(this.page.locator('#root')).not.toHaveAttribute('inert');
    await expect(this.main).toBeVisible();
  }
}
