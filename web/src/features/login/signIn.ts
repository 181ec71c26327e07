import { SignInDelaySchema } from '@topup/contracts/api/auth';
import type { Session } from '@topup/contracts/api/common';
import { ServerCode } from '@topup/contracts/codes';
import type { SessionUser } from '@topup/contracts/entities';
import { Message } from '@topup/contracts/messages';
import type { LoginType } from '@topup/contracts/storage';
import { failureText } from '../../api/failureText';
import { api } from '../../api/instance';
import { tolerant } from '../../api/tolerant';
import { tLogin } from '../../i18n/login';
import { clientUuid, deviceId } from '../../platform/ids';
import { type AppStore, setAnswer } from '../../platform/store';
import { readUrlArgs, versionCodeArg } from '../../platform/urlArgs';
import type { OwnAccount } from '../../security/handOver';
import {
  acknowledgeLinkAtom,
  inNativeApp,
  lastLoginTicketAtom,
  linkFailureAtom,
  linkNoticeRoomAtom,
  linkUnacknowledgedAtom,
  sessionAtom,
  signInAtom,
  ticketUsedAtom,
} from '../../session/session';
import { shownName } from '../../ui/shownName';
import { showToastAtom } from '../../ui/toast';
import { offerSwitchAtom } from './switchAccount';

/**
 * Every way in (SPEC §4 "Login", §6): each records its login type; a refusal is a value with a message.
 * The visitor's own act (password, Facebook, Google, "yes" to the app's account) is a confirmed sign-in.
 * One a link carries may be a stranger's (login CSRF): it never replaces another account without asking
 * (`fromLink`), and as login type `link` it is never confirmed: no card saved by default, no history upload.
 */

export type SignInOutcome =
  | { readonly kind: 'signedIn' }
  | { readonly kind: 'skipped' }
  | { readonly kind: 'switch'; readonly user: SessionUser }
  | { readonly kind: 'failed'; readonly message: string; readonly retryAfter?: number };

/**
 * A refused sign-in as the page says it: the catalogue's message for a code it knows, else SPEC §8's "login
 * failed" with the code (api/failureText.ts), never the server's own words.
 */
function signInFailure(result: number): string {
  return failureText(result, { unknown: (code) => tLogin('login.failedCode', { code }) });
}

function complete(store: AppStore, session: Session, loginType: LoginType, ticket?: string): SignInOutcome {
  setAnswer(store, signInAtom, { session, loginType, ...(ticket !== undefined ? { ticket } : {}) });
  return { kind: 'signedIn' };
}

/**
 * A session a link brought. Signed out: it signs in as `link`, named by the page's link notice until the
 * visitor says it is theirs (by a toast inside the native app, whose own way in it is). The same account:
 * refreshed. Another account: the switch popup asks first. `own`: the wallet domain move's word, from this
 * app's own page, that the account was the visitor's own there (security/handOver.ts): signed in as it was
 * there, with no link question, when the server's user is that account.
 */
function fromLink(store: AppStore, session: Session, own?: OwnAccount): SignInOutcome {
  const current = store.get(sessionAtom);
  if (current === undefined && own !== undefined && own.uid === session.user.uid) {
    complete(store, session, own.loginType);
    // A link's account the visitor had confirmed there stays a link sign-in, confirmed here too.
    store.set(acknowledgeLinkAtom);
    return { kind: 'signedIn' };
  }
  if (current === undefined) {
    complete(store, session, 'link');
    // In an ordinary browser the page's link notice (app/LinkNotice.tsx) names the account until the visitor
    // answers it, and the account is not called theirs before that. Inside the native app the link is the
    // app's own hand-over: no question, a toast says which account it is.
    if (inNativeApp()) {
      const { nickname, display_uid } = session.user;
      // The nickname is isolated and without its own bidirectional controls (a PDI inside it would end the
      // isolate early), so it cannot reorder the rest of the message.
      const name = `\u2068${shownName(nickname)}\u2069`;
      // Said in the same transition as the sign-in (`complete`): the toast shows with the header that shows
      // the account, never before it while React is still drawing the signed-in page.
      setAnswer(store, showToastAtom, {
        text: tLogin('link.signedIn', { name, id: `\u2066${display_uid}\u2069` }),
      });
    }
    return { kind: 'signedIn' };
  }
  if (current.user.uid === session.user.uid) return complete(store, session, current.loginType ?? 'link');
  store.set(offerSwitchAtom, session);
  return { kind: 'switch', user: session.user };
}

/**
 * A link whose sign-in failed: said so, and nothing about who is signed in changes. Said in the link notice's
 * room when start-up kept it for this link and no other link sign-in's notice is to fill it; else in a toast.
 */
function linkFailed(store: AppStore, message: string): SignInOutcome {
  const text = tLogin('link.failed', { reason: message });
  if (store.get(linkNoticeRoomAtom) && !store.get(linkUnacknowledgedAtom))
    setAnswer(store, linkFailureAtom, text);
  else store.set(showToastAtom, { text, tone: 'error' });
  return { kind: 'failed', message };
}

export async function signInWithAccount(
  store: AppStore,
  displayUid: string,
  password: string,
): Promise<SignInOutcome> {
  const answer = await api.call('accountLogin', {
    display_uid: displayUid,
    password,
    device: 'web',
    uuid: clientUuid(),
  });
  if (answer.ok) return complete(store, answer.data, 'account');
  if (answer.result === ServerCode.signInDelayed) {
    const delay = SignInDelaySchema.safeParse(answer.detail);
    if (delay.success) {
      const wait = delay.data.retry_after;
      return { kind: 'failed', message: tLogin('login.retryIn', { seconds: wait }), retryAfter: wait };
    }
  }
  return { kind: 'failed', message: signInFailure(answer.result) };
}

/**
 * The session_key URL arg (and the `#pageinfo` hand-over's key): result 0 signs in as a link; another user signed
 * in here is asked first. Any failure is the link's only, said as its failure (linkFailed), and nobody is signed
 * out: -10000 (SPEC §4 "logs out") says the LINK's key is logged out, so the link expired; a session of the
 * visitor's own ends only by its own check (session/verify.ts). Else any link could sign a visitor out and tell
 * them their session ended. 21001 (a key that never was a session), an answer outside the contract: the same.
 */
export async function signInWithSessionKey(
  store: AppStore,
  sessionKey: string,
  own?: OwnAccount,
): Promise<SignInOutcome> {
  const current = store.get(sessionAtom);
  if (current?.sessionKey === sessionKey) return { kind: 'skipped' };
  // An answer outside the contract (a nickname too long, say) is a failure said like any other, never a throw
  // that leaves the link's visitor signed out with nothing said. Made under the link's key, not the visitor's:
  // its -10000 never ends the session signed in here (api/orderSession.ts endsSignedInSession).
  const answer = await tolerant(api).call(
    'getPayUserInfo',
    { session_key: sessionKey },
    { session: { key: sessionKey } },
  );
  if (!answer.ok)
    return linkFailed(
      store,
      answer.result === ServerCode.loggedOut ? Message.linkExpired : signInFailure(answer.result),
    );
  return fromLink(store, { session_key: sessionKey, user: answer.data.user }, own);
}

/**
 * The app package a `bundle_id` URL argument names, sent as ticket_login's x-cli-pn (SPEC §7); undefined for
 * anything that is not a package name (letters, digits, `_`, `-`, dot-separated), which a link could hold.
 */
export function packageOfBundleArg(bundleId: string | undefined): string | undefined {
  if (bundleId === undefined || bundleId.length > PACKAGE_NAME_MAX) return undefined;
  return PACKAGE_NAME.test(bundleId) ? bundleId : undefined;
}
const PACKAGE_NAME = /^[A-Za-z][\w-]*(\.[A-Za-z0-9_][\w-]*)*$/;
const PACKAGE_NAME_MAX = 128;

/** A sign-in call's options: made under no session, so no answer of it ends the one signed in here. */
const NO_SESSION = { session: { key: undefined } } as const;

async function redeemTicket(store: AppStore, ticket: string, bundleId: string | undefined) {
  const packageName = packageOfBundleArg(bundleId);
  // Outside the contract: a failure said like any other (tolerant), not a throw.
  const answer = await tolerant(api).call(
    'ticketLogin',
    { ticket, uuid: clientUuid() },
    // Made under no session: whatever it answers (even a stray -10000) is the ticket's, never the end of the
    // session signed in here (api/orderSession.ts endsSignedInSession).
    packageName === undefined ? NO_SESSION : { ...NO_SESSION, packageName },
  );
  // Once only, whatever came of it: a ticket signs in once.
  store.set(ticketUsedAtom, ticket);
  return answer;
}

/**
 * The ticket URL arg (SPEC §5: skipped when missing or the one already used): a link sign-in. The ticket is
 * redeemed first (it names its account only then), and its session offered like any link's.
 */
export async function signInWithTicket(
  store: AppStore,
  ticket: string | undefined,
  bundleId?: string,
): Promise<SignInOutcome> {
  if (ticket === undefined || ticket === '' || ticket === store.get(lastLoginTicketAtom))
    return { kind: 'skipped' };
  const answer = await redeemTicket(store, ticket, bundleId);
  if (!answer.ok) return linkFailed(store, signInFailure(answer.result));
  return fromLink(store, answer.data);
}

/** The ticket the app handed over after the visitor said yes to its account: a confirmed sign-in. */
export async function signInWithAppTicket(
  store: AppStore,
  ticket: string | undefined,
  bundleId?: string,
): Promise<SignInOutcome> {
  if (ticket === undefined || ticket === '' || ticket === store.get(lastLoginTicketAtom))
    return { kind: 'skipped' };
  const answer = await redeemTicket(store, ticket, bundleId);
  if (!answer.ok) return { kind: 'failed', message: signInFailure(answer.result) };
  return complete(store, answer.data, 'ticket', ticket);
}

/**
 * The device fields of a social sign-in (SPEC §7 facebook_login and google_login), each sent only where the
 * page has a true value for it:
 * - `version_code`: the native app's, from the link's `version_code` when it is a plain positive integer
 *   (`versionCodeArg`); a page in an ordinary browser has none, and sends none.
 * - `device` is `web`; `uuid` the client uuid; `device_uuid` this browser's h5 device id (the one every call
 *   already carries as its device token).
 * - Never sent, as a web page cannot know them: `mac` (browsers expose no network hardware address),
 *   `sdcard_uuid` (nor any storage volume's id) and `phone` (the visitor's number is never given to a page,
 *   and sign-in asks for none). Made-up values would be worse than none: the server would take them as true.
 */
function socialDeviceFields(search: string, hash: string) {
  const versionCode = versionCodeArg(readUrlArgs(search, hash));
  return {
    ...(versionCode === undefined ? {} : { version_code: versionCode }),
    device: 'web',
    device_uuid: deviceId(),
    uuid: clientUuid(),
  };
}

async function facebookSession(userId: string, accessToken: string) {
  return api.call(
    'facebookLogin',
    { user_id: userId, access_token: accessToken, ...socialDeviceFields(location.search, location.hash) },
    // As a ticket's: a hand-over's answer never ends the session signed in here.
    NO_SESSION,
  );
}

/** The Facebook button: a confirmed sign-in. */
export async function signInWithFacebook(
  store: AppStore,
  userId: string,
  accessToken: string,
): Promise<SignInOutcome> {
  const answer = await facebookSession(userId, accessToken);
  if (!answer.ok) return { kind: 'failed', message: signInFailure(answer.result) };
  return complete(store, answer.data, 'social');
}

/** A Facebook hand-over in the URL hash (`#fb_id=…&fb_token=…`): a link sign-in. */
export async function signInWithFacebookLink(
  store: AppStore,
  userId: string,
  accessToken: string,
): Promise<SignInOutcome> {
  const answer = await facebookSession(userId, accessToken);
  if (!answer.ok) return linkFailed(store, signInFailure(answer.result));
  return fromLink(store, answer.data);
}

export async function signInWithGoogle(store: AppStore, idToken: string): Promise<SignInOutcome> {
  const answer = await api.call('googleLogin', {
    id_token: idToken,
    ...socialDeviceFields(location.search, location.hash),
  });
  if (!answer.ok) return { kind: 'failed', message: signInFailure(answer.result) };
  return complete(store, answer.data, 'search');
}
