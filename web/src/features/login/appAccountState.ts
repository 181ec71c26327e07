import { OwnedStorageKeys } from '@topup/contracts/storage';
import { atom } from 'jotai/vanilla';
import { z } from 'zod/mini';
import { readJson, tabStorage, writeJson } from '../../platform/storage';
import { type SignedIn, sessionAtom } from '../../session/session';

/**
 * The popup offering to sign in with the account signed in inside the app (SPEC §2 Popups). This module
 * holds the decision and the popup's state only; the bridge exchange is in `appAccount.ts`, loaded with
 * start-up, so the shell can show the popup without the API client in its first chunk.
 */

export type AppAccountMode = 'signIn' | 'switch';

export interface AppAccountOffer {
  readonly openId: string;
  /** signIn: the page is signed out; switch: it is signed in, through the app, as another app account. */
  readonly mode: AppAccountMode;
}

/** What this tab remembers for the visit: the app account declined, and the one that signed the page in. */
const AppAccountMemorySchema = z.object({
  declinedOpenId: z.optional(z.string()),
  link: z.optional(z.object({ openId: z.string(), uid: z.int() })),
});
export type AppAccountMemory = Readonly<z.infer<typeof AppAccountMemorySchema>>;

export interface OfferInputs {
  readonly inApp: boolean;
  readonly appOpenId: string | undefined;
  readonly session: SignedIn | undefined;
  readonly memory: AppAccountMemory;
  /** Another popup about the account (the session_key switch, this one) is already open. */
  readonly popupOpen: boolean;
}

/**
 * Whether to offer the app's account. The app's user is known only by an opaque open_id, which the page's
 * session does not carry; so a signed-in page counts as "another account" only when this visit signed it in
 * through the app as a different open_id (the link), never by guessing.
 */
export function decideAppAccountOffer(inputs: OfferInputs): AppAccountOffer | undefined {
  const { appOpenId, session, memory } = inputs;
  if (!inputs.inApp || appOpenId === undefined || inputs.popupOpen) return undefined;
  if (memory.declinedOpenId === appOpenId) return undefined;
  if (session === undefined) return { openId: appOpenId, mode: 'signIn' };
  const link = memory.link;
  if (link !== undefined && link.uid === session.user.uid && link.openId !== appOpenId)
    return { openId: appOpenId, mode: 'switch' };
  return undefined;
}

/** The visit's memory (per tab); anything unreadable or misshapen reads as empty. */
export function readAppAccountMemory(): AppAccountMemory {
  return readJson(tabStorage(), OwnedStorageKeys.appAccount, AppAccountMemorySchema) ?? {};
}

/** Refused (private mode, a full quota): the choice is then kept for this page's life only. */
const writeAppAccountMemory = (memory: AppAccountMemory) =>
  writeJson(tabStorage(), OwnedStorageKeys.appAccount, memory);

type Phase =
  | { readonly kind: 'asking' }
  | { readonly kind: 'signingIn' }
  | { readonly kind: 'failed'; readonly message: string };

const offerState = atom<AppAccountOffer | undefined>(undefined);
const phaseState = atom<Phase>({ kind: 'asking' });
// Read from storage until this page changes it, so every store (and test) sees the tab's memory.
const memoryState = atom<AppAccountMemory | undefined>(undefined);
const memoryAtom = atom((get) => get(memoryState) ?? readAppAccountMemory());

export interface AppAccountPopupState {
  readonly mode: AppAccountMode;
  readonly phase: Phase;
}

/**
 * The popup as shown: a sign-in offer goes away by itself once the page is signed in some other way
 * (unless this popup is the one signing in).
 */
export const appAccountPopupAtom = atom<AppAccountPopupState | undefined>((get) => {
  const offer = get(offerState);
  if (offer === undefined) return undefined;
  const phase = get(phaseState);
  if (offer.mode === 'signIn' && get(sessionAtom) !== undefined && phase.kind !== 'signingIn')
    return undefined;
  return { mode: offer.mode, phase };
});

/** The offer being answered, for the exchange in `appAccount.ts`. */
export const appAccountOfferAtom = atom((get) =>
  get(appAccountPopupAtom) === undefined ? undefined : get(offerState),
);

export const appAccountMemoryAtom = atom((get) => get(memoryAtom));

export const showAppAccountOfferAtom = atom(null, (_get, set, offer: AppAccountOffer) => {
  set(phaseState, { kind: 'asking' });
  set(offerState, offer);
});

/** "No": the visitor stays as is, and this app account is not offered again during the visit. */
export const declineAppAccountAtom = atom(null, (get, set) => {
  const offer = get(offerState);
  if (offer === undefined || get(phaseState).kind === 'signingIn') return;
  const memory = { ...get(memoryAtom), declinedOpenId: offer.openId };
  set(memoryState, memory);
  writeAppAccountMemory(memory);
  set(offerState, undefined);
});

export const appAccountSigningInAtom = atom(null, (_get, set) => set(phaseState, { kind: 'signingIn' }));

export const appAccountFailedAtom = atom(null, (_get, set, message: string) =>
  set(phaseState, { kind: 'failed', message }),
);

/** Signed in with the app's account: remember which page account it is, and close. */
export const appAccountSignedInAtom = atom(null, (get, set, link: { openId: string; uid: number }) => {
  const { declinedOpenId: _forgotten, ...rest } = get(memoryAtom);
  const memory = { ...rest, link };
  set(memoryState, memory);
  writeAppAccountMemory(memory);
  set(offerState, undefined);
});
