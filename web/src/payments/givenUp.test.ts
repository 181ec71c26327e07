import { OwnedStorageKeys } from '@topup/contracts/storage';
import { describe, expect, it } from 'vitest';
import { GIVEN_UP_MS, rememberGivenUp, wasGivenUp } from './givenUp';

const memory = () => {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  } as unknown as Storage & { items: Map<string, string> };
};

const NOW = 1_800_000_000_000;

describe('the orders this browser gave up', () => {
  it('are known by id, the newest five, each once', () => {
    const storage = memory();
    expect(wasGivenUp('PO1', storage, NOW)).toBe(false);
    for (const id of ['PO1', 'PO2', 'PO3', 'PO4', 'PO5', 'PO2', 'PO6']) rememberGivenUp(id, storage, NOW);
    expect(wasGivenUp('PO1', storage, NOW)).toBe(false);
    for (const id of ['PO2', 'PO3', 'PO4', 'PO5', 'PO6']) expect(wasGivenUp(id, storage, NOW)).toBe(true);
    const kept = JSON.parse(storage.items.get(OwnedStorageKeys.givenUpOrders) ?? '[]');
    expect(kept).toEqual(['PO3', 'PO4', 'PO5', 'PO2', 'PO6'].map((order) => ({ order, at: NOW })));
  });

  it('are kept in localStorage, where every tab of the origin reads them', () => {
    localStorage.clear();
    sessionStorage.clear();
    rememberGivenUp('PO7');
    expect(sessionStorage.getItem(OwnedStorageKeys.givenUpOrders)).toBeNull();
    expect(localStorage.getItem(OwnedStorageKeys.givenUpOrders)).toContain('"PO7"');
    expect(wasGivenUp('PO7')).toBe(true);
    localStorage.clear();
  });

  it('are forgotten after a day, and a time ahead of now is not trusted', () => {
    const storage = memory();
    rememberGivenUp('PO1', storage, NOW);
    expect(wasGivenUp('PO1', storage, NOW + GIVEN_UP_MS - 1)).toBe(true);
    expect(wasGivenUp('PO1', storage, NOW + GIVEN_UP_MS)).toBe(false);
    expect(wasGivenUp('PO1', storage, NOW - 1)).toBe(false);
    // An expired one is dropped when the next is kept.
    rememberGivenUp('PO2', storage, NOW + GIVEN_UP_MS);
    const kept = JSON.parse(storage.items.get(OwnedStorageKeys.givenUpOrders) ?? '[]');
    expect(kept).toEqual([{ order: 'PO2', at: NOW + GIVEN_UP_MS }]);
  });

  it('read hostile storage as none, and start a list again over it', () => {
    const storage = memory();
    storage.setItem(OwnedStorageKeys.givenUpOrders, '{"not":"a list"}');
    expect(wasGivenUp('PO1', storage, NOW)).toBe(false);
    rememberGivenUp('PO1', storage, NOW);
    expect(wasGivenUp('PO1', storage, NOW)).toBe(true);
    storage.setItem(
      OwnedStorageKeys.givenUpOrders,
      '["PO1",{"order":"PO2","at":"soon"},{"order":"PO3","at":1}]',
    );
    expect(wasGivenUp('PO1', storage, NOW)).toBe(false);
    expect(wasGivenUp('PO2', storage, NOW)).toBe(false);
  });
});
