import type { CallName } from '@topup/contracts';
import type { RawAnswer } from '../http/client';
import { expectedRefusalProblem } from '../scenario/forced';
import { agreementProblems } from './agreement';
import type { AgreementContext } from './agreementJudges';
import {
  type BatchItem,
  batchProblems,
  type JudgedAnswer,
  judgeAnswer,
  type Problem,
  strictEnvelopeProblems,
} from './conformance';
import { planRefusals } from './plan';

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
 * The answer judged against its contract, its envelope held to what the contract check holds it to (a JSON
 * media type, a `message`: strictEnvelopeProblems). The contract check and scenario steps judge answers so.
 */
export function judgedWithEnvelope(call: CallName, raw: RawAnswer): JudgedAnswer {
  const lenient = judgeAnswer(call, raw);
  return { ...lenient, problems: [...strictEnvelopeProblems(call, raw), ...lenient.problems] };
}

/**
 * The answer judged against its contract; a batch's answer also entry by entry: each request id sent maps
 * to a JSON envelope its sub-call's contract accepts (SPEC §7), not just any map of strings.
 */
export function answerJudged(call: CallName, raw: RawAnswer, ctx: AgreementContext): JudgedAnswer {
  const judged = judgedWithEnvelope(call, raw);
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

/**
 * The problem of a refusal no fixtures file expects (`unverified`). A code no fixtures file may expect (the call
 * not served, a code every call may answer, a stale session, a reused request id) is named as such: listing it is
 * no way out. `readsRunOrder`: the call read the order this run's createCoinPay made; `listed`: the refusals the
 * fixtures expect of the call.
 */
export function unverifiedRefusal(
  call: CallName,
  result: number | undefined,
  readsRunOrder: boolean,
  listed: readonly number[],
): Problem {
  return {
    kind: 'unverified',
    field: 'result',
    message:
      (result === undefined ? undefined : expectedRefusalProblem(call, result)) ??
      (readsRunOrder
        ? `refused with ${result} for the order createCoinPay made in this run: it must find that order${result !== undefined && listed.includes(result) ? ` (expectRefusals.${call} lists ${result} for the fixtures' sample order, not for this one)` : ''}`
        : `refused with ${result}: its answer data was never checked; if this refusal is right for these fixtures, list it under expectRefusals.${call} in the fixtures file`),
  };
}
