import { act, cleanup, renderHook } from '@testing-library/react';
import type { PayType } from '@topup/contracts';
import type { CallName } from '@topup/contracts/registry/index';
import { Provider } from 'jotai';
import { createStore } from 'jotai/vanilla';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useFinish } from './orderFinish';
import type { PaidWith, UsedCard } from './orderRequest';
import { pageViewId } from './pageView';

/**
 * A card order paid in the page (a new card, or a saved card with its CVV) ends in `useFinish`: SPEC §4 success
 * remembers its pay type and card (kept in the browser for the next visit), and SPEC §9 renews the page-view id
 * after a completed payment, the finished one reported (page_view_id_result). The wallet's own end is tested in
 * useWallet.test.tsx, a payment's return in paymentReturn.test.ts.
 */

const calls: { name: CallName; params: unknown }[] = [];
vi.mock('../../api/instance', () => ({
  api: {
    call: (name: CallName, params: unknown) => {
      calls.push({ name, params });
      return Promise.resolve({ ok: false, result: 10005, message: 'no answer set' });
    },
  },
}));
// The saved cards asked for again after a payment: not this test's concern.
vi.mock('./load', () => ({ fetchSavedCards: () => Promise.resolve() }));

function finishWith(store = createStore()) {
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const { result } = renderHook(
    () =>
      useFinish({
        challengeAbort: { current: undefined },
        unconfirmed: { current: undefined },
        setNotice: () => {},
        setPaidCard: () => {},
        remember: true,
      }),
    { wrapper },
  );
  return result.current;
}

const paid = (sourceId: string) =>
  ({ kind: 'done', outcome: 'success', failure: undefined, sourceId }) as const;
const stored = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null') as unknown;

// A saved card as the CVV step passes it: the server's row, of which only the four public fields are kept.
const savedVisa = {
  source_id: 'src_visa4242',
  bin: '424242',
  last4: '4242',
  scheme: 'visa',
  fingerprint: 'fp_visa4242',
  card_valid_date: '12/30',
  is_remember: 1,
};

beforeEach(() => {
  calls.length = 0;
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('a card paid in the page @spec:pay.remember', () => {
  it.each<[string, PayType, UsedCard, PaidWith, string, unknown]>([
    [
      'a new card (provider 13)',
      23,
      { bin: '555555', last4: '4444', scheme: 'mastercard' },
      { kind: 'newCard' },
      'src_new4444',
      { source_id: 'src_new4444', bin: '555555', last4: '4444', scheme: 'mastercard' },
    ],
    [
      'a saved card with its CVV (provider 17)',
      27,
      savedVisa,
      { kind: 'savedCard' },
      'src_visa4242',
      { source_id: 'src_visa4242', bin: '424242', last4: '4242', scheme: 'visa' },
    ],
  ])(
    '%s: its pay type and card are the last ones, kept in the browser',
    (_name, payType, used, paidWith, sourceId, card) => {
      const finish = finishWith();
      act(() => finish(paid(sourceId), 'ord-1', payType, used, paidWith));
      expect(stored('topup.last_pay_type')).toBe(payType);
      expect(stored('topup.last_pay_card')).toEqual(card);
    },
  );

  it('a declined card is not remembered', () => {
    const finish = finishWith();
    act(() =>
      finish(
        { kind: 'done', outcome: 'other', failure: { errCode: '200P1' }, sourceId: undefined },
        'ord-1',
        23,
        { bin: '400000', last4: '0259', scheme: 'visa' },
        { kind: 'newCard' },
      ),
    );
    expect(localStorage.getItem('topup.last_pay_type')).toBeNull();
    expect(localStorage.getItem('topup.last_pay_card')).toBeNull();
  });
});

describe('the page-view id after a card paid in the page @spec:limit.pageView', () => {
  it.each<[string, PaidWith]>([
    ['a new card', { kind: 'newCard' }],
    ['a saved card', { kind: 'savedCard' }],
  ])('%s: the finished id is reported and the next order carries a fresh one', (_name, paidWith) => {
    const before = pageViewId();
    const finish = finishWith();
    act(() => finish(paid('src_visa4242'), 'ord-1', 27, savedVisa, paidWith));
    expect(calls.filter((c) => c.name === 'pageViewIdResult')).toEqual([
      { name: 'pageViewIdResult', params: { page_view_id: before, source: 1 } },
    ]);
    const after = pageViewId();
    expect(after).toMatch(/^pv_[0-9a-f]{16}$/);
    expect(after).not.toBe(before);
  });

  it('a declined card keeps the page view', () => {
    const before = pageViewId();
    const finish = finishWith();
    act(() =>
      finish(
        { kind: 'done', outcome: 'other', failure: { errCode: '200P1' }, sourceId: undefined },
        'ord-1',
        27,
        savedVisa,
        { kind: 'savedCard' },
      ),
    );
    expect(calls.filter((c) => c.name === 'pageViewIdResult')).toEqual([]);
    expect(pageViewId()).toBe(before);
  });
});
