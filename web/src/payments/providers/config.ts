/**
 * Which provider adapters run is configuration, never a code edit: real adapters only when the build names
 * real providers and carries their public keys; anything else (a mock backend) runs the mock adapters.
 */
export interface ProviderConfig {
  readonly mode: 'mock' | 'real';
  /** Needs Checkout.com's `vault-tokenization` scope too, for the saved-card CVV (Flow's card_cvv). */
  readonly checkoutPublicKey: string;
  /** Flow is told its environment; it follows the key: sandbox keys start pk_sbox_ (or pk_test_). */
  readonly checkoutEnvironment: 'sandbox' | 'production';
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
    checkoutEnvironment: /^pk_(sbox|test)_/.test(checkoutPublicKey) ? 'sandbox' : 'production',
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
