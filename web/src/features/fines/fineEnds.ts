/** How the fines screen says a payment's end: pure helpers of useFineFlow. */
import { ft } from '../../i18n/fines';
import { orderFailureSaid } from '../../payments/orderCreation';
import { processingPanel } from '../../payments/outcome';
import { pendingPanelOf } from '../../payments/pendingPanel';
import { refusalNote } from '../../payments/refusalText';
import { type FineAttempts, type FineCall, lostAnswer } from './finePayment';
import type { FinePaymentEnd, PayMethod } from './state';

/**
 * A lost answer says so, with the one next step: the pay button asks for the same order again. A refusal the
 * server answered shows its code and an Arabic message (`refusalNote`: the server's only when it is Arabic
 * text), and that nothing was charged when it made no order; one with a code none of the fine's own (the order
 * kept all the same) says the next tap re-sends the same request. The fine's own codes change the screen.
 */
export function unconfirmedSaid(end: FinePaymentEnd, call: FineCall): FinePaymentEnd {
  if (end.kind !== 'refused' || typeof end.message !== 'string') return end;
  const lost = lostAnswer(end, call);
  return lost && orderFailureSaid(end.result) === 'unanswered'
    ? { ...end, message: ft('fines.orderUnconfirmed') }
    : { ...end, message: refusalNote(end.result, end.message, !lost) };
}

/** The method of an order this tab kept, when it is the one asked for (a return knows no more). */
export function keptMethod(attempts: FineAttempts, orderId: string | undefined): PayMethod | undefined {
  const kept = attempts.unsettled() ?? attempts.unanswered();
  if (kept === undefined || (orderId !== undefined && kept.orderId !== orderId)) return undefined;
  const call = kept.intent?.call;
  return call === undefined ? undefined : call === 'payerMaxCreateFinePay' ? 'hosted' : 'card';
}

/**
 * A pending end of the order this tab kept, found again after its own page was left (the issuer's 3-D Secure
 * page, by Back) or its check lost with the page (a reload): said as the pay step says it (`pendingPanelOf`),
 * with its way to give the order up and pay again. Anything else pending keeps the fine's "processing".
 */
export function withPanel(end: FinePaymentEnd, attempts: FineAttempts): FinePaymentEnd {
  if (end.kind !== 'pending') return end;
  const panel = pendingPanelOf(end.orderId, false, attempts.unsettled());
  return panel === processingPanel ? end : { ...end, panel };
}
