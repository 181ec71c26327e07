import { ClientCode } from '@topup/contracts';

/**
 * A failure that says nothing of what the server did: no answer (time-out, network, reset, abort), a 5xx,
 * or an answer outside the contract. The call may have taken effect, so it is asked again, never made anew.
 * Read by the result poll (`resultPoll.ts`, which `payment.ts` imports) and the screens' other calls; an
 * order creation's failure has its own, stricter rule (`orderCreation.ts`: only its contract's refusals say
 * no order was made).
 */
export function isAmbiguous(result: number): boolean {
  return (result < 0 && result !== ClientCode.setup) || (result >= 500 && result <= 599);
}
