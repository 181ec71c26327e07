import { createFinePay, payerMaxCreateFinePay } from '@topup/contracts/api/fines';
import { createCoinPay } from '@topup/contracts/api/orders';
import { ClientCode, ServerCode } from '@topup/contracts/codes';

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
