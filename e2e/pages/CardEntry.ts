import type { Locator, Page } from '@playwright/test';

/** The card fields any payment screen shows (pay step, fines): number, expiry, CVV and holder name. */
export class CardEntryPage {
  constructor(readonly page: Page) {}

  get cardNumber(): Locator {
    return this.page.getByLabel('رقم البطاقة');
  }
  get expiry(): Locator {
    return this.page.getByTestId('card-fields').getByLabel('تاريخ الصلاحية');
  }
  get cvv(): Locator {
    return this.page.getByLabel('CVV');
  }
  get holder(): Locator {
    return this.page.getByLabel('اسم حامل البطاقة');
  }
}
