import { PayType, type PkgInfo } from '@topup/contracts';
import type { WalletPaymentRequest } from '../../payments/providers/types';

/** The wallet sheet's settings, in the shape of pkgInfo's applepay_config. */
export type WalletSheetConfig = PkgInfo['applepay_config'];

/** SPEC §9 sheet defaults: HK, USD, visa, masterCard, chinaUnionPay. */
export const DEFAULT_SHEET: WalletSheetConfig = {
  countryCode: 'HK',
  currencyCode: 'USD',
  supportedNetworks: ['visa', 'masterCard', 'chinaUnionPay'],
  merchantCapabilities: ['supports3DS'],
  merchantName: 'Top-up',
};

/**
 * The sheet's settings for a wallet pay type: the server's own (pkgInfo's adyen_applepay_config for provider 17's
 * wallet, applepay_config for the others), SPEC §9's defaults until pkgInfo has answered.
 */
export function sheetConfigFor(pkg: PkgInfo | undefined, payType: PayType): WalletSheetConfig {
  if (pkg === undefined) return DEFAULT_SHEET;
  return payType === PayType.adyenWallet ? pkg.adyen_applepay_config : pkg.applepay_config;
}

export function walletRequest(config: WalletSheetConfig, amountUsd: number): WalletPaymentRequest {
  return {
    countryCode: config.countryCode,
    currencyCode: config.currencyCode,
    supportedNetworks: config.supportedNetworks,
    merchantCapabilities: config.merchantCapabilities,
    total: { label: config.merchantName, amount: amountUsd.toFixed(2) },
  };
}
