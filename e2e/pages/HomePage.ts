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
  get storeLinks() {
    return this.page.getByRole('list', { name: 'تنزيل التطبيق' }).getByRole('link');
  }
}
