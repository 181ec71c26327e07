import type {
  AdyenCheckout as AdyenCheckoutFn,
  Card as CardClass,
  CoreConfiguration,
} from '@adyen/adyen-web';

/** The part of @adyen/adyen-web the adapters use, so tests can substitute it. */
export interface AdyenSdk {
  readonly AdyenCheckout: typeof AdyenCheckoutFn;
  readonly Card: typeof CardClass;
}

export interface AdyenKeys {
  readonly clientKey: string;
  readonly environment: 'test' | 'live';
}

/** The core configuration shared by the card component and action handling (Advanced flow, no sessions). */
export function adyenCoreConfig(keys: AdyenKeys, extra: Partial<CoreConfiguration> = {}): CoreConfiguration {
  return {
    clientKey: keys.clientKey,
    environment: keys.environment,
    locale: 'ar',
    countryCode: 'SA',
    analytics: { enabled: false },
    exposeLibraryMetadata: false,
    ...extra,
  };
}
