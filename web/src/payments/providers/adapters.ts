import type { ComponentType } from 'react';
import { importFresh } from '../../platform/loadOnce';
import { allowedTarget, navigateTo } from '../../security/navigation';
import { afterTaps } from '../../ui/tapHold';
import { type ProviderConfig, providerConfig } from './config';
import type {
  CardFieldsProps,
  CardProvider,
  CvvFieldProps,
  RedirectAdapter,
  ThreeDsAdapter,
  WalletSessionConstructor,
} from './types';
import { isAppleSafari } from './walletSupport';

/**
 * The adapters of each kind, chosen by configuration and loaded with dynamic import() only when chosen, so
 * no provider SDK is in the first load of any page.
 */

/**
 * Orders' and 3-D Secure's redirects, through the trusted-host policy: a refused target is not followed. The
 * payment's own refused-page panel tells the visitor (the order cancelled, nothing charged), so no toast
 * repeats it. An allowed one is followed once taps have stopped (`afterTaps`): the rest of a double or triple
 * tap on "pay" is held here, never left to land on the provider's page.
 */
export const browserRedirect: RedirectAdapter = {
  go: (url) => {
    if (allowedTarget(url, 'order', false) === undefined) return false;
    afterTaps(() => navigateTo(url, 'order', { toldByCaller: true }));
    return true;
  },
};

export async function loadCardFields(
  provider: CardProvider,
  config: ProviderConfig = providerConfig,
): Promise<ComponentType<CardFieldsProps>> {
  if (config.mode === 'mock')
    return (await importFresh(() => import('./mock/MockCardFields'))).MockCardFields;
  if (provider === 13) {
    const [sdk, adapter] = await Promise.all([
      importFresh(() => import('frames-react')),
      importFresh(() => import('./checkout/framesCardFields')),
    ]);
    return adapter.createFramesCardFields(sdk, config.checkoutPublicKey);
  }
  const [sdk, adapter] = await Promise.all([
    importFresh(() => import('@adyen/adyen-web')),
    importFresh(() => import('./adyen/adyenCardFields')),
  ]);
  return adapter.createAdyenCardFields(sdk, {
    clientKey: config.adyenClientKey,
    environment: config.adyenEnvironment,
  });
}

/**
 * A saved card's CVV field, of the provider that stored the card: Adyen's stored card (CVC only) for 17;
 * Checkout.com Flow's card_cvv for 13, since Frames for the web cannot tokenise a CVV alone.
 */
export async function loadCvvField(
  provider: CardProvider,
  config: ProviderConfig = providerConfig,
): Promise<ComponentType<CvvFieldProps>> {
  if (config.mode === 'mock') return (await importFresh(() => import('./mock/MockCvvField'))).MockCvvField;
  if (provider === 13) {
    const [loader, adapter] = await Promise.all([
      importFresh(() => import('./checkout/flowLoader')),
      importFresh(() => import('./checkout/flowCvvField')),
    ]);
    return adapter.createFlowCvvField((options) => loader.loadFlow(options), {
      publicKey: config.checkoutPublicKey,
      environment: config.checkoutEnvironment,
    });
  }
  const [sdk, adapter] = await Promise.all([
    importFresh(() => import('@adyen/adyen-web')),
    importFresh(() => import('./adyen/adyenCvvField')),
  ]);
  return adapter.createAdyenCvvField(sdk, {
    clientKey: config.adyenClientKey,
    environment: config.adyenEnvironment,
  });
}

export async function loadThreeDs(config: ProviderConfig = providerConfig): Promise<ThreeDsAdapter> {
  if (config.mode === 'mock')
    return (await importFresh(() => import('./mock/mockThreeDs'))).mockThreeDs(undefined, browserRedirect);
  const [sdk, adapter] = await Promise.all([
    importFresh(() => import('@adyen/adyen-web')),
    importFresh(() => import('./adyen/adyenThreeDs')),
  ]);
  return adapter.createAdyenThreeDs(
    sdk,
    { clientKey: config.adyenClientKey, environment: config.adyenEnvironment },
    browserRedirect,
  );
}

interface WalletWindow {
  ApplePaySession?: WalletSessionConstructor;
}

/**
 * The browser's ApplePaySession when present; with a mock backend, the mock wallet sheet, but only where a
 * real browser would have ApplePaySession (Safari on an iPhone, iPad or Mac), so an Android phone is never
 * offered Apple Pay in a test either.
 */
export async function loadWalletSession(
  config: ProviderConfig = providerConfig,
  userAgent: string = navigator.userAgent,
): Promise<WalletSessionConstructor | undefined> {
  const real = (window as WalletWindow).ApplePaySession;
  if (config.mode === 'real') return real;
  if (!isAppleSafari(userAgent)) return undefined;
  return (await importFresh(() => import('./mock/mockWalletSession'))).MockWalletSession;
}

/**
 * Wallet availability (SPEC §4): only where ApplePaySession exists and it can make payments; when that check
 * throws (an insecure origin), iPhone or Mac Safari.
 */
export function walletAvailable(
  userAgent: string,
  session: Pick<WalletSessionConstructor, 'canMakePayments'> | undefined,
): boolean {
  if (session === undefined) return false;
  try {
    return session.canMakePayments();
  } catch {
    return isAppleSafari(userAgent);
  }
}
