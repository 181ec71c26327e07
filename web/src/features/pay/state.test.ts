import { savedCardsOf10000001 } from '@topup/contracts';
import { createStore } from 'jotai/vanilla';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../api/client';
import { signInAtom, signOutAtom } from '../../session/session';
import { fetchSavedCards } from './load';
import {
  cardsAfterDeleteAtom,
  cardsAfterLockAtom,
  chooseCardAtom,
  currentCardAtom,
  currentStepAtom,
  dispatchStepAtom,
  rememberSuccessAtom,
  savedCardsAtom,
  savedCardsFetchAtom,
  savedCardsFetchedAtom,
} from './state';

const NOW = new Date('2026-05-15T12:00:00Z');
const items = savedCardsOf10000001(NOW);

const fakeApi = (answers: Array<{ ok: boolean }>) => {
  const call = vi.fn(async () => answers.shift() ?? { ok: false, result: -2, message: '' });
  return { api: { call } as unknown as ApiClient, call };
};

describe('pay state atoms', () => {
  it('dispatches step events and answers their effects', () => {
    const store = createStore();
    expect(store.get(currentStepAtom)).toBe('home');
    expect(store.set(dispatchStepAtom, { type: 'chooseChannel', payType: 27 })).toEqual([]);
    expect(store.get(currentStepAtom)).toBe('cardFrame');
    store.set(dispatchStepAtom, { type: 'back' });
    expect(store.get(currentStepAtom)).toBe('cardFrame');
    store.set(dispatchStepAtom, { type: 'confirmLeave' });
    expect(store.get(currentStepAtom)).toBe('home');
  });

  it('fetches saved cards: fetching, then fetched and filtered', async () => {
    const store = createStore();
    const { api } = fakeApi([{ ok: true, data: { items } } as never]);
    expect(store.get(savedCardsFetchAtom).status).toBe('notStarted');
    const done = fetchSavedCards({ api, store, deviceId: 'd', sleep: async () => {} });
    expect(store.get(savedCardsFetchAtom)).toEqual({ status: 'fetching', tries: 1, waited: false });
    await done;
    expect(store.get(savedCardsAtom).map((c) => c.source_id)).toEqual([
      'src_visa4242',
      'src_mc4444',
      'src_bank1699',
    ]);
    expect(store.get(currentCardAtom)?.source_id).toBe('src_visa4242');
  });

  it('polls every 2 s for 30 s: 15 tries, then failed (SPEC §4, §9) @spec:pay.savedCardPolling', async () => {
    vi.useFakeTimers();
    try {
      const store = createStore();
      const { api, call } = fakeApi([]);
      const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
      const done = fetchSavedCards({ api, store, deviceId: 'd', sleep });
      await vi.advanceTimersByTimeAsync(0);
      expect(call).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1_999);
      expect(call).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(call).toHaveBeenCalledTimes(2);
      // 14 tries by 27.999 s, still fetching; the 15th at 28 s is the last: failed, and nothing more after it.
      await vi.advanceTimersByTimeAsync(25_999);
      expect(call).toHaveBeenCalledTimes(14);
      expect(store.get(savedCardsFetchAtom)).toEqual({ status: 'fetching', tries: 14, waited: true });
      await vi.advanceTimersByTimeAsync(1);
      expect(call).toHaveBeenCalledTimes(15);
      await vi.advanceTimersByTimeAsync(10_000);
      await done;
      expect(call).toHaveBeenCalledTimes(15);
      expect(store.get(savedCardsFetchAtom).status).toBe('failed');
    } finally {
      vi.useRealTimers();
    }
  });

  it('ends within 30 s when the calls hang: one cut at the deadline, then failed (SPEC §4, §9) @spec:pay.savedCardPolling', async () => {
    vi.useFakeTimers();
    try {
      const store = createStore();
      const signals: AbortSignal[] = [];
      // A server that never answers, and a client that ignores the abort: the deadline alone ends the wait.
      const call = vi.fn(
        (_name: string, _params: unknown, options: { signal: AbortSignal }) =>
          new Promise<never>(() => {
            signals.push(options.signal);
          }),
      );
      const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
      const done = fetchSavedCards({ api: { call } as unknown as ApiClient, store, deviceId: 'd', sleep });
      await vi.advanceTimersByTimeAsync(0);
      expect(store.get(savedCardsFetchAtom)).toEqual({ status: 'fetching', tries: 1, waited: false });
      // The first wait: the pay step's methods are held back no longer than one poll interval.
      await vi.advanceTimersByTimeAsync(1_999);
      expect(store.get(savedCardsFetchAtom)).toEqual({ status: 'fetching', tries: 1, waited: false });
      await vi.advanceTimersByTimeAsync(1);
      expect(store.get(savedCardsFetchAtom)).toEqual({ status: 'fetching', tries: 1, waited: true });
      await vi.advanceTimersByTimeAsync(27_999);
      expect(store.get(savedCardsFetchAtom).status).toBe('fetching');
      expect(signals[0]?.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await done;
      expect(store.get(savedCardsFetchAtom)).toEqual({ status: 'failed' });
      expect(signals[0]?.aborted).toBe(true);
      expect(call).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('slow failing calls: retried 2 s after each answer, the one in flight at 30 s cut, then failed @spec:pay.savedCardPolling', async () => {
    vi.useFakeTimers();
    try {
      const store = createStore();
      const signals: AbortSignal[] = [];
      // Each call fails after 10 s, or at once when aborted (as the transport does).
      const call = vi.fn(
        (_name: string, _params: unknown, options: { signal: AbortSignal }) =>
          new Promise((resolve) => {
            signals.push(options.signal);
            const fail = () => resolve({ ok: false, result: -2, message: '' });
            setTimeout(fail, 10_000);
            options.signal.addEventListener('abort', () => resolve({ ok: false, result: -5, message: '' }));
          }),
      );
      const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
      const done = fetchSavedCards({ api: { call } as unknown as ApiClient, store, deviceId: 'd', sleep });
      // Tries at 0, 12 and 24 s; the first's failure at 10 s ends the first wait.
      await vi.advanceTimersByTimeAsync(9_999);
      expect(store.get(savedCardsFetchAtom)).toEqual({ status: 'fetching', tries: 1, waited: true });
      await vi.advanceTimersByTimeAsync(14_001);
      expect(call).toHaveBeenCalledTimes(3);
      await vi.advanceTimersByTimeAsync(5_999);
      expect(store.get(savedCardsFetchAtom)).toEqual({ status: 'fetching', tries: 3, waited: true });
      await vi.advanceTimersByTimeAsync(1);
      await done;
      expect(store.get(savedCardsFetchAtom)).toEqual({ status: 'failed' });
      expect(signals[2]?.aborted).toBe(true);
      expect(call).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a first answer in vain ends the first wait at once', async () => {
    vi.useFakeTimers();
    try {
      const store = createStore();
      const { api } = fakeApi([]);
      const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
      const done = fetchSavedCards({ api, store, deviceId: 'd', sleep });
      await vi.advanceTimersByTimeAsync(0);
      expect(store.get(savedCardsFetchAtom)).toEqual({ status: 'fetching', tries: 1, waited: true });
      await vi.advanceTimersByTimeAsync(30_000);
      await done;
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops once the account changed under it: the old session key is never sent again (rev8 finding 2)', async () => {
    const store = createStore();
    store.set(signInAtom, {
      session: {
        session_key: 'sk-10000001',
        user: { uid: 1001, display_uid: '10000001', nickname: 'Reem', icon: '' },
      },
      loginType: 'link',
    });
    // The first try is refused -10000, and the page signs out (api/instance.ts) before the retry.
    const { api, call } = fakeApi([
      { ok: false, result: -10000, message: '' } as never,
      { ok: true, data: { items } } as never,
    ]);
    const sleep = async () => {
      store.set(signOutAtom);
    };
    await fetchSavedCards({ api, store, deviceId: 'd', sleep });
    expect(call).toHaveBeenCalledTimes(1);
    expect(store.get(savedCardsAtom)).toEqual([]);
    expect(store.get(currentCardAtom)).toBeUndefined();
  });

  it('after deleting the current card picks the next usable one, else the channels', () => {
    const store = createStore();
    store.set(cardsAfterDeleteAtom, { items, now: NOW, offered: [23, 27] });
    store.set(chooseCardAtom, 'src_visa4242');
    store.set(cardsAfterDeleteAtom, {
      items: items.filter((c) => c.fingerprint !== 'fp_visa4242'),
      now: NOW,
      offered: [23, 27],
    });
    // mc4444 is expired and bank1699 bank-expired; soon0006 is now listed and usable
    expect(store.get(currentCardAtom)?.source_id).toBe('src_soon0006');
    store.set(cardsAfterDeleteAtom, {
      items: items.filter((c) => ['src_mc4444'].includes(c.source_id)),
      now: NOW,
      offered: [23, 27],
    });
    expect(store.get(currentCardAtom)).toBeUndefined();
  });

  it.each([
    ['a card not remembered (is_remember 0)', 'src_forgot'],
    ['a wallet token (bin 000000)', 'apple_pay'],
  ])(
    'after a delete never picks %s listed before the remembered usable card @spec:pay.deleteCard',
    (_, id) => {
      const store = createStore();
      store.set(cardsAfterDeleteAtom, { items, now: NOW, offered: [23, 27] });
      store.set(chooseCardAtom, 'src_visa4242');
      const byId = (sourceId: string) => items.filter((c) => c.source_id === sourceId);
      // The unlisted card comes first in the answer, usable and paid through 23: it is still not chosen.
      const remaining = [...byId(id), ...byId('src_mc4444'), ...byId('src_soon0006')];
      store.set(cardsAfterDeleteAtom, { items: remaining, now: NOW, offered: [23, 27] });
      expect(store.get(currentCardAtom)?.source_id).toBe('src_soon0006');
    },
  );

  it('after a lock (23005) chooses the first usable card of the list asked again, never the newest expired one', () => {
    const store = createStore();
    const withoutVisa = items.filter((c) => c.fingerprint !== 'fp_visa4242');
    store.set(savedCardsFetchedAtom, withoutVisa);
    // Unchosen, the newest is the expired mc4444: the lock's rule does not leave it chosen.
    expect(store.get(currentCardAtom)?.source_id).toBe('src_mc4444');
    store.set(cardsAfterLockAtom, NOW);
    expect(store.get(currentCardAtom)?.source_id).toBe('src_soon0006');
    // None usable left: none chosen (the new card's method).
    store.set(
      savedCardsFetchedAtom,
      items.filter((c) => ['src_mc4444', 'src_bank1699'].includes(c.source_id)),
    );
    store.set(cardsAfterLockAtom, NOW);
    expect(store.get(currentCardAtom)).toBeUndefined();
  });

  const card = (id: string) => {
    const found = items.find((c) => c.source_id === id);
    if (found === undefined) throw new Error(id);
    return found;
  };
  const paidOnDevice = (id: string) => {
    const { source_id, last4, bin, scheme } = card(id);
    return { payType: 23 as const, card: { source_id, last4, bin, scheme } };
  };

  it.each<[string, Record<string, number>, string | undefined, string]>([
    ['the answer’s newest use wins over this device’s last card', {}, 'src_mc4444', 'src_visa4242'],
    ['none paid on this device: the newest use', {}, undefined, 'src_visa4242'],
    [
      'a tie in the answer: this device’s last card',
      { src_visa4242: 100, src_mc4444: 100, src_bank1699: 50 },
      'src_mc4444',
      'src_mc4444',
    ],
    [
      'a tie, this device’s card not among them: the first of the tie',
      { src_visa4242: 100, src_mc4444: 100, src_bank1699: 50 },
      'src_bank1699',
      'src_visa4242',
    ],
  ])('preselects the last-used saved card: %s', (_name, uses, device, expected) => {
    localStorage.clear();
    const store = createStore();
    if (device !== undefined) store.set(rememberSuccessAtom, paidOnDevice(device));
    store.set(
      savedCardsFetchedAtom,
      items.map((c) => (Object.keys(uses).length === 0 ? c : { ...c, last_use_at: uses[c.source_id] ?? 1 })),
    );
    expect(store.get(currentCardAtom)?.source_id).toBe(expected);
    localStorage.clear();
  });
});
