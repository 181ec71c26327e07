import type { LastPayCard } from '@topup/contracts';
import type { PayType } from '@topup/contracts/payTypes';
import { StorageKeys } from '@topup/contracts/storage';
import { createStore } from 'jotai/vanilla';
import { afterEach, describe, expect, it } from 'vitest';
import { lastPayTypeStored } from '../../session/accountKept';
import { lastPayCardAtom, rememberSuccessAtom } from './state';

/**
 * SPEC §4 success: the last successful pay type and card are remembered, for the next visit's list to offer
 * them first (the recharge list reads the pay type, the pay step the card).
 */

const mc4444: LastPayCard = { source_id: 'src_mc4444', bin: '555555', last4: '4444', scheme: 'mastercard' };

describe('a success remembers its pay type and card @spec:outcome.success', () => {
  afterEach(() => localStorage.clear());

  it.each<[string, PayType, LastPayCard | undefined]>([
    ['a wallet (no card)', 26, undefined],
    ['a new card by provider 17', 27, undefined],
    ['a saved card by provider 13', 23, mc4444],
  ])('%s: its pay type is the last one, kept in the browser', (_name, payType, card) => {
    const store = createStore();
    store.set(rememberSuccessAtom, { payType, card });
    expect(store.get(lastPayTypeStored)).toBe(payType);
    expect(store.get(lastPayCardAtom)).toEqual(card);
    // Kept in the browser: the next visit's list reads it from there.
    expect(localStorage.getItem(StorageKeys.lastPayType)).toBe(JSON.stringify(payType));
  });

  it('a later success replaces the earlier pay type, and a card-less one keeps the last card', () => {
    const store = createStore();
    store.set(rememberSuccessAtom, { payType: 23, card: mc4444 });
    store.set(rememberSuccessAtom, { payType: 26, card: undefined });
    expect(store.get(lastPayTypeStored)).toBe(26);
    expect(store.get(lastPayCardAtom)).toEqual(mc4444);
  });
});
