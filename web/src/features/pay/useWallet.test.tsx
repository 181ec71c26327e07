import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { LIMITS } from '@topup/contracts/limits';
import type { CallName } from '@topup/contracts/registry/index';
import { Provider } from 'jotai';
import { createStore } from 'jotai/vanilla';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { payAr } from '../../i18n/pay';
import type { WalletPaymentRequest, WalletSession } from '../../payments/providers/types';
import { merchantSession } from '../../test/merchantSession';
import { ResultPanel } from './ResultPanel';
import { useWallet } from './useWallet';

/**
 * SPEC §4: the wallet's default failure reason is said after 1.2 s, whether the sheet failed before the
 * visitor authorised the payment or the payment was declined after it (`wallet:pending-fail`: pending, then
 * failed, the reason lookup giving `default`). Rendered with the result panel, on fake timers.
 */

const answers: Partial<Record<CallName, unknown[]>> = {};
const calls: { name: CallName; at: number }[] = [];

vi.mock('../../api/instance', () => ({
  api: {
    call: (name: CallName) => {
      calls.push({ name, at: Date.now() });
      const queue = answers[name];
      const next = queue && queue.length > 1 ? queue.shift() : queue?.[0];
      return Promise.resolve(next ?? { ok: false, result: 10005, message: 'no answer set' });
    },
  },
}));

let sheet: WalletSession | undefined;
/** What the page asked the sheet to show (ApplePaySession's version and payment request). */
let opened: { version: number; request: WalletPaymentRequest } | undefined;
class FakeSession implements WalletSession {
  static STATUS_SUCCESS = 0;
  static STATUS_FAILURE = 1;
  static canMakePayments() {
    return true;
  }
  onvalidatemerchant: WalletSession['onvalidatemerchant'] = null;
  onpaymentauthorized: WalletSession['onpaymentauthorized'] = null;
  oncancel: WalletSession['oncancel'] = null;
  constructor(version: number, request: WalletPaymentRequest) {
    sheet = this;
    opened = { version, request };
  }
  begin() {
    this.onvalidatemerchant?.({ validationURL: 'https://apple.example/validate' });
  }
  abort() {}
  completeMerchantValidation() {}
  completePayment() {}
}

vi.mock('../../payments/providers/adapters', () => ({
  loadWalletSession: async () => FakeSession,
  walletAvailable: () => true,
}));

const sessionData = btoa(JSON.stringify(merchantSession));
const ok = (data: unknown) => ({ ok: true, data });
const intent = { recharge_id: 'rc_499', pay_type: 26, to_uid: 1001 };

function Wallet({ payType = 26 }: { readonly payType?: 25 | 26 }) {
  const wallet = useWallet({ ...intent, pay_type: payType }, 4.99, [payType]);
  return (
    <>
      <button type="button" disabled={!wallet.available} onClick={() => wallet.pay(payType)}>
        pay
      </button>
      <ResultPanel
        onAction={() => {}}
        onRemember={undefined}
        remembered={false}
        rememberOffer="none"
        recipient={undefined}
        pack={undefined}
        amount={undefined}
      />
    </>
  );
}

const panel = () => screen.queryByTestId('result-panel');
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
  calls.length = 0;
  sheet = undefined;
  opened = undefined;
  for (const name of Object.keys(answers)) delete answers[name as CallName];
  Object.assign(answers, {
    checkDomainPayable: [ok({ is_payable: true, domain: 'localhost', pay_type: 26 })],
    createCoinPay: [ok({ order_id: 'ord-1', url: '', platform_data: {} })],
    adyenApplePaySessionData: [ok({ session_json_string: sessionData })],
  });
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.useRealTimers();
});

async function openSheet(payType: 25 | 26 = 26) {
  render(
    <Provider store={createStore()}>
      <Wallet payType={payType} />
    </Provider>,
  );
  await advance(0);
  const pay = screen.getByRole<HTMLButtonElement>('button', { name: 'pay' });
  expect(pay.disabled).toBe(false);
  fireEvent.click(pay);
  await advance(0);
}

describe('the wallet’s default failure reason is said after 1.2 s (SPEC §4)', () => {
  it('@spec:wallet.default wallet:pending-fail: declined after authorising; the panel 1200 ms after the reason lookup', async () => {
    Object.assign(answers, {
      adyenVerifyPay: [ok({ code: -1, fail_detail: 'pending' })],
      payResultByOrderFast: [
        ok({ result: -1, source_id: '' }),
        ok({ result: -1, source_id: '' }),
        ok({ result: -1, source_id: '' }),
        ok({ result: 1, source_id: '' }),
      ],
      getPayError: [ok({ err_code: '', err_summary: '', fail_reason: '', fail_detail: 'default' })],
    });
    await openSheet();
    act(() => sheet?.onpaymentauthorized?.({ payment: { token: { paymentData: 'wallet:pending-fail' } } }));
    await advance(LIMITS.resultPollMs * 3);
    const lookup = calls.find((c) => c.name === 'getPayError');
    expect(lookup).toBeDefined();
    await advance((lookup?.at ?? 0) + 1199 - Date.now());
    expect(panel()).toBeNull();
    await advance(1);
    expect(panel()?.textContent).toContain(payAr['pay.walletDeclined']);
  });

  it('the sheet fails before authorising (the session refused): the panel 1200 ms after the refusal', async () => {
    answers.adyenApplePaySessionData = [{ ok: false, result: 20001, message: 'refused' }];
    await openSheet();
    const refusal = calls.find((c) => c.name === 'adyenApplePaySessionData');
    expect(refusal).toBeDefined();
    await advance((refusal?.at ?? 0) + 1199 - Date.now());
    expect(panel()).toBeNull();
    await advance(1);
    expect(panel()?.textContent).toContain(payAr['pay.walletDefault']);
  });
});

describe('the wallet sheet (SPEC §9) and a paid wallet (SPEC §4 success)', () => {
  it('@spec:limit.walletSheet the sheet asks for the package’s amount in USD: 4.99, not rounded', async () => {
    await openSheet();
    expect(opened?.version).toBe(1);
    expect(opened?.request.currencyCode).toBe('USD');
    expect(opened?.request.total.amount).toBe('4.99');
  });

  it.each([26, 25] as const)(
    '@spec:pay.remember a paid wallet (%i) is the last pay type, kept in the browser; no card is',
    async (payType) => {
      answers.adyenVerifyPay = [ok({ code: 0, fail_detail: '' })];
      await openSheet(payType);
      act(() => sheet?.onpaymentauthorized?.({ payment: { token: { paymentData: 'wallet:success' } } }));
      await advance(0);
      expect(panel()?.textContent).toContain('تم الدفع بنجاح');
      expect(localStorage.getItem('topup.last_pay_type')).toBe(String(payType));
      expect(localStorage.getItem('topup.last_pay_card')).toBeNull();
    },
  );
});
