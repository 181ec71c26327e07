import { StorageKeys } from '@topup/contracts/storage';
import { createStore } from 'jotai/vanilla';
import { afterEach, describe, expect, it } from 'vitest';
import { readKey } from '../platform/storage';
import { acknowledgeLinkAtom, signInAtom } from '../session/session';
import {
  type CardKeeper,
  cardKeeperAtom,
  lastRememberChoiceAtom,
  mayKeepCard,
  rememberChoiceAtom,
  rememberDefault,
  rememberOffer,
} from './rememberCard';

afterEach(() => localStorage.clear());

describe('the save-card choice', () => {
  it.each<[CardKeeper, boolean | undefined, boolean]>([
    ['out', undefined, false],
    ['out', true, false],
    ['unansweredLink', undefined, false],
    ['unansweredLink', true, false],
    ['unconfirmedLink', undefined, false],
    ['unconfirmedLink', true, false],
    ['in', undefined, true],
    ['in', false, false],
    ['in', true, true],
  ])('signed %s, last answer %s: ticked %s', (signedIn, last, ticked) => {
    expect(rememberDefault(signedIn, last)).toBe(ticked);
  });

  it.each([
    ['out', 'none', false],
    ['unansweredLink', 'confirmFirst', false],
    ['unconfirmedLink', 'offered', true],
    ['in', 'offered', true],
  ] as const)(
    'signed %s: the choice is %s, a card may be kept %s (a signed-out payer has no saved cards; an unanswered link keeps none)',
    (signedIn, offer, keeps) => {
      expect(rememberOffer(signedIn)).toBe(offer);
      expect(mayKeepCard(signedIn)).toBe(keeps);
    },
  );

  it("a link's account is unanswered until the visitor says it is theirs; a password sign-in is theirs", () => {
    const store = createStore();
    expect(store.get(cardKeeperAtom)).toBe('out');
    const user = { uid: 1002, display_uid: '10000002', nickname: 'Omar', icon: '' };
    store.set(signInAtom, {
      session: { session_key: 'sk-10000002', user: { ...user, session_key: 'sk-10000002' } },
      loginType: 'link',
    });
    expect(store.get(cardKeeperAtom)).toBe('unansweredLink');
    store.set(acknowledgeLinkAtom);
    expect(store.get(cardKeeperAtom)).toBe('unconfirmedLink');
    store.set(signInAtom, {
      session: { session_key: 'sk-10000002', user: { ...user, session_key: 'sk-10000002' } },
      loginType: 'account',
    });
    expect(store.get(cardKeeperAtom)).toBe('in');
  });

  it("keeps the visitor's last answer for the next card, on any payment screen", () => {
    const store = createStore();
    expect(store.get(lastRememberChoiceAtom)).toBeUndefined();
    store.set(rememberChoiceAtom, false);
    expect(store.get(lastRememberChoiceAtom)).toBe(false);
    expect(readKey(StorageKeys.rememberCard)).toBe(false);
  });
});
