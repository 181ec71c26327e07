import { OwnedStorageKeys } from '@topup/contracts/storage';
import { z } from 'zod/mini';
import { readJson, tabStorage, writeJson } from '../../platform/storage';

/**
 * The fine account's ban as the visitor saw it before leaving for the hosted or issuer page, kept for the
 * return, which starts a fresh page: only then can the paid screen say "unbanned" truthfully. Kept per tab,
 * per fine; nothing secret. A value that is missing or not a boolean reads as unknown.
 */
export interface BanMemory {
  remember(fineId: number, banned: boolean): void;
  recall(fineId: number): boolean | undefined;
}

const keyOf = (fineId: number) => `${OwnedStorageKeys.fineBannedBefore}${fineId}`;

export function banMemoryIn(storage: () => Storage | undefined): BanMemory {
  return {
    // Refused (private mode, quota): the return then says what it can check, never "unbanned".
    remember: (fineId, banned) => writeJson(storage(), keyOf(fineId), banned),
    recall: (fineId) => readJson(storage(), keyOf(fineId), z.boolean()),
  };
}

export const sessionBanMemory: BanMemory = banMemoryIn(tabStorage);
