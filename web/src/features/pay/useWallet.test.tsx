import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { LIMITS } from '@topup/contracts/limits';
import type { CallName } from '@topup/contracts/registry/index';
import { Provider } from 'jotai';
import { createStore } from 'jotai/vanilla';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { payAr } from '../../i18n/pay';
import type { WalletSession } from '../../payments/providers/types';
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
class FakeSession implements WalletSession {
  static STATUS_SUCCESS = 0;
  static STATUS_FAILURE = 1;
  static canMakePayments() {
    return true;
  }
  onvalidatemerchant: WalletSession['onvalidatemerchant'] = null;
  onpaymentauthorized: WalletSession['onpaymentauthorized'] = null;
  oncancel: WalletSession['oncancel'] = null;
  constructor() {
    sheet = this;
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

function Wallet() {
  const wallet = useWallet(intent, 4.99, [26]);
  return (
    <>
      <button type="button" disabled={!wallet.available} onClick={() => wallet.pay(26)}>
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
  for (const name of Object.keys(answers)) delete answers[name as CallName];
  Object.assign(answers, {
    checkDomainPayable: [ok({ is_payable: true, domain: 'localhost', pay_type: 26 })],
    createCoinPay: [ok({ order_id: 'ord-1', url: '', platform_data: {} })],
    adyenApplePaySessionData: [ok({ session_json_string: sessionData })],
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function openSheet() {
  render(
    <Provider store={createStore()}>
      <Wallet />
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
