import { isPayType, payTypeInfo } from '@topup/contracts/payTypeInfo';

/** Safari on an iPhone, iPad or Mac: where Apple Pay can run (other browsers on those devices cannot). */
export function isAppleSafari(userAgent: string): boolean {
  const apple = /iPhone|iPad|Macintosh/.test(userAgent);
  const safari = /Safari\//.test(userAgent) && !/Chrome|CriOS|FxiOS|EdgiOS|Android/.test(userAgent);
  return apple && safari;
}

/** The device wallet's pay types (Apple Pay through the page, not a provider's hosted page). */
export function isDeviceWallet(payType: number): boolean {
  return isPayType(payType) && payTypeInfo[payType].kind === 'wallet' && !payTypeInfo[payType].redirect;
}

/**
 * Whether the device wallet may be offered at all, before its full check on the pay step: the browser has
 * ApplePaySession, or is Apple's Safari (the mock sheet stands in for it there). Android Chrome is neither.
 */
export function deviceWalletPossible(
  win: { readonly ApplePaySession?: unknown } = window as { ApplePaySession?: unknown },
  userAgent: string = navigator.userAgent,
): boolean {
  return win.ApplePaySession !== undefined || isAppleSafari(userAgent);
}
