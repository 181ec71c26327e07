import { createFinePay, payerMaxCreateFinePay } from '@topup/contracts/api/fines';
import { createCoinPay } from '@topup/contracts/api/orders';
import { ClientCode, ServerCode } from '@topup/contracts/codes';
import { isAmbiguous } from './ambiguous';

/** The calls that create an order under an X-CLI-RID. */
export type OrderCreation = 'createCoinPay' | 'createFinePay' | 'payerMaxCreateFinePay';

const creations = { createCoinPay, createFinePay, payerMaxCreateFinePay } as const;

/**
 * Whether an order creation's failure may have left an order: the one rule of the pay step, the wallet and
 * the fines. Only a refusal decided before any order exists says none was made:
 * - the call's own refusal codes in its contract (its `codes`: the account, the session, the card, the limits,
 *   the fine), which the server answers before it makes an order (a used X-CLI-RID answers its order instead);
 * - 10001, the request's parameters refused as sent (the contract's check, before the call runs; a cardless
 *   request under an id that made no order is refused so, REQUEST_ID_SCOPE);
 * - a request the client could not build (-3): never sent.
 * Everything else says nothing of it: no answer, a 5xx, a garbled envelope, the server's internal error
 * (10005) or any other code every call may answer, a code the call's contract does not list, and 10009 (the
 * id has made an order already). The order is then asked for by the same X-CLI-RID, never made anew.
 */
export function orderMayExist(call: OrderCreation, result: number): boolean {
  if (result === ServerCode.requestIdReused) return true;
  if (result === ClientCode.setup || result === ServerCode.invalidParam) return false;
  return !creations[call].codes.includes(result);
}

/**
 * What the visitor is told of an order creation's failure (SPEC §8: "a generic failure with code and message"),
 * apart from what it says of the order (`orderMayExist`, which keeps the X-CLI-RID either way):
 * - `unanswered`: nothing definite came back: no answer, a 5xx or an answer outside the contract
 *   (`isAmbiguous`), the server's internal error (10005, whatever it did), or 10009 (the id's order exists).
 *   The page says no confirmed reply came, and the pay button asks for the same order again.
 * - `refused`: the server answered a refusal, with its code and its message (a code of the call's contract, one
 *   it does not list, signed out (-10000), an HTTP 4xx): the page shows both, never "press pay again" as if
 *   nothing had answered.
 */
export function orderFailureSaid(result: number): 'unanswered' | 'refused' {
  if (result === ServerCode.loggedOut) return 'refused';
  return isAmbiguous(result) || result === ServerCode.internal || result === ServerCode.requestIdReused
    ? 'unanswered'
    : 'refused';
}
