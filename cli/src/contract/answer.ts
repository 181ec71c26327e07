import type { CallName } from '@topup/contracts';
import { type RawAnswer, sendCall } from '../http/client';
import { tryEncodeParams } from '../http/encode';
import { agreementProblems } from './agreement';
import { type AgreementContext, at } from './agreementJudges';
import {
  type BatchItem,
  batchProblems,
  type JudgedAnswer,
  judgeAnswer,
  type Problem,
  strictEnvelopeProblems,
} from './conformance';
import { planRefusals } from './plan';
import type { StepAnswers } from './prepare';

/**
 * The plan's made-up parameters (a 3-D Secure result for an order that asked for none) must be refused: an
 * answer of 0 accepted them, whatever its data says.
 */
export function acceptedProblems(
  call: CallName,
  result: number | undefined,
  judged: JudgedAnswer,
  params: Readonly<Record<string, unknown>>,
): Problem[] {
  const refusals = planRefusals(call);
  if (result !== 0 || refusals.length === 0 || judged.problems.length > 0) return [];
  return [
    {
      kind: 'meaning',
      field: 'result',
      message: `answered 0 (${describeAccepted(judged.data)}) to parameters made up on purpose (${JSON.stringify(params.platform_data ?? params)}): any backend refuses them (${refusals.join(', ')})`,
    },
  ];
}

/** What an answer that accepted made-up parameters said: its status (`paid`) when it has one. */
function describeAccepted(data: unknown): string {
  const status =
    data !== null && typeof data === 'object' ? (data as { status?: unknown }).status : undefined;
  return typeof status === 'string' ? `status ${JSON.stringify(status)}` : 'success';
}

/**
 * The answer judged against its contract; a batch's answer also entry by entry: each request id sent maps
 * to a JSON envelope its sub-call's contract accepts (SPEC §7), not just any map of strings.
 */
export function answerJudged(call: CallName, raw: RawAnswer, ctx: AgreementContext): JudgedAnswer {
  const lenient = judgeAnswer(call, raw);
  const judged = { ...lenient, problems: [...strictEnvelopeProblems(call, raw), ...lenient.problems] };
  if (call !== 'batchRequest' || judged.envelope?.result !== 0) return judged;
  const items = (ctx.params.requests ?? []) as readonly BatchItem[];
  // A sub-answer is held to what it must mean, as the same call's answer outside a batch is (SPEC §7 batch).
  const held = (sub: CallName, data: unknown, item: BatchItem) =>
    agreementProblems(sub, data, { ...ctx, params: item.params ?? {} });
  return {
    ...judged,
    problems: [...judged.problems, ...batchProblems(items, judged.envelope.data, held)],
  };
}

/** SPEC §9: the wallet status poll asks every 500 ms; the read-back asks a pending order a few times. */
const READ_BACK_TRIES = 4;
const READ_BACK_MS = 500;

/**
 * A wallet payment answered paid (adyenVerifyPay code 0) is then read back: payResultByOrderFast for the same
 * order must say 0 (SPEC §4 wallet flow: 0 means success), after at most a few pending (-1) answers.
 */
export async function paidReadBack(
  call: CallName,
  judged: JudgedAnswer,
  steps: Readonly<StepAnswers>,
  target: { readonly baseUrl: string; readonly timeoutMs: number },
): Promise<Problem[]> {
  const order = at(steps.createCoinPay?.data, 'order_id');
  if (call !== 'adyenVerifyPay' || judged.problems.length > 0 || judged.envelope?.result !== 0) return [];
  if (at(judged.data, 'code') !== 0 || typeof order !== 'string') return [];
  const encoded = tryEncodeParams('payResultByOrderFast', { zp_orderid: order });
  if (!encoded.ok) return [];
  let said = 'no answer';
  for (let i = 0; i < READ_BACK_TRIES; i += 1) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, READ_BACK_MS));
    const raw = await sendCall(target.baseUrl, 'payResultByOrderFast', encoded.wire, {
      timeoutMs: target.timeoutMs,
    });
    const read = judgeAnswer('payResultByOrderFast', raw);
    const result = read.envelope?.result;
    const fast = at(read.data, 'result');
    if (read.problems.length === 0 && result === 0 && fast === 0) return [];
    said =
      result === 0 ? `result ${JSON.stringify(fast)}` : `the refusal ${result ?? read.problems[0]?.message}`;
    if (result !== 0 || fast !== -1) break;
  }
  return [
    {
      kind: 'meaning',
      field: 'data.code',
      message: `answered code 0 (paid), but payResultByOrderFast then answered ${said} for the same order: a paid order reads as paid (0)`,
    },
  ];
}
