/**
 * The limits a forced "past the limit" answer can name (the mock's control API, SPEC §9): the vocabulary of
 * the mock's fault catalogue, apart from LIMITS so that the app's first load, which reads LIMITS, does not
 * carry it (issue 16).
 */
import { LIMITS, limits } from './limits';
import { WALLET_SHEET } from './payWindows';

/** The limits a forced "past the limit" fault can name (control API): the ones a single answer can exceed. */
export const ANSWER_LIMITS = limits({
  api: LIMITS.apiMs,
  bridgeCall: LIMITS.bridgeCallMs,
  batch: LIMITS.batchMs,
  backupDomains: LIMITS.backupDomainsMs,
  walletSession: LIMITS.walletSessionMs,
  walletComplete: WALLET_SHEET.completeWithinMs,
});

export type AnswerLimit = keyof typeof ANSWER_LIMITS;

/** How far past its limit a "past the limit" answer comes: late enough that every client has given up. */
export const PAST_LIMIT_MARGIN_MS = 1_000;

/** The delay of an answer that comes just past `limit`. */
export function pastLimitMs(limit: AnswerLimit): number {
  return ANSWER_LIMITS[limit] + PAST_LIMIT_MARGIN_MS;
}
