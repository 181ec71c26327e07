import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Message } from '@topup/contracts/messages';
import { Provider } from 'jotai';
import { createStore } from 'jotai/vanilla';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { syncServerClock } from '../../../platform/serverClock';
import type { Submitted, TokenisedCard } from '../types';
import { MockCardFields } from './MockCardFields';
import type { SimResult, Simulators } from './simulatorClient';

/**
 * The mock card form in front of a server whose clock is 16 months ahead of the device's (TESTDATA: a mock
 * started with `--now`): the form judges the typed expiry as the provider will, by the server's time.
 */
const DEVICE = Date.parse('2026-11-27T00:00:00Z');
const SERVER = Date.parse('2028-03-15T09:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(DEVICE);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const refused = (code: string): SimResult<never> => ({ ok: false, code });

function fakeSims(answer: SimResult<never>): Simulators {
  return {
    checkoutToken: vi.fn(async () => answer),
    adyenEncrypt: vi.fn(async () => answer),
  } as unknown as Simulators;
}

async function renderForm(provider: 13 | 17, sims: Simulators, ts: unknown = SERVER) {
  const store = createStore();
  await syncServerClock(store, () => Promise.resolve({ ok: true as const, data: { ts } }));
  const validity = vi.fn();
  let submit: (() => Promise<Submitted<TokenisedCard>>) | undefined;
  render(
    <Provider store={store}>
      <MockCardFields
        provider={provider}
        holderName="Reem A"
        onValidity={validity}
        bindSubmit={(next) => {
          submit = next;
        }}
        sims={sims}
      />
    </Provider>,
  );
  const type = (label: string | RegExp, value: string) => {
    const field = screen.getByLabelText(label);
    fireEvent.change(field, { target: { value } });
    fireEvent.blur(field);
  };
  type('رقم البطاقة', '4242424242424242');
  type(/CVV/, '123');
  return { validity, type, submit: () => submit?.() };
}

describe("the mock card form's expiry, by the server's clock", () => {
  it("refuses 12/27 under the field with the form's own message, and the form is not ready", async () => {
    const sims = fakeSims(refused('card_expired'));
    const form = await renderForm(13, sims);
    form.type('تاريخ الانتهاء', '12/27');
    expect(screen.getByTestId('card-message-expiry').textContent).toBe(
      'تاريخ الانتهاء غير صحيح: هذا التاريخ مضى، اكتب التاريخ المطبوع على البطاقة',
    );
    expect(form.validity).toHaveBeenLastCalledWith({ valid: false, messages: [] });
    form.type('تاريخ الانتهاء', '03/28');
    expect(screen.getByTestId('card-message-expiry').textContent).toBe('');
    expect(form.validity).toHaveBeenLastCalledWith({ valid: true, messages: [] });
  });

  it("accepts 12/27 when the server's time is garbage: the device's clock judges, payment is not blocked", async () => {
    const form = await renderForm(13, fakeSims(refused('card_expired')), 'tomorrow');
    form.type('تاريخ الانتهاء', '12/27');
    expect(screen.getByTestId('card-message-expiry').textContent).toBe('');
    expect(form.validity).toHaveBeenLastCalledWith({ valid: true, messages: [] });
  });

  it.each<[string, 13 | 17, string, string]>([
    ["Checkout's card_expired", 13, 'card_expired', Message.cardExpired],
    ["Adyen's invalid-expiry", 17, 'invalid-expiry', Message.cardExpired],
    ["Checkout's cvv_invalid", 13, 'cvv_invalid', 'تعذّر التحقق من بيانات البطاقة. راجعها وأعد المحاولة'],
    [
      "Adyen's scheme-not-accepted",
      17,
      'scheme-not-accepted',
      'لا نقبل هذا النوع من البطاقات. استخدم بطاقة Visa أو Mastercard',
    ],
  ])('a provider refusing the card with %s says so in Arabic', async (_name, provider, code, message) => {
    // The device's clock judged (no server time): the provider's clock finds the card expired.
    const form = await renderForm(provider, fakeSims(refused(code)), undefined);
    form.type('تاريخ الانتهاء', '12/27');
    let answer: Submitted<TokenisedCard> | undefined;
    await act(async () => {
      answer = await form.submit();
    });
    expect(answer).toEqual({ ok: false, message });
  });
});
