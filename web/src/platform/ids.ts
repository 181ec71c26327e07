import { StorageKeys } from '@topup/contracts/storage';
import { readKey, writeKey } from './storage';

/** Client uuid and device id (SPEC §3), created once and kept in storage. */

function randomHex(bytes: number): string {
  const buffer = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(buffer);
  return Array.from(buffer, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A version 4 uuid; built from random bytes where randomUUID is missing (a page served over plain http). */
export function newUuid(): string {
  const uuid = globalThis.crypto.randomUUID?.();
  if (uuid !== undefined) return uuid;
  const hex = randomHex(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The value kept under `key`, created and stored on first use. */
function kept(
  key: typeof StorageKeys.clientUuid | typeof StorageKeys.deviceId,
  create: () => string,
): string {
  const stored = readKey(key);
  if (stored !== undefined) return stored;
  const fresh = create();
  writeKey(key, fresh);
  return fresh;
}

export function clientUuid(): string {
  return kept(StorageKeys.clientUuid, newUuid);
}

/** The h5 device id: `h5_` and 32 hex characters. */
export function deviceId(): string {
  return kept(StorageKeys.deviceId, () => `h5_${randomHex(16)}`);
}
