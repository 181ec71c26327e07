import { DEFAULT_API_HOSTS, hostList, type TrustConfig } from './policy';

/**
 * The trusted hosts of this build, from build-time configuration (Vite env, comma-separated host patterns):
 * `VITE_API_HOSTS` (hosts the API may move to: backup domains, `api_base`), `VITE_NAVIGATION_HOSTS` (added
 * to the stores', providers' and terms' hosts) and `VITE_WALLET_HOSTS` (the wallet domain move, SPEC §4).
 * Unset, the API and the wallet move know only `localhost`, the mock's alias of 127.0.0.1 on the same port.
 */

type Env = Readonly<Record<string, string | boolean | undefined>>;

export const STORE_HOSTS = ['play.google.com', 'apps.apple.com', 'appgallery.huawei.com'];
/** The terms document (SPEC §2) and the card providers' redirect and 3-D Secure pages. */
export const PROVIDER_NAVIGATION_HOSTS = ['help.provider.example', '.adyen.com', '.checkout.com'];

export function trustConfigFrom(env: Env, dev: boolean): TrustConfig {
  return {
    dev,
    apiHosts: hostList(env.VITE_API_HOSTS, DEFAULT_API_HOSTS),
    navigationHosts: [
      ...STORE_HOSTS,
      ...PROVIDER_NAVIGATION_HOSTS,
      ...hostList(env.VITE_WALLET_HOSTS, ['localhost']),
      ...hostList(env.VITE_NAVIGATION_HOSTS, []),
    ],
  };
}

export const trustConfig: TrustConfig = trustConfigFrom(import.meta.env, import.meta.env.DEV);
