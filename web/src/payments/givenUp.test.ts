import { OwnedStorageKeys } from '@topup/contracts/storage';
import { describe, expect, it } from 'vitest';
import { rememberGivenUp, wasGivenUp } from './givenUp';

const memory = () => {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  } as unknown as Storage & { items: Map<string, string> };
};

describe('the orders this tab gave up', () => {
  it('are known by id, the newest five, each once', () => {
    const storage = memory();
    expect(wasGivenUp('PO1', storage)).toBe(false);
    for (const id of ['PO1', 'PO2', 'PO3', 'PO4', 'PO5', 'PO2', 'PO6']) rememberGivenUp(id, storage);
    expect(wasGivenUp('PO1', storage)).toBe(false);
    for (const id of ['PO2', 'PO3', 'PO4', 'PO5', 'PO6']) expect(wasGivenUp(id, storage)).toBe(true);
    expect(JSON.parse(storage.items.get(OwnedStorageKeys.givenUpOrders) ?? '[]')).toEqual([
      'PO3',
      'PO4',
      'PO5',
      'PO2',
      'PO6',
    ]);
  });

  it('read hostile storage as none, and start a list again over it', () => {
    const storage = memory();
    storage.setItem(OwnedStorageKeys.givenUpOrders, '{"not":"a list"}');
    expect(wasGivenUp('PO1', storage)).toBe(false);
    rememberGivenUp('PO1', storage);
    expect(wasGivenUp('PO1', storage)).toBe(true);
  });
});
