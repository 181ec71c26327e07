import { type CallName, FailDetail } from '@topup/contracts';
import { at, shown } from './agreementJudges';
import type { JudgedAnswer, Problem } from './conformance';
import { type ReadBackTarget, read } from './paidReadBack';
import type { Resolved, StepAnswers } from './prepare';
import { FRESH_ORDER_STEP } from './requestIds';

/**
 * Under `--writes` (createCoinPay in the run) clickCancel cancels an order this run made for it: pending, so
 * one a visitor can give up. The run's own order is for adyenVerifyPay to pay, so this is a second one, made
 * with createCoinPay's parameters and session (a fresh X-CLI-RID: it is another order, not a retry), and
 * nothing pays it: the order createCoinPay's X-CLI-RID rule 2b made so (requestIds.ts), else one made here. An
 * order answered with the run's own order id is not cancelled (that would cancel the order the run pays).
 * A cancel answered ok is then read back (SPEC §4 wallet flow: "Cancel reports a
 * user-cancel failure"; §8 failure detail `userCancel`): it answered `cancelled` true, payResultByOrderFast
 * of that order says failed (1), no longer pending (-1), and getPayError's fail_detail is `userCancel`.
 * A cancel that does nothing leaves the order pending, and fails. One problem, the first broken, on
 * `data.cancelled`.
 */

type Target = Omit<ReadBackTarget, 'now'>;

/**
 * The cancel's parameters naming the order made to be cancelled, or why none was made (the cancel is then not
 * sent, which fails it under --writes).
 */
export async function withOrderToCancel(
  planned: Resolved,
  steps: Readonly<StepAnswers>,
  target: Target,
): Promise<Resolved> {
  if (!planned.ok) return planned;
  const fresh = at(steps[FRESH_ORDER_STEP]?.data, 'order_id');
  if (typeof fresh === 'string') return { ok: true, params: { ...planned.params, app_order: fresh } };
  const params = steps.createCoinPay?.params;
  const answer = params === undefined ? undefined : await read('createCoinPay', { ...params }, target);
  const result = answer?.envelope?.result;
  const orderId = at(answer?.data, 'order_id');
  const runOrder = at(steps.createCoinPay?.data, 'order_id');
  const sentAgain = `createCoinPay, sent again as the run sent it (a fresh X-CLI-RID) to make a pending order to cancel, answered`;
  if (orderId !== undefined && orderId === runOrder)
    return {
      ok: false,
      reason: `${sentAgain} order ${shown(orderId)}, the order id it already answered earlier in this run: a new request is a new order, with an order id of its own (the run's order is not cancelled)`,
    };
  if (answer !== undefined && answer.problems.length === 0 && result === 0 && typeof orderId === 'string')
    return { ok: true, params: { ...planned.params, app_order: orderId } };
  const said =
    result === 0 || result === undefined
      ? (answer?.problems[0]?.message ?? 'no order_id')
      : `the refusal ${result}`;
  return { ok: false, reason: `${sentAgain} ${said}` };
}

/** What was wrong with the cancel, read back; undefined when the order reads cancelled. */
async function cancelledReadBack(order: string, target: Target): Promise<string | undefined> {
  const fast = await read('payResultByOrderFast', { zp_orderid: order }, target);
  const fastResult = fast?.envelope?.result;
  if (fast === undefined || fast.problems.length > 0 || fastResult !== 0)
    return `payResultByOrderFast then answered ${fastResult === 0 || fastResult === undefined ? fast?.problems[0]?.message : `the refusal ${fastResult}`} for it`;
  const said = at(fast.data, 'result');
  if (said !== 1)
    return `payResultByOrderFast then answered result ${shown(said)} for it${said === -1 ? ' (still pending)' : said === 0 ? ' (paid)' : ''}: a cancelled order has failed (1), nothing charged`;
  const error = await read('getPayError', { order_id: order, source: 1 }, target);
  const errorResult = error?.envelope?.result;
  if (error === undefined || error.problems.length > 0 || errorResult !== 0)
    return `getPayError then answered ${errorResult === 0 || errorResult === undefined ? error?.problems[0]?.message : `the refusal ${errorResult}`} for it`;
  const detail = at(error.data, 'fail_detail');
  if (detail !== FailDetail.userCancel)
    return `getPayError then answered fail_detail ${shown(detail)} for it, not "${FailDetail.userCancel}": a cancel reports a user-cancel failure (SPEC §4 wallet flow, §8 failure details)`;
  return undefined;
}

export async function cancelReadBack(
  call: CallName,
  judged: JudgedAnswer,
  params: Readonly<Record<string, unknown>>,
  ownOrder: boolean,
  target: Target,
): Promise<Problem[]> {
  if (call !== 'clickCancel' || !ownOrder) return [];
  if (judged.problems.length > 0 || judged.envelope?.result !== 0) return [];
  const order = String(at(params, 'app_order'));
  const problem = (message: string): Problem[] => [{ kind: 'meaning', field: 'data.cancelled', message }];
  const cancelled = at(judged.data, 'cancelled');
  if (cancelled !== true)
    return problem(
      `answered cancelled ${shown(cancelled)} for order ${order}, made pending by this run just before: a pending order can be given up (SPEC §4: cancel reports a user-cancel failure)`,
    );
  const wrong = await cancelledReadBack(order, target);
  return wrong === undefined
    ? []
    : problem(`answered cancelled true for order ${order}, made pending by this run, but ${wrong}`);
}
