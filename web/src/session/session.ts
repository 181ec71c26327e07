import type { Session } from '@topup/contracts/api/common';
import type { SessionUser } from '@topup/contracts/entities';
import { safeImageUrl } from '@topup/contracts/images';
import { type LoginType, StorageKeys } from '@topup/contracts/storage';
import { atom } from 'jotai/vanilla';
import { currentBridge } from '../platform/bridgeDetect';
import { atomWithValidatedStorage } from '../platform/storage';
import { forgetAccountPaymentsAtom } from './accountKept';
import { historyAfterSignOut, historyStored } from './history';

/** The signed-in session (SPEC §3: session store holds skey and user), persisted and validated on read. */

const sessionKeyStored = atomWithValidatedStorage(StorageKeys.sessionKey);
const userStored = atomWithValidatedStorage(StorageKeys.user);
const loginTypeStored = atomWithValidatedStorage(StorageKeys.loginType);
const loginTicketStored = atomWithValidatedStorage(StorageKeys.loginTicket);
const linkAcknowledgedStored = atomWithValidatedStorage(StorageKeys.linkAcknowledged);

export interface SignedIn {
  readonly sessionKey: string;
  readonly user: SessionUser;
  readonly loginType: LoginType | undefined;
}

/** The session, when both the key and the user read back valid. */
export const sessionAtom = atom<SignedIn | undefined>((get) => {
  const sessionKey = get(sessionKeyStored);
  const user = get(userStored);
  if (sessionKey === undefined || user === undefined) return undefined;
  return { sessionKey, user, loginType: get(loginTypeStored) };
});

/**
 * True while a sign-in carried by the launch URL (a session key, a hand-over, a Facebook hand-over) is being
 * checked: the recharge screens then draw the signed-in layout's placeholders, the size of what the sign-in
 * brings, rather than the search form that it would replace (a layout shift).
 */
export const urlSignInPendingAtom = atom(false);

/**
 * The link notice's room (LinkNotice, ui.css) is kept while start-up's link sign-ins are checked: set before
 * the first render when index.html's head script kept it from the first paint (`data-link-notice`: a visit
 * that will show the notice), cleared once those sign-ins are done (app/boot.ts).
 */
export const linkNoticeRoomAtom = atom(false);

/**
 * A link's sign-in that failed while the link notice's room was kept for it (a link signing a signed-out visitor
 * in): its sentence, said in that room until the visitor closes it (LinkNotice), rather than in a passing toast
 * while the room is given back under them.
 */
export const linkFailureAtom = atom<string | undefined>(undefined);

/**
 * Inside the native app (its bridge is there, SPEC §1): a link is the app's own way of handing its account
 * over, not a stranger's, so it is not asked about (the link notice) and the account is the visitor's own.
 */
export function inNativeApp(): boolean {
  return typeof window !== 'undefined' && currentBridge(window) !== undefined;
}

/**
 * A sign-in a link brought, in an ordinary browser, that the visitor has not yet said is theirs: the page
 * keeps a notice naming the account (LinkNotice) and does not call it "my account" until they answer. Saying
 * yes does not make it a confirmed sign-in (the login type stays `link`: no card saved by default, no history
 * uploaded), it only stops the page asking; signing in with a password or a social button confirms it. Inside
 * the native app there is no question (`inNativeApp`; read when the session changes: the bridge, once there,
 * stays).
 */
export const linkUnacknowledgedAtom = atom((get) => {
  const session = get(sessionAtom);
  return session?.loginType === 'link' && get(linkAcknowledgedStored) !== session.user.uid && !inNativeApp();
});

/** The visitor's "yes, this is my account" to the link notice. */
export const acknowledgeLinkAtom = atom(null, (get, set) => {
  const session = get(sessionAtom);
  if (session?.loginType === 'link') set(linkAcknowledgedStored, session.user.uid);
});

export const sessionKeyAtom = atom((get) => get(sessionAtom)?.sessionKey);
export const lastLoginTicketAtom = atom((get) => get(loginTicketStored));

export const signInAtom = atom(
  null,
  (_get, set, args: { session: Session; loginType: LoginType; ticket?: string }) => {
    set(sessionKeyStored, args.session.session_key);
    // The key lives once, under its own storage key.
    const { session_key: _dropped, ...user } = args.session.user;
    // An icon the page may not load (a server's `javascript:` address) is kept as none: the default avatar.
    set(userStored, { ...user, icon: safeImageUrl(user.icon) });
    set(loginTypeStored, args.loginType);
    if (args.ticket !== undefined) set(loginTicketStored, args.ticket);
  },
);

/**
 * A ticket the page has redeemed, whatever came of it (signed in, declined at the switch confirm, refused): a
 * ticket signs in once, so the launch URL's ticket is not tried again when the page becomes visible.
 */
export const ticketUsedAtom = atom(null, (_get, set, ticket: string) => set(loginTicketStored, ticket));

/**
 * Sign-out clears the session key, the user and the login type (SPEC §4), and the account's rows of the
 * recharge history (`historyAfterSignOut`): the next visitor of a shared phone sees neither it nor whom it paid.
 */
export const signOutAtom = atom(null, (get, set) => {
  const accountUid = get(userStored)?.uid;
  const history = get(historyStored);
  if (accountUid !== undefined && history !== undefined)
    set(historyStored, historyAfterSignOut(history, accountUid));
  set(sessionKeyStored, undefined);
  set(userStored, undefined);
  set(loginTypeStored, undefined);
  set(linkAcknowledgedStored, undefined);
  // After the session: another tab hears the sign-out first, never the account's target gone while signed in.
  set(forgetAccountPaymentsAtom);
});
