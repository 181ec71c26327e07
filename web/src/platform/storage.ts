import { type AbTestKey, readStored, type StorageKey, type StoredValue } from '@topup/contracts/storage';
import { atomWithStorage } from 'jotai/utils';

/**
 * Typed browser storage (SPEC §3), validated on read with the contracts' schemas: a missing, corrupt or
 * wrongly shaped value reads as absent and is never a crash. Storage that throws (private mode, quota) is
 * treated as empty and reported once through `onStorageFailure`.
 */

type FailureListener = (operation: 'read' | 'write', key: string, error: unknown) => void;
let onFailure: FailureListener = () => {};

export function onStorageFailure(listener: FailureListener): void {
  onFailure = listener;
}

function backing(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function readKey<K extends StorageKey | AbTestKey>(key: K): StoredValue<K> | undefined {
  try {
    const raw = backing()?.getItem(key) ?? null;
    const value = readStored(key, raw);
    if (value === undefined && raw !== null) backing()?.removeItem(key);
    return value;
  } catch (error) {
    onFailure('read', key, error);
    return undefined;
  }
}

export function writeKey<K extends StorageKey | AbTestKey>(key: K, value: StoredValue<K> | undefined): void {
  try {
    if (value === undefined) backing()?.removeItem(key);
    else backing()?.setItem(key, JSON.stringify(value));
  } catch (error) {
    onFailure('write', key, error);
  }
}

/**
 * A persisted atom of one storage key. Reads go through the key's schema; `undefined` removes the key.
 * Other tabs' writes arrive through the storage event, validated the same way.
 */
export function atomWithValidatedStorage<K extends StorageKey>(key: K) {
  return atomWithStorage<StoredValue<K> | undefined>(
    key,
    undefined,
    {
      getItem: (k) => readKey(k as K),
      setItem: (k, value) => writeKey(k as K, value),
      removeItem: (k) => writeKey(k as K, undefined),
      subscribe: (k, callback) => {
        const listener = (event: StorageEvent) => {
          if (event.key === k) callback(readKey(k as K));
        };
        globalThis.addEventListener?.('storage', listener);
        return () => globalThis.removeEventListener?.('storage', listener);
      },
    },
    { getOnInit: true },
  );
}
