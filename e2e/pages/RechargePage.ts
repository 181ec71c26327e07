import { expect, type Page } from '@playwright/test';
import { Shell } from './Shell';

export class RechargePage extends Shell {
  constructor(page: Page) {
    super(page);
  }
  get targetCard() {
    return this.page.getByTestId('target-card');
  }
  get targetNickname() {
    return this.page.getByTestId('target-nickname');
  }
  get targetDisplayId() {
    return this.page.getByTestId('target-display-id');
  }
  get changeTarget() {
    return this.page.getByTestId('target-change');
  }
  get searchDialog() {
    return this.page.getByRole('dialog', { name: 'البحث عن حساب' });
  }
  /** The search field of the open dialog, else the inline one. */
  get searchInput() {
    return this.page.getByRole('textbox', { name: 'معرّف الحساب' }).last();
  }
  get searchConfirm() {
    return this.page.getByTestId('target-search-confirm').last();
  }
  get searchError() {
    return this.page.getByRole('alert').filter({ hasNotText: /^$/ }).last();
  }
  get earlierTargets() {
    return this.page.getByTestId('earlier-targets').last().getByRole('button');
  }
  get packages() {
    return this.page.getByTestId('package');
  }
  get packageAmounts() {
    return this.page.getByTestId('package-amount');
  }
  get methods() {
    return this.page.getByTestId('method');
  }
  /** The methods' names as the page writes them (their marks apart). */
  get methodNames() {
    return this.methods.getByTestId('method-name');
  }
  methodName(payType: number) {
    return this.page.locator(`[data-testid="method"][data-pay-type="${payType}"]`).getByTestId('method-name');
  }
  /** The radio of one payment method, by its pay type. */
  method(payType: number) {
    return this.page.locator(`[data-testid="method"][data-pay-type="${payType}"]`).getByRole('radio');
  }
  get payNow() {
    return this.page.getByTestId('pay-now');
  }
  get total() {
    return this.page.getByTestId('pay-total');
  }
  async open(search = '') {
    await this.goto(`/recharge-list${search}`);
    await expect(this.targetCard).toBeVisible();
  }
  async searchFor(displayId: string) {
    await this.searchInput.fill(displayId);
    await this.searchConfirm.click();
  }
}
