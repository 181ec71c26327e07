import type { Locator, Page } from '@playwright/test';

/** The card fields any payment screen shows (pay step, fines): number, expiry, CVV and holder name. */
export class CardEntryPage {
  constructor(readonly page: Page) {}

  /** The provider's card fields; data-provider names the provider (13 or 17). */
  get cardFields(): Locator {
    return this.page.getByTestId('card-fields');
  }
  get cardNumber(): Locator {
    return this.page.getByLabel('رقم البطاقة');
  }
  get expiry(): Locator {
    return this.page.getByTestId('card-fields').getByLabel('تاريخ الانتهاء');
  }
  get cvv(): Locator {
    return this.page.getByLabel('CVV');
  }
  /** The message the mock card fields place directly under one field. */
  cardMessage(field: 'number' | 'expiry' | 'cvv'): Locator {
    return this.page.getByTestId(`card-message-${field}`);
  }
  get holder(): Locator {
    return this.page.getByLabel('اسم حامل البطاقة');
  }
}
