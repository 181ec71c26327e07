import { savedCardsOf10000001 } from '@topup/contracts';
import { createStore } from 'jotai/vanilla';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../api/client';
import { savedCardGone } from './cardGone';
import { currentCardAtom, savedCardsAtom, savedCardsFetchedAtom } from './state';

const items = savedCardsOf10000001(new Date());

const depsWith = (answer: unknown) => {
  const store = createStore();
  store.set(savedCardsFetchedAtom, items);
  const call = vi.fn(async () => answer);
  return {
    deps: { api: { call } as unknown as ApiClient, store, deviceId: 'd', sleep: async () => {} },
    call,
  };
};

describe('a saved card refused as invalid (10001): gone, or another refusal', () => {
  it('is gone when the list asked again no longer has it: the list is drawn anew, another card chosen', async () => {
    const { deps, call } = depsWith({ ok: true, data: { items: items.slice(1) } });
    const deleted = items[0]?.source_id;
    expect(deps.store.get(currentCardAtom)?.source_id).toBe(deleted);
    expect(await savedCardGone(deps, { result: 10001, sourceId: deleted })).toBe(true);
    expect(call).toHaveBeenCalledTimes(1);
    expect(deps.store.get(savedCardsAtom).map((c) => c.source_id)).not.toContain(deleted);
    expect(deps.store.get(currentCardAtom)?.source_id).not.toBe(deleted);
  });

  it('is not said gone while the card is still listed, the list did not come, or the code is another', async () => {
    const still = depsWith({ ok: true, data: { items } });
    expect(await savedCardGone(still.deps, { result: 10001, sourceId: items[0]?.source_id })).toBe(false);
    const failed = depsWith({ ok: false, result: -2, message: '' });
    expect(await savedCardGone(failed.deps, { result: 10001, sourceId: items[0]?.source_id })).toBe(false);
    expect(failed.deps.store.get(savedCardsAtom)).toHaveLength(items.length > 3 ? 3 : items.length);
    const other = depsWith({ ok: true, data: { items: [] } });
    expect(await savedCardGone(other.deps, { result: 10005, sourceId: items[0]?.source_id })).toBe(false);
    expect(await savedCardGone(other.deps, { result: 10001, sourceId: undefined })).toBe(false);
    expect(other.call).not.toHaveBeenCalled();
  });
});
