import type { Session } from '@topup/contracts/api/common';
import { ServerCode } from '@topup/contracts/codes';
import type { SessionUser } from '@topup/contracts/entities';
import type { LoginType } from '@topup/contracts/storage';
import { api } from '../../api/instance';
import { clientUuid } from '../../platform/ids';
import { type AppStore, setAnswer } from '../../platform/store';
import { lastLoginTicketAtom, sessionAtom, signInAtom, signOutAtom } from '../../session/session';
import { offerSwitchAtom } from './switchAccount';

/** Every way in (SPEC §4 "Login", §6): each records its login type; a refusal is a value with a message. */

export type SignInOutcome =
  | { readonly kind: 'signedIn' }
  | { readonly kind: 'skipped' }
  | { readonly kind: 'signedOut' }
  | { readonly kind: 'switch'; readonly user: SessionUser }
  | { readonly kind: 'failed'; readonly message: string };

function complete(store: AppStore, session: Session, loginType: LoginType, ticket?: string): SignInOutcome {
  setAnswer(store, signInAtom, { session, loginType, ...(ticket !== undefined ? { ticket } : {}) });
  return { kind: 'signedIn' };
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
  if (!answer.ok) return { kind: 'failed', message: answer.message };
  return complete(store, answer.data, 'account');
}

/**
 * The session_key URL arg: result 0 signs in, -10000 signs out; when a different user is already signed
 * in, the switch popup asks first. A visitor who was signed out is signed in as `link` until they (or the
 * app's bridge) confirm the account is theirs.
 */
export async function signInWithSessionKey(store: AppStore, sessionKey: string): Promise<SignInOutcome> {
  const current = store.get(sessionAtom);
  if (current?.sessionKey === sessionKey) return { kind: 'skipped' };
  const answer = await api.call('getPayUserInfo', { session_key: sessionKey });
  if (!answer.ok) {
    if (answer.result === ServerCode.loggedOut) {
      store.set(signOutAtom);
      return { kind: 'signedOut' };
    }
    return { kind: 'failed', message: answer.message };
  }
  const session: Session = { session_key: sessionKey, user: answer.data.user };
  if (current !== undefined && current.user.uid !== answer.data.user.uid) {
    store.set(offerSwitchAtom, session);
    return { kind: 'switch', user: answer.data.user };
  }
  return complete(store, session, current === undefined ? 'link' : 'ticket');
}

/** Ticket login, skipped when the ticket is missing or the one already used (SPEC §5). */
export async function signInWithTicket(
  store: AppStore,
  ticket: string | undefined,
  bundleId?: string,
): Promise<SignInOutcome> {
  if (ticket === undefined || ticket === '' || ticket === store.get(lastLoginTicketAtom))
    return { kind: 'skipped' };
  const answer = await api.call('ticketLogin', { ticket, ...(bundleId ? { bundle_id: bundleId } : {}) });
  if (!answer.ok) return { kind: 'failed', message: answer.message };
  return complete(store, answer.data, 'ticket', ticket);
}

export async function signInWithFacebook(
  store: AppStore,
  userId: string,
  accessToken: string,
): Promise<SignInOutcome> {
  const answer = await api.call('facebookLogin', {
    user_id: userId,
    access_token: accessToken,
    device: 'web',
    uuid: clientUuid(),
  });
  if (!answer.ok) return { kind: 'failed', message: answer.message };
  return complete(store, answer.data, 'social');
}

export async function signInWithGoogle(store: AppStore, idToken: string): Promise<SignInOutcome> {
  const answer = await api.call('googleLogin', { id_token: idToken, device: 'web', uuid: clientUuid() });
  if (!answer.ok) return { kind: 'failed', message: answer.message };
  return complete(store, answer.data, 'search');
}
