import {
  checkTarget,
  hostList,
  hostMatches,
  isLoopbackHost,
  parseTarget,
  type TrustConfig,
  type Verdict,
} from './policy';
import { type Env, trustConfigFrom } from './trust';

/**
 * Where the page may send the visitor and load scripts from, apart from the API's rules in
 * policy.ts: only code loaded later (a page, the store jump, a provider, a sign-in SDK) follows a link out or
 * adds a script, so a plain visit's first load carries none of this.
 *
 * `VITE_NAVIGATION_HOSTS` adds to the stores', providers' and terms' hosts; `VITE_WALLET_HOSTS` names the
 * wallet domain move's hosts (SPEC §4), `localhost` when unset (the mock's alias of 127.0.0.1, same port).
 */

export const STORE_HOSTS = ['play.google.com', 'apps.apple.com', 'appgallery.huawei.com'];
/** The terms document (SPEC §2) and the card providers' redirect and 3-D Secure pages. */
export const PROVIDER_NAVIGATION_HOSTS = ['help.provider.example', '.adyen.com', '.checkout.com'];

export interface NavigationTrust extends TrustConfig {
  /** Hosts the page may send the visitor to: stores, providers, the wallet domains, the terms document. */
  readonly navigationHosts: readonly string[];
  /** The wallet domain move's hosts (SPEC §4): this app on another domain, as the API hosts are. */
  readonly walletHosts: readonly string[];
}

export function navigationTrustFrom(env: Env, dev: boolean): NavigationTrust {
  const walletHosts = hostList(env.VITE_WALLET_HOSTS, ['localhost']);
  return {
    ...trustConfigFrom(env, dev),
    navigationHosts: [
      ...STORE_HOSTS,
      ...PROVIDER_NAVIGATION_HOSTS,
      ...walletHosts,
      ...hostList(env.VITE_NAVIGATION_HOSTS, []),
    ],
    walletHosts,
  };
}

export const navigationTrust: NavigationTrust = navigationTrustFrom(import.meta.env, import.meta.env.DEV);

/** The URL arguments that sign in or hand an account over (SPEC §2): the query's or the hash's. */
const SIGN_IN_ARGS = ['session_key', 'ticket', 'fb_id', 'fb_token', 'pageinfo'];

/** Whether `url` carries a sign-in argument, in its query or its hash (`#a=1` or a hash route's `#/p?a=1`). */
function carriesSignIn(url: URL): boolean {
  const hash = url.hash.replace(/^#/, '');
  const question = hash.indexOf('?');
  const places = [url.searchParams, new URLSearchParams(hash)];
  if (question >= 0) places.push(new URLSearchParams(hash.slice(question + 1)));
  return places.some((params) => SIGN_IN_ARGS.some((name) => params.has(name)));
}

/**
 * Whether `url` is this app: the page's origin, the mock's loopback alias on its port, an API host or a wallet
 * domain of this build.
 */
function isThisApp(url: URL, pageHref: string, config: NavigationTrust): boolean {
  const page = new URL(pageHref);
  if (url.origin === page.origin) return true;
  if (isLoopbackHost(page.hostname) && isLoopbackHost(url.hostname) && url.port === page.port) return true;
  return hostMatches(url, [...config.apiHosts, ...config.walletHosts], page);
}

/**
 * Where the page may send the visitor (store links, an order's url, 3-D Secure, the wallet move). Never to a
 * page of this app carrying a sign-in (`signIn`): opened from this page, a crafted `#pageinfo` there would come
 * from this app's own page, and a server's answer (a store link, an order's url) is no place for a sign-in.
 * Only the wallet domain move, which writes its hand-over itself, passes `handOver` (features/pay/useWallet.ts).
 */
export function checkNavigation(
  raw: string,
  pageHref: string,
  config: NavigationTrust,
  handOver = false,
): Verdict {
  const verdict = checkTarget(raw, pageHref, config, config.navigationHosts);
  if (verdict.ok && !handOver && carriesSignIn(verdict.url) && isThisApp(verdict.url, pageHref, config))
    return { ok: false, reason: 'signIn' };
  return verdict;
}

/** Whether a script may be loaded from `src`: the page's own origin or a listed third-party script host. */
export function scriptAllowed(src: string, pageHref: string, scriptHosts: readonly string[]): boolean {
  const page = new URL(pageHref);
  const url = parseTarget(src, pageHref);
  if (url === undefined) return false;
  if (url.origin === page.origin) return url.protocol === 'https:' || url.protocol === 'http:';
  return url.protocol === 'https:' && hostMatches(url, scriptHosts, page);
}
