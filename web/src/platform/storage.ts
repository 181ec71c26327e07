import { type AbTestKey, readStored, type StorageKey, type StoredValue } from '@topup/contracts/storage';
import { atom } from 'jotai/vanilla';

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
 * The value is read when the atom is created and again when it is first mounted; other tabs' writes arrive
 * through the storage event, validated the same way. (A plain atom rather than jotai/utils' atomWithStorage,
 * which kept jotai/utils in the first load for this alone; issue 16.)
 */
export function atomWithValidatedStorage<K extends StorageKey>(key: K) {
  type Value = StoredValue<K> | undefined;
  const stored = atom<Value>(readKey(key));
  stored.onMount = (setValue) => {
    setValue(readKey(key));
    const listener = (event: StorageEvent) => {
      if (event.key === key) setValue(readKey(key));
    };
    globalThis.addEventListener?.('storage', listener);
    return () => globalThis.removeEventListener?.('storage', listener);
  };
  return atom(
    (get) => get(stored),
    (get, set, update: Value | ((previous: Value) => Value)) => {
      const next =
        typeof update === 'function' ? (update as (previous: Value) => Value)(get(stored)) : update;
      set(stored, next);
      writeKey(key, next);
    },
  );
}
