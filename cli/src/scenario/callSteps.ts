import { setTimeout as sleep } from 'node:timers/promises';
import type { CallName } from '@topup/contracts';
import { judgedWithEnvelope } from '../contract/answer';
import { latencyBudgetMs } from '../contract/budget';
import type { JudgedAnswer } from '../contract/conformance';
import { type RawAnswer, sendCall } from '../http/client';
import { tryEncodeParams } from '../http/encode';
import { conditionHolds, evaluateExpect } from './expect';
import { matchPaths } from './matchers';
import type { CallStep, PollStep } from './schema';
import { shapeOf } from './shape';
import { exchangeOf, failed, type StepContext, type StepOutcome, type StepRecord } from './stepTypes';

export async function callOnce(
  call: CallName,
  params: Record<string, unknown> | undefined,
  wire: Record<string, unknown> | undefined,
  headers: Record<string, string> | undefined,
  ctx: StepContext,
): Promise<{ ok: true; answer: JudgedAnswer; raw: RawAnswer } | { ok: false; error: string }> {
  let wireParams = wire;
  if (wireParams === undefined) {
    const encoded = tryEncodeParams(call, params ?? {});
    if (!encoded.ok) return encoded;
    wireParams = encoded.wire;
  }
  const raw = await sendCall(ctx.target.baseUrl, call, wireParams, {
    timeoutMs: ctx.timeoutMs,
    ...(headers === undefined ? {} : { headers }),
    ...(ctx.signal === undefined ? {} : { signal: ctx.signal }),
  });
  // The envelope as the contract check judges it: an answer `contract check` calls bad-envelope fails here too.
  return { ok: true, answer: judgedWithEnvelope(call, raw), raw };
}

const recordOf = (answer: JudgedAnswer, tries?: number): StepRecord => ({
  status: answer.status,
  ms: answer.ms,
  data: answer.data,
  ...(answer.envelope === undefined
    ? {}
    : { result: answer.envelope.result, message: answer.envelope.message }),
  ...(tries === undefined ? {} : { tries }),
});

function outcomeOf(
  call: CallName,
  answer: JudgedAnswer,
  raw: RawAnswer,
  failures: string[],
  tries?: number,
): StepOutcome {
  const exchange = exchangeOf(raw);
  return {
    ...(exchange === undefined ? {} : { exchange }),
    status: failures.length === 0 ? 'passed' : 'failed',
    failures,
    call,
    ...(answer.envelope === undefined ? {} : { result: answer.envelope.result }),
    ...(tries === undefined ? {} : { tries }),
    record: recordOf(answer, tries),
    observed: { result: answer.envelope?.result, shape: shapeOf(answer.data) },
  };
}

export async function runCall(step: CallStep, ctx: StepContext): Promise<StepOutcome> {
  const sent = await callOnce(step.call, step.params, step.wire, step.headers, ctx);
  if (!sent.ok) return { ...failed(sent.error), call: step.call };
  return outcomeOf(
    step.call,
    sent.answer,
    sent.raw,
    evaluateExpect(sent.answer, step.expect, latencyBudgetMs(step.call)),
  );
}

export async function runPoll(step: PollStep, ctx: StepContext): Promise<StepOutcome> {
  const { call, params, wire, headers, until, intervalMs, tries } = step.poll;
  let last: JudgedAnswer | undefined;
  let lastRaw: RawAnswer | undefined;
  let attempts = 0;
  for (let attempt = 1; attempt <= tries; attempt += 1) {
    const sent = await callOnce(call, params, wire, headers, ctx);
    if (!sent.ok) return { ...failed(sent.error), call };
    last = sent.answer;
    lastRaw = sent.raw;
    attempts = attempt;
    if (conditionHolds(last, until)) {
      const expect = step.expect ?? (until.result === undefined ? {} : { result: until.result });
      return outcomeOf(call, last, sent.raw, evaluateExpect(last, expect, latencyBudgetMs(call)), attempt);
    }
    if (ctx.signal?.aborted === true) break;
    // An interrupted run stops waiting at once; the loop then reports it.
    if (attempt < tries) await sleep(intervalMs, undefined, { signal: ctx.signal }).catch(() => undefined);
  }
  const seen = last?.envelope === undefined ? 'no envelope' : `result ${last.envelope.result}`;
  const why = last === undefined ? [] : matchPaths(last.data, until.data ?? {}, 'data').slice(0, 3);
  return last === undefined || lastRaw === undefined
    ? failed('no answer')
    : outcomeOf(
        call,
        last,
        lastRaw,
        [
          ctx.signal?.aborted === true
            ? `interrupted after ${attempts} tries (last: ${seen})`
            : `condition not met after ${tries} tries (last: ${seen}${why.length > 0 ? `; ${why.join('; ')}` : ''})`,
        ],
        attempts,
      );
}
