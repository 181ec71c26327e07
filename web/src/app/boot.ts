import type { PkgInfo } from '@topup/contracts/entities';
import { Source } from '@topup/contracts/entities';
import { batch, batchItem } from '../api/batch';
import { api } from '../api/instance';
import { reportError } from '../api/reporting';
import { signInWithFacebook, signInWithSessionKey, signInWithTicket } from '../features/login/signIn';
import { chargeListParams } from '../features/recharge/load';
import { chargeListAnsweredAtom, chargeListLoadingAtom, payTargetAtom } from '../features/recharge/state';
import { setPkgInfoAtom, storeLinksOf } from '../platform/config';
import { BUILD, isNewerVersion, reloadUrlWithDt } from '../platform/env';
import { clientUuid } from '../platform/ids';
import { onStorageFailure } from '../platform/storage';
import type { AppStore } from '../platform/store';
import { readUrlArgs, type UrlArgs } from '../platform/urlArgs';

/** Start-up of SPEC §4: one batch for config and the first screen, the update check, the URL sign-ins. */

export const UPDATE_DELAY_MS = 1_000;
export const JUMP_APP_STORE_DELAY_MS = 1_000;
const RECHARGE_PATHS = new Set(['/recharge-list', '/pay', '/recharge']);

function context() {
  return { uuid: clientUuid(), version: BUILD.version };
}

/** Reloads with a fresh dt after 1 s when the configured version is newer; true when it will. */
export function scheduleUpdate(
  pkg: PkgInfo,
  schedule: (fn: () => void, ms: number) => void = setTimeout,
): boolean {
  if (!isNewerVersion(pkg.website_version)) return false;
  schedule(() => location.replace(reloadUrlWithDt(location.href, Date.now())), UPDATE_DELAY_MS);
  return true;
}

function jumpToStore(args: UrlArgs, pkg: PkgInfo): void {
  const links = storeLinksOf(pkg);
  if (links === undefined) return;
  if (args.tab === '1' && args.jump_app_store !== undefined) {
    location.assign(links.apple);
    return;
  }
  if (args.jumpAppStore !== undefined) {
    const android = /android/i.test(navigator.userAgent);
    setTimeout(() => location.assign(android ? links.android : links.apple), JUMP_APP_STORE_DELAY_MS);
  }
}

async function signInFromUrl(store: AppStore, args: UrlArgs): Promise<void> {
  if (args.session_key) await signInWithSessionKey(store, args.session_key);
  const hash = new URLSearchParams(location.hash.replace(/^#\/?\??/, ''));
  const fbId = hash.get('fb_id');
  const fbToken = hash.get('fb_token');
  if (fbId && fbToken) await signInWithFacebook(store, fbId, fbToken);
}

async function loadConfig(store: AppStore): Promise<PkgInfo | undefined> {
  const target = RECHARGE_PATHS.has(location.pathname) ? store.get(payTargetAtom) : undefined;
  if (target === undefined) {
    const answer = await api.call('config', { channel: 'app_pkg_info', pure: '1' });
    return answer.ok ? answer.data.pkgInfo : undefined;
  }
  store.set(chargeListLoadingAtom, target.uid);
  const [config, chargeList] = await batch(api, [
    batchItem('config', { channel: 'app_pkg_info', pure: '1' }),
    batchItem('getRechargeListV3', { ...chargeListParams(store, target.uid), source: Source.main }),
  ]);
  store.set(chargeListAnsweredAtom, { uid: target.uid, answer: chargeList });
  return config.ok ? config.data.pkgInfo : undefined;
}

export async function startApp(store: AppStore): Promise<void> {
  onStorageFailure((operation, key, error) => {
    void reportError(api, context(), `storage ${operation} ${key}: ${String(error)}`);
  });
  window.addEventListener('error', (event) => {
    void reportError(api, context(), `${event.message} ${event.filename}:${event.lineno}`);
  });
  window.addEventListener('unhandledrejection', (event) => {
    void reportError(api, context(), `unhandled rejection: ${String(event.reason)}`);
  });

  const args = readUrlArgs(location.search, location.hash);
  const signIns = signInFromUrl(store, args);
  const pkg = await loadConfig(store);
  if (pkg !== undefined) {
    store.set(setPkgInfoAtom, pkg);
    if (scheduleUpdate(pkg)) return;
    jumpToStore(args, pkg);
  }
  await signIns;
  await signInWithTicket(store, args.ticket, args.bundle_id);

  // Checked again whenever the page becomes visible; then a ticket arg also signs in.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible') return;
    void api.call('config', { channel: 'app_pkg_info', pure: '1' }).then(async (answer) => {
      if (answer.ok && scheduleUpdate(answer.data.pkgInfo)) return;
      const now = readUrlArgs(location.search, location.hash);
      await signInWithTicket(store, now.ticket, now.bundle_id);
    });
  });
}
