import type { Page } from '@playwright/test';

/** What every page shares: the top bar, the main region, the toast. */
export class Shell {
  constructor(readonly page: Page) {}
  get main() {
    return this.page.getByRole('main');
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
  get html() {
    return this.page.locator('html');
  }
  async goto(path: string) {
    await this.page.goto(path);
  }
}
