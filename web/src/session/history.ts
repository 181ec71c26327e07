import type { PayTargetRecord } from '@topup/contracts/entities';
import { StorageKeys } from '@topup/contracts/storage';
import { atomWithValidatedStorage } from '../platform/storage';

/**
 * The recharge history as stored (SPEC §3 "recharge history"); the recharge screens read and write it
 * (features/recharge), sign-out prunes it (`signOutAtom`).
 */
export const historyStored = atomWithValidatedStorage(StorageKeys.rechargeHistory);

/**
 * What a shared phone keeps of the history once an account signs out: the rows a signed-out visitor added
 * (their payer uid is 0, SPEC §3's history entry), never the account's own row nor a row its sign-in brought
 * (the server's sync, or a payment made signed in: their payer uid is the account's). A row the sync merged
 * over a visitor's own one carries the account's uid and goes too: whom the account paid is not left behind.
 */
export function historyAfterSignOut(
  history: readonly PayTargetRecord[],
  accountUid: number,
): PayTargetRecord[] {
  return history.filter((row) => row.uid === 0 && row.to_uid !== accountUid);
}
