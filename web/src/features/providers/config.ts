/**
 * Which provider adapters run is configuration, never a code edit: real adapters only when the build names
 * real providers and carries their public keys; anything else (a mock backend) runs the mock adapters.
 */
export interface ProviderConfig {
  readonly mode: 'mock' | 'real';
  readonly checkoutPublicKey: string;
  readonly adyenClientKey: string;
  readonly adyenEnvironment: 'test' | 'live';
  /** Hosts the wallet domain check may move the page to (SPEC §4 pageinfo redirect). */
  readonly walletHosts: readonly string[];
}

export type ProviderEnv = Readonly<Record<string, string | boolean | undefined>>;

const text = (value: string | boolean | undefined): string => (typeof value === 'string' ? value.trim() : '');

export function providerConfigFrom(env: ProviderEnv): ProviderConfig {
  const checkoutPublicKey = text(env.VITE_CKO_PUBLIC_KEY);
  const adyenClientKey = text(env.VITE_ADYEN_CLIENT_KEY);
  const real =
    text(env.VITE_PAYMENT_PROVIDERS) === 'real' && checkoutPublicKey !== '' && adyenClientKey !== '';
  const hosts = text(env.VITE_WALLET_HOSTS);
  return {
    mode: real ? 'real' : 'mock',
    checkoutPublicKey,
    adyenClientKey,
    adyenEnvironment: text(env.VITE_ADYEN_ENVIRONMENT) === 'live' ? 'live' : 'test',
    walletHosts:
      hosts === ''
        ? ['localhost']
        : hosts
            .split(',')
            .map((h) => h.trim().toLowerCase())
            .filter(Boolean),
  };
}

export const providerConfig: ProviderConfig = providerConfigFrom(import.meta.env);
