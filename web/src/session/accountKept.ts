import { OwnedStorageKeys, StorageKeys } from '@topup/contracts/storage';
import { atom } from 'jotai/vanilla';
import { atomWithValidatedStorage, browserStorage, writeJson, writeKey } from '../platform/storage';

/**
 * What the browser keeps of the account's payments, one atom per key for the whole page (the recharge list,
 * the pay step and sign-out share them), so sign-out forgets each in the page as well as in storage: the
 * next visitor of a shared phone is not shown whom the account paid, nor how.
 */

/** The target the recharge search chose (payments/payTarget.ts reads it, features/recharge/choose.ts writes it). */
export const targetStored = atomWithValidatedStorage(StorageKeys.payTargetUser);
/** The last successful pay type and card (SPEC §4 success), never more than a card's four public fields. */
export const lastPayTypeStored = atomWithValidatedStorage(StorageKeys.lastPayType);
export const lastPayCardStored = atomWithValidatedStorage(StorageKeys.lastPayCard);
/** The signed-in visitor's last answer to "save this card" (payments/rememberCard.ts). */
export const rememberCardStored = atomWithValidatedStorage(StorageKeys.rememberCard);

/**
 * Sign-out's forgetting of the account's payments: the target, the last method and card, the save answer and
 * the recent payments other tabs hear of (localStorage). What is the device's stays: its ids, AB scores and
 * API domains, the history rows a signed-out visitor added (session/history.ts), a ticket already used.
 * This tab's paid visits (sessionStorage) stay too: they are what keeps a Back into a paid step from paying
 * it again, signed out or not, and they end with the tab.
 */
export const forgetAccountPaymentsAtom = atom(null, (_get, set) => {
  set(targetStored, undefined);
  set(lastPayTypeStored, undefined);
  set(lastPayCardStored, undefined);
  set(rememberCardStored, undefined);
  // No page reads the bare uid any more; one an older page kept is the account's target all the same.
  writeKey(StorageKeys.payTargetUid, undefined);
  writeJson(browserStorage(), OwnedStorageKeys.recentPayments, undefined);
});
