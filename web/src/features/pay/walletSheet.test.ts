// @vitest-environment node
import { PayType, type PkgInfo } from '@topup/contracts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SHEET, sheetConfigFor, type WalletSheetConfig, walletRequest } from './walletSheet';

/** The sheet's settings come from the server's pkgInfo (SPEC §3), SPEC §9's defaults only before it answers. */

const own: WalletSheetConfig = {
  countryCode: 'SA',
  currencyCode: 'USD',
  supportedNetworks: ['mada', 'visa'],
  merchantCapabilities: ['supports3DS'],
  merchantName: 'Topup',
};
const adyens: WalletSheetConfig = { ...own, countryCode: 'AE', merchantName: 'TopupAdyen' };
const pkg = { applepay_config: own, adyen_applepay_config: adyens } as Pick<
  PkgInfo,
  'applepay_config' | 'adyen_applepay_config'
> as PkgInfo;

describe('sheetConfigFor', () => {
  it.each([
    ['provider 17 (Adyen) wallet', pkg, PayType.adyenWallet, adyens],
    ['provider 6 wallet', pkg, PayType.p6Wallet, own],
    ['the generic wallet', pkg, PayType.genericWallet, own],
    ['provider 18 wallet', pkg, PayType.p18Wallet, own],
    ['any wallet before pkgInfo answers', undefined, PayType.adyenWallet, DEFAULT_SHEET],
  ])('%s', (_name, info, payType, expected) => {
    expect(sheetConfigFor(info, payType)).toEqual(expected);
  });

  it("names the server's merchant and networks on the sheet", () => {
    expect(walletRequest(sheetConfigFor(pkg, PayType.adyenWallet), 4.99)).toEqual({
      countryCode: 'AE',
      currencyCode: 'USD',
      supportedNetworks: ['mada', 'visa'],
      merchantCapabilities: ['supports3DS'],
      total: { label: 'TopupAdyen', amount: '4.99' },
    });
  });
});
