import type { Page } from '@playwright/test';
import { Shell } from './Shell';

export class HomePage extends Shell {
  constructor(page: Page) {
    super(page);
  }
  get tabs() {
    return this.page.getByRole('tab');
  }
  tab(name: string) {
    return this.page.getByRole('tab', { name });
  }
  get panel() {
    return this.page.getByRole('tabpanel');
  }
  get rechargeLink() {
    return this.page.getByTestId('home-cta');
  }
  get packagesAsk() {
    return this.page.getByTestId('home-packages-ask');
  }
  /** Whose prices the packages are: nickname and display ID. */
  get packagesFor() {
    return this.page.getByTestId('home-packages-for');
  }
  get packages() {
    return this.page.getByTestId('home-package');
  }
  get packagePrices() {
    return this.page.getByTestId('home-package-price');
  }
  get allPackages() {
    return this.page.getByTestId('home-all-packages');
  }
  get packagesFailed() {
    return this.page.getByTestId('home-packages-failed');
  }
  get retry() {
    return this.packagesFailed.getByRole('button');
  }
  get idInput() {
    return this.page.getByRole('textbox', { name: 'معرّف الحساب' });
  }
  get idConfirm() {
    return this.page.getByTestId('target-search-confirm');
  }
  get storeLinks() {
    return this.page.getByRole('list', { name: 'تنزيل التطبيق' }).getByRole('link');
  }
}
