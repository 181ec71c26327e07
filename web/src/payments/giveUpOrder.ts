import { FailDetail } from '@topup/contracts';
import { tolerant } from '../api/tolerant';
import { rememberGivenUp } from './givenUp';
import { type EngineDeps, pollOrder, type Settled } from './payment';

/**
 * A kept order, still pending, that the visitor gives up for another payment (the pay step's next tap after a
 * provider's page left by Back or a reload during 3-D Secure; the fines' "pay another way"). The one rule of
 * both screens: it is asked for once; still pending, it is cancelled (click_cancel) and asked for again, so the
 * answer says what became of it:
 * - paid: it stands, and no other payment is made for it;
 * - failed (the cancel, or its own end) or no such order: nothing of it can be charged any more, the other
 *   payment may go on;
 * - still pending: the cancel was refused or not answered, so it may still be paid; no other order is made.
 */
export async function giveUpOrder(
  deps: EngineDeps,
  orderId: string,
  reason: string,
  extra: Record<string, string | number> = {},
): Promise<Settled> {
  const api = tolerant(deps.api);
  const polled = { api, sleep: deps.sleep };
  const first = await pollOrder(polled, orderId, extra, 1);
  if (first.kind !== 'pending') return first;
  const cancel = await api.call('clickCancel', { app_order: orderId, reason });
  if (cancel.ok && cancel.data.cancelled) rememberGivenUp(orderId);
  const after = await pollOrder(polled, orderId, extra, 1);
  // The server said it cancelled the undecided order: over, even when the question after it went unanswered.
  if (after.kind === 'pending' && cancel.ok && cancel.data.cancelled)
    return { kind: 'failed', failure: { failDetail: FailDetail.userCancel } };
  return after;
}
