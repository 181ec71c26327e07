import { abTestKey, OwnedStorageKeys, StorageKeys } from '@topup/contracts/storage';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * A shared phone (review 08): once an account signs out, the browser keeps nothing of whom it paid or how —
 * the chosen target, the last method and card, its answer to "save this card", its recent payments and paid
 * visits — while what belongs to the device (its ids, AB scores, API domains) stays.
 */

const json = (value: unknown) => JSON.stringify(value);
const reem = { uid: 1001, display_uid: '10000001', nickname: 'ريم', icon: '/static/avatars/1001.png' };
const omar = {
  uid: 1002,
  display_uid: '10000002',
  nickname: 'Omar ⭐',
  icon: '/static/avatars/1002.png',
  is_guest: false,
  source: 1,
};
const card = { source_id: 'src_mc4444', bin: '555555', last4: '4444', scheme: 'mastercard' };
const paid = { order: 'PO9962', account: '10000002', nickname: 'Omar ⭐' };

/** The account's traces, as a payment for Omar signed in as Reem leaves them. */
const accountKept: readonly (readonly [Storage, string, string])[] = [
  [localStorage, StorageKeys.payTargetUser, json(omar)],
  [localStorage, StorageKeys.payTargetUid, json(1002)],
  [localStorage, StorageKeys.lastPayType, json(23)],
  [localStorage, StorageKeys.lastPayCard, json(card)],
  [localStorage, StorageKeys.rememberCard, json(true)],
  [localStorage, OwnedStorageKeys.recentPayments, json([{ ...paid, at: Date.now() }])],
];
/** This tab's paid visits: they stay, so a Back into a paid step never pays it again (they end with the tab). */
const tabPaid = json([{ ...paid, visit: 'v-1' }]);
/** The device's: they stay. */
const deviceKept: readonly (readonly [string, string])[] = [
  [StorageKeys.deviceId, json(`h5_${'a'.repeat(32)}`)],
  [StorageKeys.clientUuid, json('c5ac9106-cdb0-4634-921a-220af51e9f37')],
  [StorageKeys.backupApiLists, json({ '127.0.0.1:8080': ['localhost:8080'] })],
  [abTestKey('cko_new'), json(46)],
];

beforeEach(() => {
  vi.resetModules();
  localStorage.setItem(StorageKeys.sessionKey, json('sk-10000001'));
  localStorage.setItem(StorageKeys.user, json(reem));
  localStorage.setItem(StorageKeys.loginType, json('account'));
  for (const [storage, key, value] of accountKept) storage.setItem(key, value);
  for (const [key, value] of deviceKept) localStorage.setItem(key, value);
  sessionStorage.setItem(OwnedStorageKeys.paidPayVisits, tabPaid);
});
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('sign-out on a shared phone', () => {
  it.each(
    accountKept.map(([storage, key]) => [key, storage === localStorage ? 'local' : 'session'] as const),
  )('drops %s (%sStorage)', async (key, where) => {
    const { createStore } = await import('jotai/vanilla');
    const { signOutAtom } = await import('./session');
    createStore().set(signOutAtom);
    expect((where === 'local' ? localStorage : sessionStorage).getItem(key)).toBeNull();
  });

  it('keeps what is the device’s', async () => {
    const { createStore } = await import('jotai/vanilla');
    const { signOutAtom } = await import('./session');
    createStore().set(signOutAtom);
    for (const [key, value] of deviceKept) expect(localStorage.getItem(key)).toBe(value);
  });

  it("keeps this tab's paid visits: a Back into a paid step still says it was paid", async () => {
    const { createStore } = await import('jotai/vanilla');
    const { signOutAtom } = await import('./session');
    createStore().set(signOutAtom);
    expect(sessionStorage.getItem(OwnedStorageKeys.paidPayVisits)).toBe(tabPaid);
  });

  it('forgets the target, the last method and card and the save answer in the page too, not only in storage', async () => {
    const { createStore } = await import('jotai/vanilla');
    const { signOutAtom } = await import('./session');
    const { payTargetAtom } = await import('../payments/payTarget');
    const { lastRememberChoiceAtom } = await import('../payments/rememberCard');
    const { lastPayCardAtom } = await import('../features/pay/state');
    const { lastPayTypeAtom } = await import('../features/recharge/chargeState');
    const store = createStore();
    const read = () => ({
      target: store.get(payTargetAtom)?.displayUid,
      remember: store.get(lastRememberChoiceAtom),
      card: store.get(lastPayCardAtom),
      payType: store.get(lastPayTypeAtom),
    });
    expect(read()).toEqual({ target: '10000002', remember: true, card, payType: 23 });
    store.set(signOutAtom);
    expect(read()).toEqual({ target: undefined, remember: undefined, card: undefined, payType: undefined });
  });
});
