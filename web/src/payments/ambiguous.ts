import { ClientCode } from '@topup/contracts';

/**
 * A failure that says nothing of what the server did: no answer (time-out, network, reset, abort), a 5xx,
 * or an answer outside the contract. The call may have taken effect, so it is asked again with the same
 * X-CLI-RID or its order looked up, never made anew. The one rule, in a module of its own so the result poll
 * (`resultPoll.ts`, which `payment.ts` imports) and the screens that create orders read the same one.
 */
export function isAmbiguous(result: number): boolean {
  return (result < 0 && result !== ClientCode.setup) || (result >= 500 && result <= 599);
}
