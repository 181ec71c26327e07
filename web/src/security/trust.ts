import { DEFAULT_API_HOSTS, hostList, type TrustConfig } from './policy';

/**
 * The trusted API hosts of this build, from build-time configuration (Vite env, comma-separated host
 * patterns): `VITE_API_HOSTS`, the hosts the API may move to (backup domains, `api_base`). Unset, the API
 * knows only `localhost`, the mock's alias of 127.0.0.1 on the same port. Where the page may send the
 * visitor is configured beside the rules for it (`outbound.ts`).
 */

export type Env = Readonly<Record<string, string | boolean | undefined>>;

export function trustConfigFrom(env: Env, dev: boolean): TrustConfig {
  return { dev, apiHosts: hostList(env.VITE_API_HOSTS, DEFAULT_API_HOSTS) };
}

export const trustConfig: TrustConfig = trustConfigFrom(import.meta.env, import.meta.env.DEV);
