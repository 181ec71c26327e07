import { walletTokens } from '@topup/contracts/testdata/wallet';
import { pt } from '../../../i18n/pay';
import type {
  WalletPaymentAuthorizedEvent,
  WalletPaymentRequest,
  WalletSession,
  WalletValidateMerchantEvent,
} from '../types';

/**
 * A wallet sheet with ApplePaySession's interface, for browsers without a real wallet against the mock
 * backend. It offers TESTDATA's outcomes; the chosen one is the payment token adyen_verify_pay honours.
 */

const OUTCOME_LABEL: Readonly<Record<string, string>> = {
  'wallet:success': 'ينجح فورًا',
  'wallet:pending-success': 'قيد المعالجة ثم ينجح',
  'wallet:pending-fail': 'قيد المعالجة ثم يُرفض',
  'wallet:insufficient': 'رصيد غير كافٍ',
  'wallet:risk': 'يُرفض لأسباب أمنية',
  'wallet:timeout': 'تنتهي المهلة',
};

export class MockWalletSession implements WalletSession {
  static readonly STATUS_SUCCESS = 0;
  static readonly STATUS_FAILURE = 1;
  static canMakePayments(): boolean {
    return true;
  }

  onvalidatemerchant: ((event: WalletValidateMerchantEvent) => void) | null = null;
  onpaymentauthorized: ((event: WalletPaymentAuthorizedEvent) => void) | null = null;
  oncancel: ((event: unknown) => void) | null = null;

  private sheet: HTMLElement | undefined;
  private returnFocus: Element | null = null;
  private state: 'new' | 'validating' | 'open' | 'authorising' | 'done' = 'new';

  constructor(
    readonly version: number,
    readonly request: WalletPaymentRequest,
  ) {}

  begin(): void {
    if (this.state !== 'new') throw new Error('session already began');
    this.state = 'validating';
    this.returnFocus = document.activeElement;
    queueMicrotask(() =>
      this.onvalidatemerchant?.({ validationURL: `${location.origin}/__provider/wallet/validate` }),
    );
  }

  completeMerchantValidation(merchantSession: unknown): void {
    if (this.state !== 'validating') return;
    if (merchantSession === null || typeof merchantSession !== 'object') {
      this.cancel();
      return;
    }
    this.state = 'open';
    this.render();
  }

  completePayment(_result: number | { status: number }): void {
    this.state = 'done';
    this.close();
  }

  abort(): void {
    this.state = 'done';
    this.close();
  }

  private pick(token: string): void {
    if (this.state !== 'open') return;
    this.state = 'authorising';
    this.processing();
    this.onpaymentauthorized?.({
      payment: { token: { paymentData: token, paymentMethod: { network: 'visa', type: 'debit' } } },
    });
  }

  /**
   * Authorised: like Apple's sheet, it shows only that the payment is being completed (no outcome to pick, no
   * cancel) until completePayment closes it.
   */
  private processing(): void {
    const sheet = this.sheet;
    if (sheet === undefined) return;
    const status = document.createElement('p');
    status.className = 'mock-wallet-sheet__processing';
    status.setAttribute('role', 'status');
    status.dataset.testid = 'mock-wallet-processing';
    status.textContent = pt('pay.mockSheetProcessing');
    sheet.querySelectorAll('button, [role="group"]').forEach((node) => {
      node.remove();
    });
    sheet.setAttribute('aria-busy', 'true');
    sheet.append(status);
    sheet.tabIndex = -1;
    sheet.focus();
  }

  private cancel(): void {
    // Once authorised the payment may go through: only completePayment ends the sheet, never a cancel.
    if (this.state === 'done' || this.state === 'authorising') return;
    this.state = 'done';
    this.close();
    this.oncancel?.({});
  }

  private close(): void {
    this.sheet?.remove();
    this.sheet = undefined;
    if (this.returnFocus instanceof HTMLElement) this.returnFocus.focus();
  }

  private render(): void {
    const sheet = document.createElement('div');
    sheet.className = 'mock-wallet-sheet';
    sheet.setAttribute('role', 'dialog');
    sheet.setAttribute('aria-modal', 'true');
    sheet.setAttribute('aria-labelledby', 'mock-wallet-title');
    sheet.dataset.testid = 'mock-wallet-sheet';
    const title = document.createElement('h2');
    title.id = 'mock-wallet-title';
    title.textContent = pt('pay.mockSheetTitle');
    const amount = document.createElement('p');
    const value = document.createElement('bdi');
    value.dir = 'ltr';
    value.textContent = `${this.request.total.amount} ${this.request.currencyCode}`;
    amount.append(`${pt('pay.mockSheetAmount')}: `, value);
    const group = document.createElement('div');
    group.setAttribute('role', 'group');
    group.setAttribute('aria-label', pt('pay.mockSheetOutcome'));
    for (const row of walletTokens) {
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.token = row.token;
      button.textContent = `${pt('pay.mockSheetPay')}: ${OUTCOME_LABEL[row.token] ?? row.token}`;
      button.addEventListener('click', () => this.pick(row.token));
      group.append(button);
    }
    const cancel = document.createElement('button');
    cancel.type = 'button';
    cancel.className = 'mock-wallet-sheet__cancel';
    cancel.textContent = pt('pay.mockSheetCancel');
    cancel.addEventListener('click', () => this.cancel());
    sheet.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') this.cancel();
    });
    sheet.append(title, amount, group, cancel);
    document.body.append(sheet);
    this.sheet = sheet;
    group.querySelector('button')?.focus();
  }
}
