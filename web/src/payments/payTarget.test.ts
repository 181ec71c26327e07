import { createStore } from 'jotai/vanilla';
import { beforeEach, describe, expect, it } from 'vitest';
import { targetStored } from '../session/accountKept';
import { keepPaidTargetAtom, payTargetAtom } from './payTarget';
import type { CheckedTarget } from './targetCheck';

const omar: CheckedTarget = {
  uid: 1002,
  displayUid: '10000002',
  nickname: 'Omar ⭐',
  icon: 'https://example.test/omar.png',
  living: false,
};

describe('keepPaidTargetAtom: the account a link paid for becomes the list target', () => {
  beforeEach(() => localStorage.clear());

  it('a visitor with no target: the list is the paid account, not its own form', () => {
    const store = createStore();
    expect(store.get(payTargetAtom)).toBeUndefined();
    store.set(keepPaidTargetAtom, omar);
    expect(store.get(payTargetAtom)).toEqual({
      uid: 1002,
      displayUid: '10000002',
      nickname: 'Omar ⭐',
      icon: 'https://example.test/omar.png',
      own: false,
      linkAccount: false,
    });
  });

  it('another account chosen on the list is replaced by the one paid for', () => {
    const store = createStore();
    store.set(targetStored, {
      uid: 1003,
      display_uid: '10000003',
      nickname: 'Sara',
      icon: '',
      is_guest: false,
      source: 1,
    });
    store.set(keepPaidTargetAtom, omar);
    expect(store.get(payTargetAtom)?.uid).toBe(1002);
  });

  it('the list target already the one paid for is kept as the list chose it', () => {
    const store = createStore();
    const chosen = {
      uid: 1002,
      display_uid: '10000002',
      nickname: 'Omar',
      icon: '',
      is_guest: false,
      source: 4,
    } as const;
    store.set(targetStored, chosen);
    store.set(keepPaidTargetAtom, omar);
    expect(store.get(targetStored)).toEqual(chosen);
  });
});
