import { StorageKeys } from '@topup/contracts/storage';
import { atom } from 'jotai/vanilla';
import { atomWithValidatedStorage } from '../platform/storage';

/** The save-card choice under a new card's fields, one rule for every payment screen (pay and fines). */

const rememberCardStored = atomWithValidatedStorage(StorageKeys.rememberCard);

/**
 * Whether a new card is offered to be saved, ticked: never for a signed-out visitor (saved cards are a signed-in
 * feature, SPEC §6), nor for an account a link signed in that the visitor has not confirmed (a stranger's link
 * must not collect the visitor's card into the stranger's account); for a signed-in one, their last answer,
 * else yes.
 */
export const rememberDefault = (
  signedIn: 'out' | 'unconfirmedLink' | 'in',
  lastChoice: boolean | undefined,
): boolean => (signedIn === 'in' ? (lastChoice ?? true) : false);
/**
 * Whether a new card's fields offer to save it at all: a saved card belongs to an account, so never to a
 * signed-out visitor (the server keeps no card for a signed-out payer; a box that saves nothing would mislead).
 */
export const offersRemember = (signedIn: 'out' | 'unconfirmedLink' | 'in'): boolean => signedIn !== 'out';
export const lastRememberChoiceAtom = atom((get) => get(rememberCardStored));
/** The signed-in visitor's answer, kept for their next card. */
export const rememberChoiceAtom = atom(null, (_get, set, choice: boolean) => set(rememberCardStored, choice));
