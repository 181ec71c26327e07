import { type PkgInfo, ServerCode } from '@topup/contracts';
import type { Handlers } from '../contract/reply';
import { ok, refuse } from '../contract/reply';

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

/** The visitor's country by position: the product's audience is Saudi. */
const POSITION_COUNTRY = 'SA';

/** Backup hosts for the host the page called: the other loopback names on the same port. */
export function backupDomainsFor(origin: string, hosts: readonly string[]): Record<string, string[]> {
  const url = new URL(origin);
  const port = url.port === '' ? '' : `:${url.port}`;
  const others = hosts.filter((host) => host !== url.hostname).map((host) => `${host}${port}`);
  return { [url.host]: others };
}

export const sysHandlers: Pick<
  Handlers,
  'serverTime' | 'backupDomains' | 'uploadToken' | 'uploadImage' | 'h5Info' | 'hii' | 'config' | 'position'
> = {
  serverTime: (_request, { world }) => ok({ ts: world.clock.now() }),

  backupDomains: (_request, { origin, world }) =>
    ok({ domains: backupDomainsFor(origin, world.options.walletHosts) }),

  uploadToken: (request, { world, sessionKey }) => {
    let owner: { uuid: string } | { uid: number };
    if (request.purpose === 'feedback') owner = { uuid: request.uuid };
    else {
      const user = sessionKey === undefined ? undefined : world.people.sessionUser(sessionKey);
      if (user === undefined) return refuse(ServerCode.loggedOut);
      owner = { uid: user.uid };
    }
    const issued = world.feedback.issueTokens(owner, request.files);
    return issued.ok ? ok({ tokens: issued.tokens }) : refuse(issued.result);
  },

  uploadImage: (request, { world }) => {
    const uploaded = world.feedback.upload(request.key, request.token, request.file);
    return uploaded.ok ? ok({ key: uploaded.key, url: uploaded.url }) : refuse(uploaded.result);
  },

  h5Info: (_request, { world }) => ok({ timestamp: world.clock.now() }),
  hii: (_request, { world }) => ok({ timestamp: world.clock.now() }),
  config: () => ok({ pkgInfo: PKG_INFO }),
  position: () => ok({ country: POSITION_COUNTRY }),
};
