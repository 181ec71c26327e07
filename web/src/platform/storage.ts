import { type AbTestKey, readStored, type StorageKey, type StoredValue } from '@topup/contracts/storage';
import { atomWithStorage } from 'jotai/utils';
import type { z } from 'zod/mini';

/**
 * Typed browser storage (SPEC §3), validated on read with the contracts' schemas: a missing, corrupt or
 * wrongly shaped value reads as absent and is never a crash. Storage that throws (private mode, quota) is
 * treated as empty and reported once through `onStorageFailure`.
 */

type FailureListener = (operation: 'read' | 'write', key: string, error: unknown) => void;
let listener: FailureListener | undefined;
/**
 * Failures before anyone listens (the module-level reads of start-up, before `start()` listens): kept, the
 * first few, and handed to the listener once there is one, so they are reported too.
 */
const early: Parameters<FailureListener>[] = [];
const EARLY_KEPT = 10;

function onFailure(...failure: Parameters<FailureListener>): void {
  if (listener !== undefined) listener(...failure);
  else if (early.length < EARLY_KEPT) early.push(failure);
}

export function onStorageFailure(next: FailureListener): void {
  listener = next;
  for (const failure of early.splice(0)) next(...failure);
}

/** This browser's localStorage; undefined where there is none or it is refused. */
export function browserStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** This tab's sessionStorage; undefined where there is none or it is refused. */
export function tabStorage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/** `raw` as JSON read through `schema`: undefined when missing, corrupt or of another shape. */
export function parseJson<T>(raw: string | null | undefined, schema: z.ZodMiniType<T>): T | undefined {
  if (raw === null || raw === undefined) return undefined;
  try {
    const read = schema.safeParse(JSON.parse(raw));
    return read.success ? read.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The value a module keeps under one of its own keys (OwnedStorageKeys), read through its schema; undefined
 * when missing, misshapen or refused. Unlike `readKey`, nothing is removed or reported.
 */
export function readJson<T>(
  storage: Pick<Storage, 'getItem'> | undefined,
  key: string,
  schema: z.ZodMiniType<T>,
): T | undefined {
  try {
    return parseJson(storage?.getItem(key), schema);
  } catch {
    return undefined;
  }
}

/** Keeps `value` as JSON under `key` (undefined removes it); storage refusing it goes unreported. */
export function writeJson(
  storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined,
  key: string,
  value: unknown,
): void {
  try {
    if (value === undefined) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or a full quota: the page goes on; only what a reload would find again is lost.
  }
}

export function readKey<K extends StorageKey | AbTestKey>(key: K): StoredValue<K> | undefined {
  try {
    const raw = browserStorage()?.getItem(key) ?? null;
    const value = readStored(key, raw);
    if (value === undefined && raw !== null) browserStorage()?.removeItem(key);
    return value;
  } catch (error) {
    onFailure('read', key, error);
    return undefined;
  }
}

export function writeKey<K extends StorageKey | AbTestKey>(key: K, value: StoredValue<K> | undefined): void {
  try {
    if (value === undefined) browserStorage()?.removeItem(key);
    else browserStorage()?.setItem(key, JSON.stringify(value));
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
