import type { PkgInfo } from '@topup/contracts';

/**
 * The app configuration (SPEC §3 pkgInfo). website_version is the release the web app is built as, so the
 * page does not reload itself; the gray and AB settings let every branch of the app be reached by uid.
 */
export const PKG_INFO: PkgInfo = {
  applepay_gray_config: [
    { gray_ratio: 100, whitelist: [1001], pay_type: 26 },
    { gray_ratio: 50, whitelist: [1001], pay_type: 2528 },
  ],
  ABtest_repurchase_ratio: { A: 50, B: 50 },
  adyen_card_ratio: 50,
  adyen_card_whitelist: [1001],
  applepay_config: {
    countryCode: 'HK',
    currencyCode: 'USD',
    supportedNetworks: ['visa', 'masterCard', 'chinaUnionPay'],
    merchantCapabilities: ['supports3DS'],
    merchantName: 'Topup',
  },
  adyen_applepay_config: {
    countryCode: 'HK',
    currencyCode: 'USD',
    supportedNetworks: ['visa', 'masterCard', 'chinaUnionPay'],
    merchantCapabilities: ['supports3DS'],
    merchantName: 'TopupAdyen',
  },
  cko_new_rate: 50,
  cko_new_whitelist: [1001],
  website_version: '1.0.333',
  ksa_android_url: 'https://play.google.com/store/apps/details?id=com.example.topup',
  ksa_huawei_url: 'https://appgallery.huawei.com/app/C100000000',
  ksa_apple_url: 'https://apps.apple.com/app/id1000000000',
  ksa_google_url: 'https://play.google.com/store/apps/details?id=com.example.topup',
};
