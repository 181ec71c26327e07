import type { CallName } from '@topup/contracts';

/**
 * The sign-in calls (SPEC §7), limited per client address to `signInRateLimit` a minute, so a password or
 * ticket cannot be guessed at speed. A limited call answers 10002. The limit is checked in
 * dispatch, so each sub-request of a batch_request counts as a call.
 */
export const rateLimitedCalls: ReadonlySet<CallName> = new Set<CallName>([
  'getLoginKey',
  'accountLogin',
  'ticketLogin',
  'facebookLogin',
  'googleLogin',
]);

/** The account a sign-in names, for its limit per account and address: a display id, or a social user id. */
export function signInAccountOf(request: Readonly<Record<string, unknown>>): string | undefined {
  const named = request.display_uid ?? request.user_id;
  return typeof named === 'string' && named !== '' ? named : undefined;
}
