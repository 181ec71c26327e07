import { checkTarget, hostList, hostMatches, parseTarget, type TrustConfig, type Verdict } from './policy';
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
}

export function navigationTrustFrom(env: Env, dev: boolean): NavigationTrust {
  return {
    ...trustConfigFrom(env, dev),
    navigationHosts: [
      ...STORE_HOSTS,
      ...PROVIDER_NAVIGATION_HOSTS,
      ...hostList(env.VITE_WALLET_HOSTS, ['localhost']),
      ...hostList(env.VITE_NAVIGATION_HOSTS, []),
    ],
  };
}

export const navigationTrust: NavigationTrust = navigationTrustFrom(import.meta.env, import.meta.env.DEV);

/** Where the page may send the visitor (store links, an order's url, 3-D Secure, the wallet move). */
export function checkNavigation(raw: string, pageHref: string, config: NavigationTrust): Verdict {
  return checkTarget(raw, pageHref, config, config.navigationHosts);
}

/** Whether a script may be loaded from `src`: the page's own origin or a listed third-party script host. */
export function scriptAllowed(src: string, pageHref: string, scriptHosts: readonly string[]): boolean {
  const page = new URL(pageHref);
  const url = parseTarget(src, pageHref);
  if (url === undefined) return false;
  if (url.origin === page.origin) return url.protocol === 'https:' || url.protocol === 'http:';
  return url.protocol === 'https:' && hostMatches(url, scriptHosts, page);
}
