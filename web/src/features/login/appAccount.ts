import { BridgeError } from '@topup/contracts/codes';
import { tLogin } from '../../i18n/login';
import { t } from '../../i18n/t';
import { bridgeLoginTicket, bridgeUserInfo, type LoginTicketAnswer } from '../../platform/bridgeAccount';
import { currentBridge, type NativeBridge, waitForBridge } from '../../platform/bridgeDetect';
import type { AppStore } from '../../platform/store';
import { readUrlArgs } from '../../platform/urlArgs';
import { sessionAtom } from '../../session/session';
import { showToastAtom } from '../../ui/toast';
import { markAppAccountOfferedAtom } from './appAccountHost';
import {
  appAccountFailedAtom,
  appAccountMemoryAtom,
  appAccountOfferAtom,
  appAccountPopupAtom,
  appAccountSignedInAtom,
  appAccountSigningInAtom,
  decideAppAccountOffer,
  showAppAccountOfferAtom,
} from './appAccountState';
import { type SignInOutcome, signInWithAppTicket } from './signIn';
import { pendingSwitchAtom } from './switchAccount';

/**
 * The exchange behind the app-account popup: ask the app who is signed in (bridge `getUserInfo`, 1 s), offer
 * that account, and on "yes" ask the app for a login ticket (`getLoginTicket`, 5 s) and sign in with it
 * through the ordinary ticket login (login type "ticket", SPEC §4).
 */

export interface AppUser {
  readonly bridge: NativeBridge;
  readonly openId: string;
}

/** The app's signed-in user; undefined in a browser, with no user, or with no answer in time. */
export async function askAppUser(win: Window = window): Promise<AppUser | undefined> {
  const bridge = await waitForBridge(win);
  if (bridge === undefined) return undefined;
  const user = await bridgeUserInfo(bridge, win);
  return user === undefined ? undefined : { bridge, openId: user.openId };
}

/** Offers the app's account when the decision says so. Never awaited by start-up. */
export async function offerAppAccount(store: AppStore, appUser: Promise<AppUser | undefined>): Promise<void> {
  const user = await appUser;
  const offer = decideAppAccountOffer({
    inApp: user !== undefined,
    appOpenId: user?.openId,
    session: store.get(sessionAtom),
    memory: store.get(appAccountMemoryAtom),
    popupOpen: store.get(pendingSwitchAtom) !== undefined || store.get(appAccountPopupAtom) !== undefined,
  });
  if (offer === undefined) return;
  store.set(markAppAccountOfferedAtom);
  store.set(showAppAccountOfferAtom, offer);
}

/** Bridge codes that mean the app itself could not reach the network (SPEC §8). */
const APP_NETWORK_CODES: ReadonlySet<BridgeError> = new Set([
  BridgeError.ConnectionShutdown,
  BridgeError.InterruptedError,
  BridgeError.SslHandshake,
  BridgeError.SslPeerUnverified,
  BridgeError.SslError,
  BridgeError.SocketError,
  BridgeError.UnknownHost,
]);

/** A code inside Arabic text, isolated left to right so "-1" does not read as "1-". */
const isolated = (code: number) => `\u2066${code}\u2069`;

/** The Arabic message for a failed ticket request: each bridge failure says what happened. */
export function ticketFailureMessage(answer: Exclude<LoginTicketAnswer, { ok: true }>): string {
  switch (answer.reason) {
    case 'timeout':
      return tLogin('appAccount.timeout');
    case 'noTicket':
      return tLogin('appAccount.noTicket');
    case 'bridgeError':
      if (answer.code === BridgeError.UnknownService) return tLogin('appAccount.unsupported');
      if (APP_NETWORK_CODES.has(answer.code))
        return tLogin('appAccount.appNetwork', { code: isolated(answer.code) });
      return tLogin('appAccount.bridgeError', { code: isolated(answer.code) });
  }
}

export interface AcceptDeps {
  readonly bridge?: NativeBridge | undefined;
  readonly signIn?: typeof signInWithAppTicket;
  readonly bundleId?: string | undefined;
}

/**
 * "Yes": ticket from the app, then ticket login; every failure stays in the popup as a clear message.
 * True when the visitor is signed in.
 */
export async function acceptAppAccount(store: AppStore, deps: AcceptDeps = {}): Promise<boolean> {
  const offer = store.get(appAccountOfferAtom);
  if (offer === undefined || store.get(appAccountPopupAtom)?.phase.kind === 'signingIn') return false;
  store.set(appAccountSigningInAtom);
  const fail = (message: string) => {
    store.set(appAccountFailedAtom, message);
    return false;
  };
  const bridge = 'bridge' in deps ? deps.bridge : currentBridge();
  if (bridge === undefined) return fail(tLogin('appAccount.noBridge'));
  const answer = await bridgeLoginTicket(bridge, offer.openId);
  if (!answer.ok) return fail(ticketFailureMessage(answer));
  const signIn = deps.signIn ?? signInWithAppTicket;
  const bundleId = 'bundleId' in deps ? deps.bundleId : readUrlArgs(location.search, location.hash).bundle_id;
  let outcome: SignInOutcome;
  try {
    outcome = await signIn(store, answer.ticket, bundleId);
  } catch {
    return fail(tLogin('appAccount.refused', { reason: t('app.unexpected') }));
  }
  const session = store.get(sessionAtom);
  if (outcome.kind === 'signedIn' && session !== undefined) {
    store.set(appAccountSignedInAtom, { openId: offer.openId, uid: session.user.uid });
    store.set(showToastAtom, { text: tLogin('login.signedIn'), tone: 'success' });
    return true;
  }
  // A ticket already used here is skipped by the ticket login rule (SPEC §5): the app must issue a new one.
  if (outcome.kind === 'skipped') return fail(tLogin('appAccount.ticketUsed'));
  return fail(
    tLogin('appAccount.refused', {
      reason: outcome.kind === 'failed' ? outcome.message : tLogin('login.failed'),
    }),
  );
}
