import { describe, expect, it } from 'vitest';
import { banMemoryIn } from './banMemory';

function storageOf(entries: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

const refusing: Storage = {
  ...storageOf(),
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
};

describe('the ban remembered across the hosted page', () => {
  it.each([true, false])('remembers %s per fine', (banned) => {
    const storage = storageOf();
    const memory = banMemoryIn(() => storage);
    memory.remember(7001, banned);
    expect(memory.recall(7001)).toBe(banned);
    expect(memory.recall(7003)).toBeUndefined();
  });

  it.each([['"yes"'], ['1'], ['{}'], ['']])('a stored %j reads as unknown', (raw) => {
    expect(
      banMemoryIn(() => storageOf({ 'topup.fine_banned_before.7001': raw })).recall(7001),
    ).toBeUndefined();
  });

  it('storage that throws or is missing reads as unknown and never throws', () => {
    for (const memory of [banMemoryIn(() => refusing), banMemoryIn(() => undefined)]) {
      expect(() => memory.remember(7001, true)).not.toThrow();
      expect(memory.recall(7001)).toBeUndefined();
    }
  });
});
