import type { Locator } from '@playwright/test';
import { CardEntryPage } from './CardEntry';

/** /pay-step: locators by role, label and test id; actions return nothing. */
export class PayStepPage extends CardEntryPage {
  get root(): Locator {
    return this.page.getByTestId('pay-step');
  }
  get confirm(): Locator {
    return this.page.getByTestId('pay-confirm');
  }
  get back(): Locator {
    return this.page.getByTestId('pay-back');
  }
  channel(payType: number): Locator {
    return this.page.locator(`[data-testid="pay-channel"][data-pay-type="${payType}"]`).getByRole('radio');
  }
  get savedCardOption(): Locator {
    return this.page.getByTestId('saved-card-option').getByRole('radio');
  }
  get openSavedCards(): Locator {
    return this.page.getByTestId('open-saved-cards');
  }
  savedCard(sourceId: string): Locator {
    return this.page.locator(`[data-testid="saved-card"][data-source-id="${sourceId}"]`);
  }
  get savedCards(): Locator {
    return this.page.getByTestId('saved-card');
  }
  deleteCard(sourceId: string): Locator {
    return this.savedCard(sourceId).getByTestId('delete-card');
  }
  get deletePopup(): Locator {
    return this.page.getByTestId('delete-popup');
  }
  get confirmDelete(): Locator {
    return this.deletePopup.getByRole('button', { name: 'حذف', exact: true });
  }
  get cancelDelete(): Locator {
    return this.deletePopup.getByRole('button', { name: 'إلغاء', exact: true });
  }
  get newCard(): Locator {
    return this.page.getByTestId('new-card');
  }
  get channels(): Locator {
    return this.page.getByTestId('pay-channel');
  }
  get cvvStep(): Locator {
    return this.page.getByTestId('cvv-step');
  }
  get cardMessages(): Locator {
    return this.page.getByTestId('card-messages');
  }
  get result(): Locator {
    return this.page.getByTestId('pay-result');
  }
  get resultPanel(): Locator {
    return this.page.getByTestId('result-panel');
  }
  get leavePopup(): Locator {
    return this.page.getByTestId('leave-popup');
  }
  get expiryPopup(): Locator {
    return this.page.getByTestId('expiry-popup');
  }
  get challengeFrame() {
    return this.page.frameLocator('iframe.challenge-frame');
  }
  get walletSheet(): Locator {
    return this.page.getByTestId('mock-wallet-sheet');
  }
  get toast(): Locator {
    return this.page.getByRole('status').or(this.page.locator('.toast'));
  }

  async open(
    query: { recharge_id: string; pay_type: number; to_uid: number },
    origin = '',
    sessionKey?: string,
  ): Promise<void> {
    const search = new URLSearchParams({
      recharge_id: query.recharge_id,
      pay_type: String(query.pay_type),
      to_uid: String(query.to_uid),
      ...(sessionKey === undefined ? {} : { session_key: sessionKey }),
    });
    await this.page.goto(`${origin}/pay-step?${search}`);
  }
}
