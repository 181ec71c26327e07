import { OwnedStorageKeys, StorageKeys } from '@topup/contracts/storage';
import { createStore } from 'jotai/vanilla';
import { afterEach, describe, expect, it } from 'vitest';
import { orderSessionBook } from '../api/orderSession';
import { sessionAtom, signInAtom, signOutAtom } from '../session/session';
import { forgetOldAccountOrders } from './accountOrders';

afterEach(() => localStorage.clear());

/** A tab's sessionStorage. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

const reem = { uid: 1001, display_uid: '10000001', nickname: 'ريم', icon: '' };
const noura = { uid: 1010, display_uid: '10000010', nickname: 'نورة', icon: '' };

function tab({ following = new Set<string>() } = {}) {
  const store = createStore();
  const storage = memoryStorage();
  const book = orderSessionBook(storage);
  const signIn = (user: typeof reem, key: string) =>
    store.set(signInAtom, {
      session: { session_key: key, user: { ...user, session_key: key } },
      loginType: 'account',
    });
  signIn(reem, 'sk-10000001');
  const stop = forgetOldAccountOrders(store, book, () => following);
  return { store, storage, book, signIn, following, stop };
}

/** Everything the tab keeps, as one string: no old key may be anywhere in it. */
const kept = (storage: ReturnType<typeof memoryStorage>) => [...storage.items.values()].join('\n');

describe('an account gone from the tab leaves no session of its orders behind', () => {
  it('signing out after a payment forgets the session its order was made under', () => {
    const { store, storage, book } = tab();
    book.note('ord-1', 'sk-10000001');
    expect(kept(storage)).toContain('sk-10000001');
    store.set(signOutAtom);
    expect(book.of('ord-1')).toBeUndefined();
    expect(kept(storage)).not.toContain('sk-10000001');
    expect(storage.items.has(OwnedStorageKeys.orderSessions)).toBe(false);
  });

  it("another account signing in forgets the old one's orders; its own new orders are kept", () => {
    const { storage, book, signIn } = tab();
    book.note('ord-1', 'sk-10000001');
    signIn(noura, 'sk-10000010');
    expect(kept(storage)).not.toContain('sk-10000001');
    book.note('ord-2', 'sk-10000010');
    expect(book.of('ord-2')).toEqual({ key: 'sk-10000010' });
  });

  it("an order the tab still follows keeps its session until it settles, read after the account's change", () => {
    const following = new Set(['ord-live']);
    const { store, book, signIn } = tab({ following });
    book.note('ord-done', 'sk-10000001');
    book.note('ord-live', 'sk-10000001');
    signIn(noura, 'sk-10000010');
    // Its 3-D Secure answer, polls and "check again" still go under the session that made it.
    expect(book.of('ord-live')).toEqual({ key: 'sk-10000001' });
    expect(book.of('ord-done')).toBeUndefined();
    // Settled: the next change forgets it.
    following.clear();
    store.set(signOutAtom);
    expect(book.of('ord-live')).toBeUndefined();
  });

  it('the page start forgets what an account gone before the reload left, but an order still followed', () => {
    const storage = memoryStorage();
    const before = orderSessionBook(storage);
    before.note('ord-old', 'sk-10000001');
    before.note('ord-live', 'sk-10000001');
    before.note('ord-signed-out', undefined);
    const store = createStore();
    const book = orderSessionBook(storage);
    forgetOldAccountOrders(store, book, () => new Set(['ord-live']));
    expect(book.of('ord-old')).toBeUndefined();
    expect(book.of('ord-live')).toEqual({ key: 'sk-10000001' });
    // A signed-out order names no session: nothing of an account to forget.
    expect(book.of('ord-signed-out')).toEqual({ key: undefined });
  });

  it('the same session signed in again (a link with the key the tab has) keeps its orders', () => {
    const { book, signIn } = tab();
    book.note('ord-1', 'sk-10000001');
    signIn(reem, 'sk-10000001');
    expect(book.of('ord-1')).toEqual({ key: 'sk-10000001' });
  });

  it('another window signing in: its user arriving before its key still leaves no old key', () => {
    const { store, book } = tab();
    book.note('ord-1', 'sk-10000001');
    // The other window's writes, heard here in the other order: the user first, then the key.
    localStorage.setItem(StorageKeys.user, JSON.stringify(noura));
    window.dispatchEvent(new StorageEvent('storage', { key: StorageKeys.user }));
    localStorage.setItem(StorageKeys.sessionKey, JSON.stringify('sk-10000010'));
    window.dispatchEvent(new StorageEvent('storage', { key: StorageKeys.sessionKey }));
    expect(store.get(sessionAtom)?.sessionKey).toBe('sk-10000010');
    expect(book.of('ord-1')).toBeUndefined();
  });

  it('stops following once told', () => {
    const { store, book, stop } = tab();
    book.note('ord-1', 'sk-10000001');
    stop();
    store.set(signOutAtom);
    expect(book.of('ord-1')).toEqual({ key: 'sk-10000001' });
  });
});
