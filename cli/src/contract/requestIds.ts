import { randomUUID } from 'node:crypto';
import { type CallName, cardFields, ORDER_KINDS, ServerCode, serviceFailureOf } from '@topup/contracts';
import { type SentRequest, sendCall } from '../http/client';
import { tryEncodeParams } from '../http/encode';
import { at } from './agreementJudges';
import { maskCardDataIn } from './cardData';
import { type JudgedAnswer, judgeAnswer, type Problem } from './conformance';
import type { StepAnswers } from './prepare';

/**
 * The X-CLI-RID rules of order creation as REQUEST_ID_SCOPE (contracts/src/registry/define.ts) states them,
 * checked under `--writes` only (they make orders), once the run's createCoinPay made its order (answered 0
 * with an order_id; a refusal is that call's own line). Each rule broken is one problem on createCoinPay,
 * `X-CLI-RID: <rule>: <what was sent> answered <what came back>: <the rule>`, which fails the run:
 * 1. retry: that request sent again as it was, under its X-CLI-RID, answers 0 with the same order_id;
 * 2. reused id: the same id with another parameter (another fixtures account's uid, else another `kind`)
 *    answers 10009 (requestIdReused), not an order, new or the id's;
 * 2b. fresh id: that request under a fresh X-CLI-RID is another order, whose order_id is not the first's (an
 *    order id answered again is another order's, or a cached answer); the order it makes is the one clickCancel
 *    cancels (cancelReadBack.ts), so the rule makes no order more than the run made before;
 * 3. spent id: under a fresh id, the intent with a card pay type the package lists (23, else 27) and none of
 *    its card fields (what the web app sends to look up after a reload: `cardless` keeps source_id and
 *    session_key and drops token, cvv_token, platform_data, bin, last4, scheme, name, card_valid_date,
 *    is_remember) is refused, with any refusal's code (the scope names none; the mock's is 10001; an internal
 *    error, unknown call or throttle is no refusal), and makes no order;
 *    then the request with its card fields under that id answers 10009 and makes no order.
 * An order made is known by the answer that names it; the order book itself is not read. The card fields sent
 * are made up (a real backend's tokeniser is not the check's to call): only the spent id answers them as the
 * rule says, and a backend that forgot the id refuses the made-up token instead, which fails rule 3 as well.
 * Not checked: the scope across callers (another payer's or device's use of an id), and the cardless lookup
 * under an id that made an order (the run's order is a wallet's, whose request has no card field to drop).
 * Nothing card-like is printed: card fields by name only, and answers' text with card data masked.
 */

/** Each rule's name on its line, and what the line ends with, in REQUEST_ID_SCOPE's words. */
const LABELS = {
  retry: 'retry',
  reused: 'reused id',
  fresh: 'fresh id',
  lookup: 'cardless lookup',
  spent: 'spent id',
} as const;
const RULES: Readonly<Record<keyof typeof LABELS, string>> = {
  retry:
    'a used id answers its order to the same request, so a retry after a lost answer makes no second order',
  reused: `other parameters under a used id are ${ServerCode.requestIdReused} (requestIdReused) and make no order`,
  fresh: 'a request under a new id is a new order, with an order id of its own',
  lookup: 'a request without its card fields under an id that made nothing is refused and makes no order',
  spent: `that lookup spends the id: the request it looked for, arriving late, is ${ServerCode.requestIdReused} (requestIdReused) and makes no order`,
};

/** The request fields a page back from a reload no longer has (`cardless` in web/src/features/pay). */
export const CARD_FIELDS: readonly string[] = [...Object.keys(cardFields), 'platform_data'];

/** What one createCoinPay answer said, as the rules read it. */
export type Said =
  | { readonly kind: 'order'; readonly orderId: string }
  | { readonly kind: 'refused'; readonly result: number }
  | { readonly kind: 'broken'; readonly why: string };

export function saidOf(judged: JudgedAnswer): Said {
  const result = judged.envelope?.result;
  if (result === undefined) return { kind: 'broken', why: judged.problems[0]?.message ?? 'no envelope' };
  if (result !== 0) return { kind: 'refused', result };
  const orderId = at(judged.data, 'order_id');
  return typeof orderId === 'string' && orderId !== ''
    ? { kind: 'order', orderId }
    : { kind: 'broken', why: '0 with no order_id' };
}

const CODE_NAMES = new Map<number, string>(Object.entries(ServerCode).map(([name, code]) => [code, name]));

/** An answer as a line says it: never a card number or CVV, whatever a backend put in it. */
export function describeSaid(said: Said): string {
  if (said.kind === 'order') return maskCardDataIn(`0 with order ${said.orderId}`);
  if (said.kind === 'refused') return `${said.result} (${CODE_NAMES.get(said.result) ?? 'a refusal'})`;
  return maskCardDataIn(`no order answer (${said.why})`);
}

/** Rule 1: the retry answers the id's order, `first`. Undefined when it does; else what went wrong. */
export function judgeRetry(first: string, said: Said): string | undefined {
  if (said.kind === 'order' && said.orderId === first) return undefined;
  if (said.kind === 'order') return `a second order, not the id's order ${first}`;
  return `not the id's order ${first}`;
}

/** Rule 2: another parameter under the id of order `first` is 10009. */
export function judgeReused(first: string, said: Said): string | undefined {
  if (said.kind === 'refused' && said.result === ServerCode.requestIdReused) return undefined;
  if (said.kind === 'order' && said.orderId === first) return `the id's order ${first}, for another request`;
  if (said.kind === 'order') return 'a new order for a used id';
  return `not ${ServerCode.requestIdReused} (requestIdReused)`;
}

/** Rule 2b: the request under a fresh id is not answered with the order id `first`, already answered. */
export function judgeFresh(first: string, said: Said): string | undefined {
  return said.kind === 'order' && said.orderId === first
    ? `the order id this run's createCoinPay already answered earlier in this run (order ${first}, under another X-CLI-RID)`
    : undefined;
}

/** Where rule 2b leaves the order it made (a step of the run's own), for clickCancel to cancel. */
export const FRESH_ORDER_STEP = 'createCoinPay under a fresh X-CLI-RID';

/**
 * Rule 3, first half: the cardless lookup under a fresh id is refused, with any code of a refusal (not one that
 * says the call was not served: an internal error, an unknown call, a throttle, an HTTP status).
 */
export function judgeLookup(said: Said): string | undefined {
  if (said.kind === 'refused' && serviceFailureOf(said.result) === undefined) return undefined;
  if (said.kind === 'refused') return 'a code that says the call was not served, not a refusal';
  return said.kind === 'order' ? 'an order made by a lookup' : 'no refusal';
}

/** Rule 3, second half: the request with its card fields under the id the lookup spent is 10009. */
export function judgeLate(said: Said): string | undefined {
  if (said.kind === 'refused' && said.result === ServerCode.requestIdReused) return undefined;
  if (said.kind === 'order') return 'an order made under a spent id';
  return `not ${ServerCode.requestIdReused} (requestIdReused)`;
}

type Params = Readonly<Record<string, unknown>>;

/** The changed parameter of rule 2: another fixtures account's uid, else another kind of order. */
const OTHER_ACCOUNTS = ['account.omar', 'account.streamer', 'account.fined', 'account.newUser'];

export function otherParameter(params: Params, fixtures: Params): { field: string; value: unknown } {
  for (const name of OTHER_ACCOUNTS) {
    const uid = at(fixtures, `${name}.uid`);
    if (typeof uid === 'number' && uid !== Number(params.uid)) return { field: 'uid', value: uid };
  }
  const kind = params.kind ?? 'normal';
  return { field: 'kind', value: ORDER_KINDS.find((k) => k !== kind) };
}

const CARD_PAY_TYPES = [23, 27] as const;

/**
 * The card pay type rule 3 orders with: 23, else 27, of those the package lists in this run's
 * getRechargeListV3 answer (23 when the run did not read it); undefined when the list offers neither.
 */
export function cardPayType(rechargeId: unknown, steps: Readonly<StepAnswers>): 23 | 27 | undefined {
  const list = at(steps.getRechargeListV3?.data, 'list');
  const row = Array.isArray(list) ? list.find((p) => at(p, 'recharge_id') === rechargeId) : undefined;
  const offered = at(row, 'pay_sub_types');
  if (!Array.isArray(offered)) return 23;
  return CARD_PAY_TYPES.find((t) => offered.includes(t));
}

/** Card fields no tokeniser issued: a request that has them is no lookup, whatever a backend makes of them. */
export function madeUpCard(payType: 23 | 27): Record<string, unknown> {
  const tag = `contract_check_${randomUUID()}`;
  if (payType === 23) return { token: `tok_${tag}` };
  const code = `adyenjs_${tag}`;
  return { platform_data: { paymentMethod: { type: 'scheme', encryptedCardNumber: code } } };
}

/** What was sent, for a line: the intent's fields, and the card fields by name only. */
export function sentSummary(params: Params): string {
  const intent = ['recharge_id', 'uid', 'pay_type', 'kind']
    .filter((f) => params[f] !== undefined)
    .map((f) => `${f} ${String(params[f])}`);
  const card = CARD_FIELDS.filter((f) => params[f] !== undefined);
  return `${intent.join(', ')}${card.length === 0 ? ', no card field' : `, card fields ${card.join(', ')} (made up)`}`;
}

export interface RequestIdTarget {
  readonly baseUrl: string;
  readonly timeoutMs: number;
  /** The session the run's order was made with (x-session-key): every request here is that caller's. */
  readonly sessionKey?: string;
  /** createCoinPay as the run sent it: its parameters and its request (whose X-CLI-RID rule 1 sends again). */
  readonly params: Params;
  readonly sent: SentRequest | undefined;
  readonly fixtures: Params;
  /** The run's answers; rule 2b adds the order it made, as FRESH_ORDER_STEP. */
  readonly steps: StepAnswers;
}

async function send(target: RequestIdTarget, params: Params, requestId: string): Promise<Said> {
  const call: CallName = 'createCoinPay';
  const encoded = tryEncodeParams(call, params);
  if (!encoded.ok) return { kind: 'broken', why: `not sent: ${encoded.error}` };
  const raw = await sendCall(target.baseUrl, call, encoded.wire, {
    timeoutMs: target.timeoutMs,
    headers: {
      'x-cli-rid': requestId,
      ...(target.sessionKey === undefined ? {} : { 'x-session-key': target.sessionKey }),
    },
  });
  return saidOf(judgeAnswer(call, raw));
}

const line = (rule: keyof typeof LABELS, sent: string, said: Said, wrong: string): Problem => ({
  kind: 'meaning',
  field: 'X-CLI-RID',
  message: `${LABELS[rule]}: createCoinPay ${sent} answered ${describeSaid(said)}, ${wrong}: ${RULES[rule]} (REQUEST_ID_SCOPE)`,
});

/** The rules above, for the answer the run's createCoinPay got: one problem per rule broken. */
export async function requestIdProblems(
  call: CallName,
  judged: JudgedAnswer,
  target: RequestIdTarget,
): Promise<Problem[]> {
  if (call !== 'createCoinPay' || judged.problems.length > 0) return [];
  const first = saidOf(judged);
  const requestId = target.sent?.headers['x-cli-rid'];
  if (first.kind !== 'order' || requestId === undefined) return [];
  const problems: Problem[] = [];
  const { params } = target;

  const retried = await send(target, params, requestId);
  const retry = judgeRetry(first.orderId, retried);
  const again = `(${sentSummary(params)}) sent again under its X-CLI-RID`;
  if (retry !== undefined) problems.push(line('retry', again, retried, retry));

  const other = otherParameter(params, target.fixtures);
  const changed = { ...params, [other.field]: other.value };
  const reused = await send(target, changed, requestId);
  const wrong = judgeReused(first.orderId, reused);
  const under = `(${sentSummary(changed)}; its ${other.field} changed from ${String(params[other.field] ?? 'normal')}) under the X-CLI-RID of order ${first.orderId}`;
  if (wrong !== undefined) problems.push(line('reused', under, reused, wrong));

  const fresh = await send(target, params, randomUUID());
  const repeated = judgeFresh(first.orderId, fresh);
  if (repeated !== undefined)
    problems.push(line('fresh', `(${sentSummary(params)}) under a fresh X-CLI-RID`, fresh, repeated));
  else if (fresh.kind === 'order')
    target.steps[FRESH_ORDER_STEP] = { result: 0, data: { order_id: fresh.orderId }, params };

  return [...problems, ...(await spentIdProblems(target))];
}

/** Rule 3: a cardless lookup under a fresh id, then the full request under the id it spent. */
async function spentIdProblems(target: RequestIdTarget): Promise<Problem[]> {
  const payType = cardPayType(target.params.recharge_id, target.steps);
  const intent = Object.fromEntries(Object.entries(target.params).filter(([f]) => !CARD_FIELDS.includes(f)));
  if (payType === undefined)
    return [
      {
        kind: 'meaning',
        field: 'X-CLI-RID',
        message: `spent id: not checked: getRechargeListV3 lists no card pay type (${CARD_PAY_TYPES.join(', ')}) for recharge_id ${String(intent.recharge_id)}, so no cardless lookup can be sent: ${RULES.spent} (REQUEST_ID_SCOPE); the fixtures' package must offer a card under --writes`,
      },
    ];
  const lookup = { ...intent, pay_type: payType };
  const requestId = randomUUID();
  const looked = await send(target, lookup, requestId);
  const refused = judgeLookup(looked);
  if (refused !== undefined)
    return [line('lookup', `(${sentSummary(lookup)}) under a fresh X-CLI-RID`, looked, refused)];
  const full = { ...lookup, ...madeUpCard(payType) };
  const late = await send(target, full, requestId);
  const wrong = judgeLate(late);
  const sent = `(${sentSummary(full)}) under the X-CLI-RID its cardless lookup spent (answered ${describeSaid(looked)})`;
  return wrong === undefined ? [] : [line('spent', sent, late, wrong)];
}
