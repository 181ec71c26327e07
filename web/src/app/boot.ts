import { ClientCode } from '@topup/contracts/codes';
import type { PkgInfo } from '@topup/contracts/entities';
import { LIMITS } from '@topup/contracts/limits';
import { StorageKeys } from '@topup/contracts/storage';
import { prefetchContractsOnInteraction } from '../api/appContracts';
import { batch, batchItem } from '../api/batch';
import { fetchBackupDomains, recoverApiBase } from '../api/domains';
import { api } from '../api/instance';
import { lookupPosition, reportError } from '../api/reporting';
import { tolerant } from '../api/tolerant';
import { chargeListParams, chargeListUnderWay, loadChargeList } from '../features/recharge/load';
import { chargeListAnsweredAtom, chargeListLoadingAtom } from '../features/recharge/state';
import { t } from '../i18n/t';
import { payTargetAtom } from '../payments/payTarget';
import { waitForBridge } from '../platform/bridgeDetect';
import { currentCountryAtom, pkgInfoAtom } from '../platform/config';
import { BUILD } from '../platform/env';
import { clientUuid } from '../platform/ids';
import { LATE, within } from '../platform/loadOnce';
import { arrivedByWalletMoveAtom } from '../platform/payIntent';
import { syncServerClock } from '../platform/serverClock';
import { onStorageFailure, writeKey } from '../platform/storage';
import { type AppStore, setAnswer } from '../platform/store';
import { paymentReturnOf, readUrlArgs, type UrlArgs } from '../platform/urlArgs';
import { schedulePerformanceMonitor } from '../report/schedule';
import { scrubAddressBar } from '../security/addressBar';
import {
  handOverChosen,
  handOverFromOwnMove,
  handOverOwnAccount,
  markChosenHere,
} from '../security/handOver';
import { trustConfig } from '../security/trust';
import { linkNoticeRoomAtom, sessionAtom, urlSignInPendingAtom } from '../session/session';
import { verifyStoredSession } from '../session/verify';
import { showToastAtom } from '../ui/toast';
import { scheduleUpdate } from './pageUpdate';
import { urlSignInsOf } from './urlSignIns';
import { recheckWhenVisible } from './visibleRecheck';

/** Start-up of SPEC §4: one batch for config and the first screen, the update check, the URL sign-ins. */

/**
 * A failure told to the build's chat webhook (report/chatWebhook.ts), its code fetched with the first one:
 * a visit with no failure never loads it.
 */
function noticeFailure(kind: 'storage' | 'error', text: string): void {
  void import('../report/chatWebhook').then((code) => code.noticeFailure(kind, text)).catch(() => undefined);
}

/** The pages whose first screen is a charge list: the landing's strip, the recharge list. */
const LIST_PAGES = new Set(['/', '/recharge-list', '/pay', '/recharge']);

function context() {
  return { uuid: clientUuid(), version: BUILD.version };
}

/** Whether the launch URL asks for the store jump of SPEC §2 (storeJump.ts). */
export function wantsStoreJump(args: UrlArgs): boolean {
  return (args.tab === '1' && args.jump_app_store !== undefined) || args.jumpAppStore !== undefined;
}

/**
 * How long the code a launch URL asks for (a sign-in, the store jump) may take to arrive: an API call's limit.
 * Past it the pages waiting for the URL's sign-in go on signed out instead of waiting for ever.
 */
export const SIGN_IN_CODE_MS = LIMITS.apiMs;

type SignInModule = typeof import('../features/login/signIn');

/** Sign-in code, fetched only when the URL carries a sign-in (`codeWithin` says what a late one does). */
export function signIn(
  store: AppStore,
  load: () => Promise<SignInModule> = () => import('../features/login/signIn'),
  limitMs = SIGN_IN_CODE_MS,
): Promise<SignInModule | undefined> {
  return codeWithin(store, load(), limitMs);
}

/**
 * Code fetched for what the launch URL asks (a sign-in, the store jump), once it has arrived; undefined, and
 * the visitor told as for any network failure, when it cannot be fetched or does not arrive in `limitMs`.
 */
export async function codeWithin<T>(
  store: AppStore,
  code: Promise<T>,
  limitMs: number,
): Promise<T | undefined> {
  try {
    const arrived = await within(code, limitMs);
    if (arrived !== LATE) return arrived;
  } catch {
    // Offline: told below, as a download that did not arrive.
  }
  store.set(showToastAtom, { text: t('app.networkError'), tone: 'error' });
  return undefined;
}

/**
 * Sign-ins carried by the launch URL (read before it is scrubbed), all link sign-ins (login/signIn.ts).
 * `#pageinfo`'s session key counts as a `session_key` argument; nothing else of it signs in
 * (`handOverSessionKey`), and only the move from this app's own page (`movedHere`) that says the account was
 * the visitor's own there (`handOverOwnAccount`) signs in as it was there, with no link question.
 */
async function signInFromUrl(
  store: AppStore,
  args: UrlArgs,
  hash: string,
  movedHere: boolean,
): Promise<void> {
  const { sessionKey, facebook } = urlSignInsOf(args, hash);
  try {
    // The wallet domain move's own word that the account was the visitor's (never a `session_key` argument's).
    const own = args.session_key ? undefined : handOverOwnAccount(hash, movedHere);
    if (sessionKey) await (await signIn(store))?.signInWithSessionKey(store, sessionKey, own);
    if (facebook) await (await signIn(store))?.signInWithFacebookLink(store, facebook.id, facebook.token);
  } finally {
    setAnswer(store, urlSignInPendingAtom, false);
  }
}

async function signInWithTicketArg(store: AppStore, args: UrlArgs): Promise<void> {
  if (args.ticket) await (await signIn(store))?.signInWithTicket(store, args.ticket, args.bundle_id);
}

/**
 * The app-account exchange, loaded only inside the native app (the bridge answered within 0.8 s); nothing
 * is offered when its code cannot be fetched.
 */
async function appAccountInApp() {
  if ((await waitForBridge()) === undefined) return undefined;
  return import('../features/login/appAccount').catch(() => undefined);
}

const askConfig = () => tolerant(api).call('config', { channel: 'app_pkg_info', pure: '1' });

type ConfigAnswer = { pkg: PkgInfo | undefined; networkFailed: boolean };

/**
 * The charge list start-up asks for beside config, in its one round trip, on a page whose first screen is one
 * (the recharge list: the target's; there and on the landing, before an ID, the one offered whoever the target
 * is), sent as soon as the app's code runs rather than once React has drawn the page and its effect asks. None
 * where the page asks for no list yet (before an ID: a URL sign-in on its way brings its account's list, a
 * payment return is told first) or has asked already.
 */
function firstList(store: AppStore, args: UrlArgs): { readonly uid: number | undefined } | undefined {
  if (!LIST_PAGES.has(location.pathname)) return undefined;
  const uid = store.get(payTargetAtom)?.uid;
  if (uid === undefined) {
    if (store.get(urlSignInPendingAtom)) return undefined;
    if (location.pathname === '/recharge-list' && paymentReturnOf(args) !== undefined) return undefined;
  } else if (location.pathname === '/') {
    // A chosen target's strip on the landing asks by itself once drawn, as it always has: the landing's
    // failure specs force a fault on the list's own call, which the mock's batch does not carry.
    return undefined;
  }
  // The page may have asked for the list first (its effect and this task race); then config goes alone.
  return chargeListUnderWay(store, uid) ? undefined : { uid };
}

/**
 * Config (SPEC §4) and the first screen's list. The list's answer is written once React has the page (`live`):
 * a hydration meets the store as the build had it (the list loading, drawn as the build drew it).
 */
async function loadConfig(store: AppStore, args: UrlArgs, live: Promise<void>): Promise<ConfigAnswer> {
  const list = firstList(store, args);
  // Before an ID, the list offered to anyone goes beside config as a request of its own: a failure of either
  // is then its own (a list refused is not the start-up's network failure, which looks for a backup host).
  if (list?.uid === undefined) {
    if (list !== undefined) void loadChargeList(store, undefined, false, live);
    const answer = await askConfig();
    return answer.ok
      ? { pkg: answer.data.pkgInfo, networkFailed: false }
      : { pkg: undefined, networkFailed: answer.result === ClientCode.network };
  }
  store.set(chargeListLoadingAtom, list.uid);
  const listParams = chargeListParams(store, list.uid);
  const [config, chargeList] = await batch(tolerant(api), [
    batchItem('config', { channel: 'app_pkg_info', pure: '1' }),
    batchItem('getRechargeListV3', listParams),
  ]);
  void live.then(() =>
    setAnswer(store, chargeListAnsweredAtom, {
      uid: list.uid,
      sessionKey: listParams.session_key,
      answer: chargeList,
    }),
  );
  return config.ok
    ? { pkg: config.data.pkgInfo, networkFailed: false }
    : { pkg: undefined, networkFailed: config.result === ClientCode.network };
}

/** Work that may wait for an idle moment: backup hosts for a later failure, the visitor's country. */
function afterStart(store: AppStore): void {
  const idle = (fn: () => void) =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(fn, { timeout: 5_000 })
      : setTimeout(fn, 2_000);
  idle(() => {
    void fetchBackupDomains(api, location.href, trustConfig).then((domains) => {
      if (domains !== undefined) writeKey(StorageKeys.backupApiLists, domains);
    });
    void lookupPosition(api, context()).then((country) => {
      if (country !== undefined) store.set(currentCountryAtom, country);
    });
  });
}

/** The next task: start-up's work after its round trip is split so that no task of it is long on a slow phone. */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve));

/**
 * Start-up. `live` settles once React has the page (start.tsx): start-up's answers are written to the store
 * only then, so React hydrates the build's page with the store as the build had it (a first visit's), and
 * draws the answers in the render after.
 */
export async function startApp(store: AppStore, live: Promise<void> = Promise.resolve()): Promise<void> {
  try {
    await start(store, live);
  } catch (error) {
    // Whatever failed, the pages waiting for the URL's sign-in go on (signed out) rather than wait for ever.
    setAnswer(store, urlSignInPendingAtom, false);
    setAnswer(store, linkNoticeRoomAtom, false);
    throw error;
  }
}

async function start(store: AppStore, live: Promise<void>): Promise<void> {
  onStorageFailure((operation, key, error) => {
    const text = `storage ${operation} ${key}: ${String(error)}`;
    void reportError(api, context(), text);
    noticeFailure('storage', text);
  });
  window.addEventListener('error', (event) => {
    const text = `${event.message} ${event.filename}:${event.lineno}`;
    void reportError(api, context(), text);
    noticeFailure('error', text);
  });
  window.addEventListener('unhandledrejection', (event) => {
    const text = `unhandled rejection: ${String(event.reason)}`;
    void reportError(api, context(), text);
    noticeFailure('error', text);
  });
  // Monitoring (SPEC §9, sampled 1 in N) starts after the first paint, when the page is idle.
  schedulePerformanceMonitor(api);

  const args = readUrlArgs(location.search, location.hash);
  const launchHash = location.hash;
  // Listened from here, not once start-up is done: a page shown again meanwhile is re-checked once it is.
  const recheck = recheckWhenVisible({
    config: async () => {
      const answer = await askConfig();
      return answer.ok ? answer.data.pkgInfo : undefined;
    },
    update: (pkgInfo) => scheduleUpdate(pkgInfo),
    // The launch URL's ticket (the address bar no longer shows it); skipped once it has been used.
    ticketSignIn: () => signInWithTicketArg(store, args),
    askApp: async () => {
      const module = await appAccountInApp();
      await module?.offerAppAccount(store, module.askAppUser());
    },
  });
  try {
    recheck.startedUp(await startUp(store, live, args, launchHash));
  } finally {
    recheck.startedUp(false); // failed: nothing is re-checked (once started up, this does nothing)
  }
}

/** Start-up's own work; true when the page goes on, false when it reloads (a newer version, another host). */
async function startUp(
  store: AppStore,
  live: Promise<void>,
  args: UrlArgs,
  launchHash: string,
): Promise<boolean> {
  // The session this visit found in storage, checked with the server once the page is drawn (verify.ts).
  const storedSession = store.get(sessionAtom);
  // Asked once, before the address is scrubbed: a same-origin move's proof is consumed by the asking.
  const movedHere =
    args.pageinfo !== undefined &&
    handOverFromOwnMove(launchHash, document.referrer, location.href, trustConfig);
  if (args.pageinfo !== undefined) {
    store.set(arrivedByWalletMoveAtom, true);
    // The move from this app's own page of a step the visitor chose there (not a link's): the pay step
    // preselects as it did. A link's step moved, or a crafted `#pageinfo` from elsewhere, is a link's.
    if (handOverChosen(launchHash, movedHere)) markChosenHere();
  }
  // Read once; from here on the sign-in arguments are out of the address bar (and of any Referer).
  scrubAddressBar();
  // The first screen's one round trip goes out first, in this task; the rest of start-up follows in tasks
  // of its own, so no one long task blocks the page.
  const config = loadConfig(store, args, live);
  // Beside it, never before it: the server's time for card expiry (platform/serverClock.ts). Not in config's
  // batch, where a garbled answer of it would throw config's answer away with it.
  void syncServerClock(store, () => api.call('serverTime', {}), live);
  await nextTask();
  prefetchContractsOnInteraction();
  // The app's user is asked for from the start (up to 0.8 s for the bridge, then the exchange's code and
  // 1 s for the answer) but only acted on after the URL sign-ins below; nothing on the first screen waits.
  const appAccount = appAccountInApp();
  const appUser = appAccount.then((module) => module?.askAppUser());
  await nextTask();
  const signIns = signInFromUrl(store, args, launchHash, movedHere);
  // Fetched beside the config it waits for, only when the URL asks for it.
  const storeJump = wantsStoreJump(args)
    ? codeWithin(store, import('./storeJump'), SIGN_IN_CODE_MS)
    : undefined;
  const { pkg, networkFailed } = await config;
  await live;
  if (pkg !== undefined) {
    setAnswer(store, pkgInfoAtom, pkg);
    if (scheduleUpdate(pkg)) return false;
    void storeJump?.then((code) => code?.jumpToStore(args, pkg));
  } else if (networkFailed && (await recoverApiBase())) {
    return false;
  }
  await signIns;
  // Not when the URL's sign-in has just replaced it: that one came from the server.
  if (storedSession !== undefined && store.get(sessionAtom)?.sessionKey === storedSession.sessionKey) {
    void verifyStoredSession(api, store, storedSession);
  }
  afterStart(store);
  await signInWithTicketArg(store, args);
  // The link sign-ins are done: the link notice's room is the notice's own from here (or given back).
  setAnswer(store, linkNoticeRoomAtom, false);
  void appAccount.then((module) => module?.offerAppAccount(store, appUser));
  return true;
}
