import type { CallName } from '@topup/contracts';
import { resolveReferences, UnresolvedReference } from '../scenario/references';
import { contractPlan } from './plan';

/**
 * The answers a plan's `${steps.<call>.…}` references read: each call's envelope, by call name, and the
 * parameters it was sent with (what a later answer must agree with: the order read is the order made).
 */
export type StepAnswers = Record<
  string,
  { readonly result?: number; readonly data?: unknown; readonly params?: Readonly<Record<string, unknown>> }
>;

/**
 * A call's plan parameters; with `createdOrder` (`--writes` with createCoinPay in the run), an order read's
 * parameters name the order createCoinPay made.
 */
export function planParams(call: CallName, createdOrder = false): Record<string, unknown> | undefined {
  const plan = contractPlan[call];
  if (!('params' in plan)) return undefined;
  return createdOrder && plan.createdOrder !== undefined ? plan.createdOrder : plan.params;
}

/** The calls whose answers a call's plan parameters read (`${steps.<call>.…}`), in the order they appear. */
export function stepsNeeded(call: CallName, createdOrder = false): CallName[] {
  const params = planParams(call, createdOrder);
  if (params === undefined) return [];
  const text = JSON.stringify(params);
  return [...new Set([...text.matchAll(/\$\{steps\.([A-Za-z0-9]+)\./g)].map((m) => m[1] as CallName))];
}

/** A call's plan parameters resolved, or why they cannot be (a missing fixture, an answer not there). */
export type Resolved =
  | { readonly ok: true; readonly params: Record<string, unknown> }
  | { readonly ok: false; readonly reason: string };

export function resolvePlan(
  call: CallName,
  fixtures: Record<string, unknown>,
  steps: Readonly<StepAnswers>,
  createdOrder = false,
): Resolved {
  const plan = contractPlan[call];
  if ('never' in plan) return { ok: false, reason: `never called: ${plan.never}` };
  for (const needed of stepsNeeded(call, createdOrder)) {
    const answer = steps[needed];
    if (answer === undefined)
      return { ok: false, reason: `needs the answer of ${needed}, which did not run` };
    if (answer.result !== 0)
      return { ok: false, reason: `needs the answer of ${needed}, which was refused with ${answer.result}` };
  }
  try {
    return {
      ok: true,
      params: resolveReferences(planParams(call, createdOrder) ?? plan.params, {
        steps,
        fixtures,
        vars: {},
        run: {},
      }),
    };
  } catch (error) {
    if (!(error instanceof UnresolvedReference)) throw error;
    const name = /\$\{fixtures\.([^}]+?)\.[^.}]+\}/.exec(error.message)?.[1];
    return { ok: false, reason: name === undefined ? error.message : `missing fixture ${name}` };
  }
}

/**
 * Sends, in order, the calls whose answers `call`'s parameters read (and theirs before them), recording
 * each answer: what the fuzzer does after resetting the world, before a call that needs an order or an
 * upload of its own.
 */
export async function prepareSteps(
  call: CallName,
  fixtures: Record<string, unknown>,
  send: (call: CallName, params: Record<string, unknown>) => Promise<StepAnswers[string]>,
  steps: StepAnswers = {},
): Promise<StepAnswers> {
  for (const needed of stepsNeeded(call)) {
    if (steps[needed] !== undefined) continue;
    await prepareSteps(needed, fixtures, send, steps);
    const resolved = resolvePlan(needed, fixtures, steps);
    if (resolved.ok) steps[needed] = await send(needed, resolved.params);
  }
  return steps;
}

/** Calls in an order where each comes after the calls (among these) whose answers it reads. */
export function inDependencyOrder(calls: readonly CallName[], createdOrder: boolean): CallName[] {
  const out: CallName[] = [];
  const visit = (call: CallName) => {
    if (out.includes(call) || !calls.includes(call)) return;
    for (const needed of stepsNeeded(call, createdOrder)) visit(needed);
    out.push(call);
  };
  for (const call of calls) visit(call);
  return out;
}
