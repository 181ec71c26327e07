import type { MerchantSession } from '@topup/contracts/simulators';

/** An Apple Pay merchant session as the server hands it over, in the contracts' own type. */
export const merchantSession: MerchantSession = {
  merchantSessionIdentifier: 'ms-1',
  merchantIdentifier: 'merchant.top-up',
  domainName: 'localhost',
  displayName: 'Top-up',
  epochTimestamp: 1,
  expiresAt: 2,
  nonce: 'n',
  signature: 's',
  operationalAnalyticsIdentifier: 'o',
  retries: 0,
  pspId: 'p',
};
