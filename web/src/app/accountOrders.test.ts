import { OwnedStorageKeys, StorageKeys } from '@topup/contracts/storage';
import { createStore } from 'jotai/vanilla';
import { afterEach, describe, expect, it } from 'vitest';
import { orderSessionBook } from '../api/orderSession';
import { fineOrders } from '../payments/fineOrders';
import { coinOrders, orderAttempts } from '../payments/orderAttempt';
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

const coinOrder = {
  recharge_id: 'rc_499',
  uid: 1002,
  pay_type: 26,
  source: 1,
  kind: 'normal',
  ext: { h5_deviceid: 'dev-1', page_view_id: 'pv-1' },
} as const;
const fineOrder = {
  call: 'payerMaxCreateFinePay',
  params: { fine_id: 7001, amount: 4.99, source: 1 },
} as const;

/** A tab with the pay step's and the fines screen's kept attempts, in the same sessionStorage as the book. */
function tabWithAttempts() {
  const store = createStore();
  const storage = memoryStorage();
  const book = orderSessionBook(storage);
  // Each attempt says whose it is: the uid signed in when it was made (as payAttempts and fineAttempts do).
  const signedIn = () => store.get(sessionAtom)?.user.uid;
  const pay = orderAttempts(storage, () => 1_000, coinOrders, signedIn);
  const fine = orderAttempts(storage, () => 1_000, fineOrders, signedIn);
  const following = () => new Set([pay.followed(), fine.followed()].filter((id) => id !== undefined));
  store.set(signInAtom, {
    session: { session_key: 'sk-10000001', user: { ...reem, session_key: 'sk-10000001' } },
    loginType: 'account',
  });
  const start = () => forgetOldAccountOrders(store, book, following, [pay, fine]);
  /** The pay step's order made under Reem's session, as the app's client notes it. */
  const payOrdered = (id: string) => {
    pay.requestIdFor(coinOrder, () => `rid-${id}`);
    book.note(id, 'sk-10000001');
    pay.ordered(id);
  };
  const fineOrdered = (id: string) => {
    fine.requestIdFor(fineOrder, () => `rid-${id}`);
    book.note(id, 'sk-10000001');
    fine.ordered(id);
  };
  return { store, storage, book, pay, fine, start, payOrdered, fineOrdered };
}

describe("an account gone from the tab leaves no kept order attempt of its own (pay's, fines')", () => {
  it('signing out forgets the pay and fine attempts no screen shows: their order ids and X-CLI-RIDs', () => {
    const { store, storage, pay, fine, start, payOrdered, fineOrdered } = tabWithAttempts();
    start();
    payOrdered('ord-pay');
    fineOrdered('ord-fine');
    storage.setItem('topup.paid_pay_visits', '["visit-1"]');
    store.set(signOutAtom);
    expect(pay.unsettled()).toBeUndefined();
    expect(fine.unsettled()).toBeUndefined();
    expect(kept(storage)).not.toMatch(/ord-pay|ord-fine|rid-/);
    expect(storage.items.has(OwnedStorageKeys.payAttempt)).toBe(false);
    expect(storage.items.has(OwnedStorageKeys.fineAttempt)).toBe(false);
    // This tab's paid visits are not the account's attempts: they stay (the paid-again guard).
    expect(storage.items.get('topup.paid_pay_visits')).toBe('["visit-1"]');
  });

  it('a request sent with no answer yet, on no screen, is forgotten by another account signing in', () => {
    const { store, pay, start } = tabWithAttempts();
    start();
    pay.requestIdFor({ ...coinOrder, pay_type: 23, token: 'tok_1' }, () => 'rid-lost');
    store.set(signInAtom, {
      session: { session_key: 'sk-10000010', user: { ...noura, session_key: 'sk-10000010' } },
      loginType: 'account',
    });
    expect(pay.unanswered()).toBeUndefined();
  });

  it('the attempt a screen still shows stays through the change; once off screen, the next change forgets it', () => {
    const { store, book, pay, fine, start, payOrdered, fineOrdered } = tabWithAttempts();
    start();
    payOrdered('ord-pay');
    fineOrdered('ord-fine');
    const stopPay = pay.follow();
    store.set(signOutAtom);
    // Its 3-D Secure answer, polls and "check again" still find it, under the session that made it.
    expect(pay.unsettled()?.orderId).toBe('ord-pay');
    expect(book.of('ord-pay')).toEqual({ key: 'sk-10000001' });
    expect(fine.unsettled()).toBeUndefined();
    stopPay();
    store.set(signInAtom, {
      session: { session_key: 'sk-10000010', user: { ...noura, session_key: 'sk-10000010' } },
      loginType: 'account',
    });
    expect(pay.unsettled()).toBeUndefined();
    expect(book.of('ord-pay')).toBeUndefined();
  });

  it("the page start forgets an old account's kept order and request, keeps the signed-in one's", () => {
    const { store, storage, fine, payOrdered } = tabWithAttempts();
    payOrdered('ord-pay');
    fine.requestIdFor(
      { call: 'createFinePay', params: { ...fineOrder.params, pay_type: 23, token: 't' } },
      () => 'rid-fine',
    );
    // The same tab, reloaded: still Reem, her order is hers to find again.
    const again = () => {
      const reloaded = orderAttempts(storage, () => 1_000, coinOrders);
      const fines = orderAttempts(storage, () => 1_000, fineOrders);
      // Only the page start: the page is gone before the next change.
      forgetOldAccountOrders(store, orderSessionBook(storage), () => new Set(), [reloaded, fines])();
      return { reloaded, fines };
    };
    const same = again();
    expect(same.reloaded.unsettled()?.orderId).toBe('ord-pay');
    // A card order cut off before its answer names no order: her page start keeps it to find that order.
    expect(same.fines.unanswered()?.requestId).toBe('rid-fine');
    // Reloaded after Noura signed in elsewhere while it was off screen: Reem's order is not this visitor's.
    store.set(signInAtom, {
      session: { session_key: 'sk-10000010', user: { ...noura, session_key: 'sk-10000010' } },
      loginType: 'account',
    });
    const { reloaded, fines } = again();
    expect(reloaded.unsettled()).toBeUndefined();
    expect(kept(storage)).not.toContain('ord-pay');
    // Nor is her request with no answer: it was made for her account (intended: it went by the key before).
    expect(fines.unanswered()).toBeUndefined();
  });
});

/** Another window's sign-in as heard here: two storage events, the key's and the user's, in either order. */
function otherWindowSignsIn(user: typeof reem, key: string, first: 'key' | 'user') {
  const write = (storageKey: string, value: unknown) => {
    localStorage.setItem(storageKey, JSON.stringify(value));
    window.dispatchEvent(new StorageEvent('storage', { key: storageKey }));
  };
  const writes = [() => write(StorageKeys.sessionKey, key), () => write(StorageKeys.user, user)];
  for (const next of first === 'key' ? writes : writes.reverse()) next();
}

type Tab = ReturnType<typeof tabWithAttempts>;
const signInAs = (store: Tab['store'], user: typeof reem, key: string) =>
  store.set(signInAtom, {
    session: { session_key: key, user: { ...user, session_key: key } },
    loginType: 'account',
  });

/**
 * Whose the kept attempts are goes by the account (its uid), not its session key: the same account under a new
 * key keeps them (the double-pay guard: its X-CLI-RID asks for the same order), another account or signing out
 * forgets them, and a screen showing one keeps it.
 */
describe.each<{
  readonly change: string;
  readonly act: (tab: Tab) => void;
  readonly follow?: boolean;
  readonly kept: boolean;
}>([
  {
    change: 'the same uid signs in with a new key',
    act: ({ store }) => signInAs(store, reem, 'sk-reem-2'),
    kept: true,
  },
  {
    change: 'another window: the same uid, new key, key first',
    act: () => otherWindowSignsIn(reem, 'sk-reem-2', 'key'),
    kept: true,
  },
  {
    change: 'another window: the same uid, new key, user first',
    act: () => otherWindowSignsIn(reem, 'sk-reem-2', 'user'),
    kept: true,
  },
  { change: 'another uid signs in', act: ({ store }) => signInAs(store, noura, 'sk-10000010'), kept: false },
  { change: 'signing out', act: ({ store }) => store.set(signOutAtom), kept: false },
  {
    change: 'another window: another uid, key first',
    act: () => otherWindowSignsIn(noura, 'sk-10000010', 'key'),
    kept: false,
  },
  {
    change: 'another window: another uid, user first',
    act: () => otherWindowSignsIn(noura, 'sk-10000010', 'user'),
    kept: false,
  },
  {
    change: 'another uid signs in while a screen shows the order',
    act: ({ store }) => signInAs(store, noura, 'sk-10000010'),
    follow: true,
    kept: true,
  },
  {
    change: 'signing out while a screen shows the order',
    act: ({ store }) => store.set(signOutAtom),
    follow: true,
    kept: true,
  },
])('$change', ({ act, follow = false, kept: stays }) => {
  it(
    stays
      ? "keeps the attempt, its X-CLI-RID and its order's session"
      : 'forgets the attempt and its session',
    () => {
      const tab = tabWithAttempts();
      const { storage, book, pay, fine, start, payOrdered } = tab;
      start();
      payOrdered('ord-pay');
      fine.requestIdFor(
        { call: 'createFinePay', params: { ...fineOrder.params, pay_type: 23, token: 't' } },
        () => 'rid-fine',
      );
      if (follow) pay.follow();
      storage.setItem('topup.paid_pay_visits', '["visit-1"]');
      act(tab);
      if (stays) {
        expect(pay.unsettled()).toMatchObject({ orderId: 'ord-pay', requestId: 'rid-ord-pay' });
        expect(book.of('ord-pay')).toEqual({ key: 'sk-10000001' });
      } else {
        expect(pay.unsettled()).toBeUndefined();
        expect(book.of('ord-pay')).toBeUndefined();
        expect(kept(storage)).not.toMatch(/ord-pay|rid-ord-pay|sk-10000001/);
      }
      // The request with no answer yet is the account's too (a screen shows only the pay step's here): kept, its
      // X-CLI-RID asks for the order it made ("already made", 10009) rather than making a second one.
      expect(fine.unanswered()?.requestId).toBe(stays && !follow ? 'rid-fine' : undefined);
      expect(storage.items.get('topup.paid_pay_visits')).toBe('["visit-1"]');
    },
  );
});

describe('an attempt made signed out (no account) goes by its order, as before', () => {
  it("is kept through a sign-in when its order was made signed out; a request with no answer isn't", () => {
    const { store, book, pay, fine, start } = tabWithAttempts();
    store.set(signOutAtom);
    start();
    pay.requestIdFor(coinOrder, () => 'rid-pay');
    book.note('ord-pay', undefined);
    pay.ordered('ord-pay');
    fine.requestIdFor(fineOrder, () => 'rid-fine');
    signInAs(store, reem, 'sk-10000001');
    expect(pay.unsettled()?.orderId).toBe('ord-pay');
    expect(book.of('ord-pay')).toEqual({ key: undefined });
    expect(fine.requestIdFor(fineOrder, () => 'rid-new')).toBe('rid-new');
  });
});
