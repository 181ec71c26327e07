import type { Locator } from '@playwright/test';
import { CardEntryPage } from '../../pages/CardEntry';

/** /fines: locators by role, label and test id; actions return nothing. */
export class FinesPage extends CardEntryPage {
  get root(): Locator {
    return this.page.getByTestId('fines-page');
  }
  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }
  get summary(): Locator {
    return this.page.getByTestId('fine-summary');
  }
  get displayId(): Locator {
    return this.page.getByTestId('fine-display-id');
  }
  get nickname(): Locator {
    return this.page.getByTestId('fine-nickname');
  }
  get amount(): Locator {
    return this.page.getByTestId('fine-amount');
  }
  get lead(): Locator {
    return this.page.getByTestId('fine-lead');
  }

  /** Whether the fine's account is banned, in the fine's summary. */
  get banState(): Locator {
    return this.page.getByTestId('fine-account-state');
  }
  method(method: 'card' | 'hosted'): Locator {
    return this.page.locator(`[data-testid="fine-method"][data-method="${method}"]`).getByRole('radio');
  }
  get payButton(): Locator {
    return this.page.getByTestId('fine-pay');
  }
  get paid(): Locator {
    return this.page.getByTestId('fine-paid');
  }
  get unban(): Locator {
    return this.page.getByTestId('fine-unban');
  }
  get checkUnbanAgain(): Locator {
    return this.page.getByTestId('fine-check-unban');
  }
  get topUp(): Locator {
    return this.page.getByTestId('fine-top-up');
  }
  get alreadyPaid(): Locator {
    return this.page.getByTestId('fine-already-paid');
  }
  get amountChanged(): Locator {
    return this.page.getByTestId('fine-amount-changed');
  }
  get refresh(): Locator {
    return this.page.getByTestId('fine-refresh');
  }
  get notFound(): Locator {
    return this.page.getByTestId('fine-not-found');
  }
  get badLink(): Locator {
    return this.page.getByTestId('fine-bad-link');
  }
  get hostedPay(): Locator {
    return this.page.getByTestId('hosted-pay');
  }

  async open(search: string): Promise<void> {
    await this.page.goto(`/fines${search}`);
  }

  async enterCard(number: string): Promise<void> {
    await this.cardNumber.fill(number);
    await this.expiry.fill('12/30');
    await this.cvv.fill('123');
    await this.holder.fill('Reem Al-Harbi');
  }
}
