import type { CallName } from '@topup/contracts';

/**
 * The sign-in calls (SPEC §7), limited per client address to `signInRateLimit` a minute, so a password or
 * ticket cannot be guessed at speed (issue 3, item 7). A limited call answers 10002.
 */
export const rateLimitedCalls: ReadonlySet<CallName> = new Set<CallName>([
  'getLoginKey',
  'accountLogin',
  'ticketLogin',
  'facebookLogin',
  'googleLogin',
]);
