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
 * Jotai's `atomWithStorage` over one storage key, read through the key's schema (`readKey`): a value read back
 * is the contracts' shape or absent, never whatever another script left there. `undefined` removes the key;
 * other tabs' writes arrive through the storage event, validated the same way.
 */
export function atomWithValidatedStorage<K extends StorageKey>(key: K) {
  return atomWithStorage<StoredValue<K> | undefined>(
    key,
    undefined,
    {
      getItem: () => readKey(key),
      setItem: (_key, value) => writeKey(key, value),
      removeItem: () => writeKey(key, undefined),
      subscribe: (_key, callback) => {
        const listener = (event: StorageEvent) => {
          if (event.key === key || event.key === null) callback(readKey(key));
        };
        globalThis.addEventListener?.('storage', listener);
        return () => globalThis.removeEventListener?.('storage', listener);
      },
    },
    { getOnInit: true },
  );
}
