import { StorageKeys } from '@topup/contracts/storage';
import { createStore } from 'jotai/vanilla';
import { afterEach, describe, expect, it } from 'vitest';
import { readKey } from '../platform/storage';
import { lastRememberChoiceAtom, offersRemember, rememberChoiceAtom, rememberDefault } from './rememberCard';

afterEach(() => localStorage.clear());

describe('the save-card choice', () => {
  it.each<['out' | 'unconfirmedLink' | 'in', boolean | undefined, boolean]>([
    ['out', undefined, false],
    ['out', true, false],
    ['unconfirmedLink', undefined, false],
    ['unconfirmedLink', true, false],
    ['in', undefined, true],
    ['in', false, false],
    ['in', true, true],
  ])('signed %s, last answer %s: ticked %s', (signedIn, last, ticked) => {
    expect(rememberDefault(signedIn, last)).toBe(ticked);
  });

  it.each([
    ['out', false],
    ['unconfirmedLink', true],
    ['in', true],
  ] as const)(
    'signed %s: the choice is offered %s (a signed-out payer has no saved cards)',
    (signedIn, offered) => {
      expect(offersRemember(signedIn)).toBe(offered);
    },
  );

  it("keeps the visitor's last answer for the next card, on any payment screen", () => {
    const store = createStore();
    expect(store.get(lastRememberChoiceAtom)).toBeUndefined();
    store.set(rememberChoiceAtom, false);
    expect(store.get(lastRememberChoiceAtom)).toBe(false);
    expect(readKey(StorageKeys.rememberCard)).toBe(false);
  });
});
