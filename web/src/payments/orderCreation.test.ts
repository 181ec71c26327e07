import { ClientCode, ServerCode } from '@topup/contracts';
import { createFinePay, payerMaxCreateFinePay } from '@topup/contracts/api/fines';
import { createCoinPay } from '@topup/contracts/api/orders';
import { describe, expect, it } from 'vitest';
import { INVALID_ANSWER } from '../api/tolerant';
import { type OrderCreation, orderFailureSaid, orderMayExist } from './orderCreation';

const S = ServerCode;
const made = 'may exist';
const none = 'none made';
type Says = typeof made | typeof none;
/** What the page says: no confirmed reply (press pay again), or the refusal's code and message (SPEC §8). */
const lost = 'unanswered';
const said = 'refused';
type Said = typeof lost | typeof said;

/**
 * Every answer an order creation can fail with, what it says of the order, for the pay step's call
 * (create_coin_pay) and the fines' two (create_fine_pay, payer_max's), and what the page tells the visitor. A
 * definite "none made" only from the call's own refusals (its contract's codes), 10001 and a request never
 * sent; "no confirmed reply" only where nothing definite answered, every other refusal shown with its code.
 */
const table: ReadonlyArray<readonly [string, number, Says, Says, Said]> = [
  // [what, result, coin order, fine order, what the page says]
  // create_coin_pay's own refusals: decided before an order exists
  ['banned account (20001)', S.banned, none, made, said],
  ['deactivated account (20186)', S.deactivated, none, made, said],
  ['account being deactivated (20187)', S.deactivating, none, made, said],
  ['source mismatch (20188)', S.sourceMismatch, none, made, said],
  ['guest account (20189)', S.guestAccount, none, made, said],
  ['no such account (21266)', S.accountNotFound, none, made, said],
  ['signed out (-10000)', S.loggedOut, none, made, said],
  ['security check failed (23004)', S.securityCheckFailed, none, made, said],
  // refusals both list
  ['pay type not offered (25001)', S.walletTypeUnavailable, none, none, said],
  ['saved card locked (23005)', S.savedCardLocked, none, none, said],
  ['too many payment attempts (23006)', S.tooManyPaymentAttempts, none, none, said],
  // the X-CLI-RID has made an order already: listed, but it says an order exists
  ['X-CLI-RID used (10009)', S.requestIdReused, made, made, lost],
  // the fines' own refusals
  ['no such fine (22001)', S.fineNotFound, made, none, said],
  ['fine already paid (22002)', S.fineAlreadyPaid, made, none, said],
  ['fine amount changed (22003)', S.fineAmountChanged, made, none, said],
  // the request refused as sent, or never sent
  ['parameters refused (10001)', S.invalidParam, none, none, said],
  ['never sent: the client could not build it (-3)', ClientCode.setup, none, none, said],
  // codes every call may answer, whatever it did
  ['internal error (10005)', S.internal, made, made, lost],
  ['rate limited (10002)', S.rateLimited, made, made, said],
  ['unknown call (10004)', S.unknownCall, made, made, said],
  // no answer, or none the contract knows
  ['time-out (-1)', ClientCode.timeout, made, made, lost],
  ['no answer, a reset or a page that is no envelope (-2)', ClientCode.network, made, made, lost],
  ['bridge failure (-4)', ClientCode.bridge, made, made, lost],
  ['aborted (-5)', ClientCode.abort, made, made, lost],
  ['an envelope whose data breaks the contract (502)', INVALID_ANSWER, made, made, lost],
  ['HTTP 500', 500, made, made, lost],
  ['HTTP 503', 503, made, made, lost],
  ['HTTP 400', 400, made, made, said],
  ['HTTP 401', 401, made, made, said],
  ['HTTP 404', 404, made, made, said],
  ['HTTP 429', 429, made, made, said],
  ['a code of other calls (23001, no such order)', S.orderNotFound, made, made, said],
  ['a code of other calls (23003, payment failed)', S.paymentFailed, made, made, said],
  ['a code no contract knows (99999)', 99999, made, made, said],
  ['a negative code no one knows (-7)', -7, made, made, lost],
];

const says = (call: OrderCreation, result: number): Says => (orderMayExist(call, result) ? made : none);

describe('what an order creation failure says of the order', () => {
  it.each(table)('%s', (_what, result, coin, fine, page) => {
    expect(says('createCoinPay', result)).toBe(coin);
    expect(says('createFinePay', result)).toBe(fine);
    expect(says('payerMaxCreateFinePay', result)).toBe(fine);
    expect(orderFailureSaid(result)).toBe(page);
  });

  it.each([
    ['createCoinPay', createCoinPay.codes],
    ['createFinePay', createFinePay.codes],
    ['payerMaxCreateFinePay', payerMaxCreateFinePay.codes],
  ] as const)('the table decides every code the contract of %s lists', (_call, codes) => {
    const decided = new Set(table.map(([, result]) => result));
    expect(codes.filter((code) => !decided.has(code))).toEqual([]);
  });
});
