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
  /**
   * Opens a path and waits until the app has the page the build rendered: the built page is `data-starting` until then.
   * A popup the app opens at once (a link's account switch) makes the live page inert too (ui/Modal.tsx), so
   * an open modal also says the app has taken over.
   */
  async goto(path: string) {
    await this.page.goto(path);
    await this.page.waitForFunction(
      () =>
        document.getElementById('root')?.hasAttribute('data-starting') !== true ||
        document.querySelector('[aria-modal="true"]') !== null,
    );
    await expect(this.main).toBeVisible();
  }
}
