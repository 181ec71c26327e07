import { OrderResult, ServerCode } from '@topup/contracts';
import type { CallResult } from '../api/client';
import { isAmbiguous } from './ambiguous';

/**
 * What one answer of pay_result_by_order_fast means for the wait (SPEC §4, §9: every 500 ms, up to 100 tries).
 * Only an answer that does not know yet asks again: the order still pending, or no answer from the server
 * (a lost connection, a time-out, a 5xx, its internal error, a rate limit), which the next try may get. Every
 * definite answer ends the wait at once: paid, failed, no such order (23001), or a refusal the same request
 * would meet again (a request the client could not build, a parameter refused, any other code).
 */
export type PollDecision =
  | { readonly kind: 'askAgain' }
  | { readonly kind: 'paid'; readonly sourceId: string | undefined }
  | { readonly kind: 'failed' }
  | { readonly kind: 'notFound' }
  /** The result cannot be had by asking: the order's state stays unknown. */
  | { readonly kind: 'unanswerable'; readonly result: number };

/** No answer yet, or one of the server's passing troubles: the next try may be answered. */
function passing(result: number): boolean {
  if (result === ServerCode.loggedOut) return false;
  return (
    isAmbiguous(result) ||
    result === 408 ||
    result === 429 ||
    result === ServerCode.internal ||
    result === ServerCode.rateLimited
  );
}

export function pollDecisionOf(answer: CallResult<'payResultByOrderFast'>): PollDecision {
  if (answer.ok) {
    if (answer.data.result === OrderResult.pending) return { kind: 'askAgain' };
    if (answer.data.result === OrderResult.success)
      return { kind: 'paid', sourceId: answer.data.source_id || undefined };
    return { kind: 'failed' };
  }
  if (answer.result === ServerCode.orderNotFound) return { kind: 'notFound' };
  if (passing(answer.result)) return { kind: 'askAgain' };
  return { kind: 'unanswerable', result: answer.result };
}
