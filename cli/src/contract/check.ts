import { CALL_NAMES, type CallName } from '@topup/contracts';
import { sendCall } from '../http/client';
import { contractOf, tryEncodeParams } from '../http/encode';
import { stopOf } from '../interrupt';
import { type FixtureValue, nestFixtures } from '../scenario/fixtures';
import { heldToRequest } from './agreement';
import type { AgreementContext } from './agreementJudges';
import { at } from './agreementJudges';
import { acceptedProblems, answerJudged, unverifiedRefusal } from './answer';
import { budgetLine, latencyBudgetMs } from './budget';
import { cancelReadBack, withOrderToCancel } from './cancelReadBack';
import { cardsReadBack } from './cardsReadBack';
import type { Problem } from './conformance';
import { CHECK_OUTCOMES, type CheckOutcome, FAILING_OUTCOMES, outcomeOf } from './outcomes';
import { paidReadBack, runOrderSession } from './paidReadBack';
import { contractPlan, planRefusals } from './plan';
import { inDependencyOrder, resolvePlan, type StepAnswers, stepsNeeded } from './prepare';
import { probeProblems } from './probes';
import { requestIdProblems } from './requestIds';
import { nothingVerified, uncheckedForFixtures } from './runProblem';

export interface CallCheck {
  readonly call: CallName;
  readonly method: string;
  readonly path: string;
  readonly readOnly: boolean;
  readonly outcome: CheckOutcome;
  readonly result?: number;
  readonly ms: number;
  readonly problems: readonly Problem[];
  readonly skipReason?: string;
  /** What the call's probes could not ask: the fixtures give no value for it (probes.ts). Not a pass. */
  readonly notChecked?: readonly string[];
}

export interface ContractReport {
  readonly kind: 'contract';
  readonly target: string;
  readonly startedAt: string;
  readonly ms: number;
  readonly calls: readonly CallCheck[];
  readonly counts: Readonly<Record<CheckOutcome, number>>;
  /** The latency budgets the answers were held to, as one line. */
  readonly budget: string;
  /** Why the run fails as a whole, whatever each call's outcome: no call was answered ok. */
  readonly runProblem?: string;
  /** Ctrl-C (or SIGTERM) stopped the run: the calls done are reported, the rest skipped as not run. */
  readonly interrupted?: boolean;
  /** What stopped it: `Ctrl-C` or `SIGTERM`. */
  readonly interruptedBy?: string;
  readonly passed: boolean;
}

export interface CheckOptions {
  readonly fixtures: Readonly<Record<string, FixtureValue>>;
  /** Writes the fixtures mark safe; read-only calls always run. */
  readonly safeWrites: readonly CallName[];
  /** Refusals that are expected (the fixtures say so): such a call passes as `refused`, else `unverified`. */
  readonly expectRefusals?: Readonly<Partial<Record<CallName, readonly number[]>>>;
  readonly timeoutMs: number;
  /** Calls checked at once. */
  readonly concurrency?: number;
  readonly only?: readonly CallName[];
  /** `--max-ms`: one latency budget for every call instead of each call's own. */
  readonly maxMs?: number;
  /** `--writes`: also the calls that move money or change cards and records (a staging backend). */
  readonly writes?: boolean;
  /**
   * The clock a server time is held to (within a day): this machine's by default; a mock marked `--mock`
   * may have its clock frozen elsewhere (`topup mock --now …`), and is held to its own.
   */
  readonly clock?: { readonly now: number; readonly name: string };
  /** Told of each call as it finishes (the command's progress lines). */
  readonly onCall?: (check: CallCheck, done: number, total: number) => void;
  /** Aborted on Ctrl-C: the call in flight and those not sent yet are skipped as not run. */
  readonly signal?: AbortSignal;
  /** When the command started (`performance.now()`), so its time counts the target check before the calls. */
  readonly started?: number;
  /**
   * `--allow-skips`: calls skipped because the fixtures lack their values do not fail the run. Without it such
   * a run fails: a check that could not send most calls (no `--fixtures` at all, say) is no pass.
   */
  readonly allowSkips?: boolean;
}

const notRun = (signal: AbortSignal | undefined) => `not run: interrupted (${stopOf(signal)})`;
/** Read through a call, so a check after an await is not narrowed away by one before it. */
const aborted = (signal?: AbortSignal) => signal?.aborted === true;

async function checkCall(
  baseUrl: string,
  call: CallName,
  options: CheckOptions,
  scope: Record<string, unknown>,
  steps: StepAnswers,
  createdOrder: boolean,
): Promise<CallCheck> {
  const contract = contractOf(call);
  const base = { call, method: contract.method, path: contract.path, readOnly: contract.readOnly };
  const skip = (reason: string): CallCheck => ({
    ...base,
    outcome: 'skipped',
    ms: 0,
    problems: [],
    skipReason: reason,
  });
  if (aborted(options.signal)) return skip(notRun(options.signal));
  const plan = contractPlan[call];
  if ('never' in plan) return skip(`never called: ${plan.never}`);
  if (plan.writes !== undefined) {
    if (options.writes !== true) return skip(`${plan.writes}: checked only with --writes`);
  } else if (!contract.readOnly && !options.safeWrites.includes(call))
    return skip('a write the fixtures do not mark safe');
  // Under --writes clickCancel cancels a pending order of its own, made first (cancelReadBack.ts).
  const cancels = call === 'clickCancel' && createdOrder;
  // Under --writes a write that cannot be sent was asked for and not checked: it fails, with the reason.
  const notSent = (reason: string): CallCheck =>
    plan.writes === undefined && !cancels
      ? skip(reason)
      : {
          ...base,
          outcome: 'unverified',
          ms: 0,
          problems: [{ kind: 'unverified', message: `not sent under --writes: ${reason}` }],
        };
  // The order this run makes is made signed in (account.reem's session, as the app sends it: x-session-key),
  // so the payment lands in that payer's history; every call on that order keeps the session, as the app's do.
  const session = runOrderSession(call, options.writes === true && createdOrder, scope);
  const target = {
    baseUrl,
    timeoutMs: options.timeoutMs,
    ...(session === undefined ? {} : { sessionKey: session }),
  };
  const planned = resolvePlan(call, scope, steps, createdOrder);
  const resolved = cancels ? await withOrderToCancel(planned, steps, target) : planned;
  if (!resolved.ok) return notSent(resolved.reason);
  const encoded = tryEncodeParams(call, resolved.params);
  if (!encoded.ok) return notSent(`fixture values outside the contract: ${encoded.error}`);
  const sent = performance.now();
  const raw = await sendCall(baseUrl, call, encoded.wire, {
    timeoutMs: options.timeoutMs,
    ...(session === undefined ? {} : { headers: { 'x-session-key': session } }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  if (aborted(options.signal))
    return {
      ...skip(`${notRun(options.signal)} before its answer came`),
      ms: Math.round(performance.now() - sent),
    };
  // An answer that met its contract is then held to what it must mean given its request.
  const ctx: AgreementContext = {
    params: resolved.params,
    fixtures: scope,
    steps,
    createdOrder,
    clock: options.clock ?? { now: Date.now(), name: "this machine's clock" },
  };
  const deviceId = at(scope, 'device.h5_deviceid');
  const judged = heldToRequest(call, answerJudged(call, raw, ctx), ctx);
  const budget = latencyBudgetMs(call, options.maxMs);
  const slow: Problem[] =
    raw.networkError === undefined && judged.ms > budget
      ? [{ kind: 'slow', message: `answered in ${judged.ms} ms, over its ${budget} ms latency budget` }]
      : [];
  const result = judged.envelope?.result;
  steps[call] = { ...(result === undefined ? {} : { result }), data: judged.data, params: resolved.params };
  // An order read of the order this run just made must find it: the fixtures' expected refusals (an order
  // not found, say) are for their sample order id, never for that one. The plan's own refusals still hold.
  const readsRunOrder = stepsNeeded(call, createdOrder).includes('createCoinPay');
  const listed = options.expectRefusals?.[call] ?? [];
  const expected = [...planRefusals(call), ...(readsRunOrder ? [] : listed)];
  // Other values TESTDATA fixes the answer to (probes.ts): other accounts and fines, an unknown session, a bad token.
  const probed = await probeProblems(call, judged, resolved.params, scope, target);
  const accepted = [
    ...acceptedProblems(call, result, judged, resolved.params),
    ...(await paidReadBack(call, judged, steps, {
      ...target,
      now: ctx.clock.now,
      ...(typeof deviceId === 'string' ? { deviceId } : {}),
    })),
    // A saved-card write's effect, read back in the list (SPEC §4 delete a saved card; §7 update_card_source).
    ...(await cardsReadBack(call, judged, resolved.params, steps, target)),
    // A cancel of the order it made, read back: failed as user-cancelled, no longer pending (SPEC §4).
    ...(await cancelReadBack(call, judged, resolved.params, cancels, target)),
    ...probed.problems,
    // createCoinPay's X-CLI-RID rules (REQUEST_ID_SCOPE): sent again, reused, spent by a cardless lookup.
    ...(await requestIdProblems(call, judged, {
      ...target,
      params: resolved.params,
      sent: raw.request,
      fixtures: scope,
      steps,
    })),
  ];
  const outcome = outcomeOf([...judged.problems, ...accepted, ...slow], result, expected);
  const problems: Problem[] =
    outcome === 'unverified'
      ? [unverifiedRefusal(call, result, readsRunOrder, listed)]
      : [...judged.problems, ...accepted, ...slow];
  return {
    ...base,
    outcome,
    ...(result === undefined ? {} : { result }),
    ms: judged.ms,
    problems,
    ...(probed.notChecked.length === 0 ? {} : { notChecked: probed.notChecked }),
  };
}

/**
 * Calls every read-only call, and the writes the fixtures mark safe, with fixture values, and judges each
 * answer against its contract: envelope, HTTP status, result codes (unknown ones reported), data schema.
 */
export async function checkContracts(baseUrl: string, options: CheckOptions): Promise<ContractReport> {
  const startedAt = new Date().toISOString();
  const started = options.started ?? performance.now();
  const scope = nestFixtures(options.fixtures);
  const selected = (options.only ?? CALL_NAMES).filter((name) => CALL_NAMES.includes(name));
  const isWrite = (call: CallName) => {
    const plan = contractPlan[call];
    return 'params' in plan && plan.writes !== undefined;
  };
  // Under --writes the order reads read the order this run's createCoinPay made (when it runs).
  const createdOrder = options.writes === true && selected.includes('createCoinPay');
  const needs = (c: CallName) => stepsNeeded(c, createdOrder);
  // The reads (and safe writes) that read no other answer at once; then, one by one, each after what it
  // reads, those that do (a ticket sign-in after the ticket was asked for, an order read after the order)
  // and the writes.
  const independent = selected.filter((c) => !isWrite(c) && needs(c).length === 0);
  const dependent = selected.filter((c) => !isWrite(c) && needs(c).length > 0);
  const calls = [
    ...independent,
    ...inDependencyOrder([...dependent, ...selected.filter(isWrite)], createdOrder),
  ];
  const steps: StepAnswers = {};
  const results: CallCheck[] = new Array(calls.length);
  let next = 0;
  let done = 0;
  const check = async (i: number, call: CallName) => {
    results[i] = await checkCall(baseUrl, call, options, scope, steps, createdOrder);
    done += 1;
    options.onCall?.(results[i], done, calls.length);
  };
  const reads = independent.length;
  const worker = async () => {
    while (next < reads) {
      const i = next;
      next += 1;
      const call = calls[i];
      if (call !== undefined) await check(i, call);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
  for (let i = reads; i < calls.length; i += 1) {
    const call = calls[i];
    if (call !== undefined) await check(i, call);
  }
  const counts = Object.fromEntries(
    CHECK_OUTCOMES.map((o) => [o, results.filter((r) => r.outcome === o).length]),
  ) as Record<CheckOutcome, number>;
  const interrupted = aborted(options.signal);
  const runProblem =
    nothingVerified(counts) ??
    (options.allowSkips === true || interrupted ? undefined : uncheckedForFixtures(results));
  return {
    kind: 'contract',
    target: baseUrl,
    startedAt,
    ms: Math.round(performance.now() - started),
    calls: results,
    counts,
    budget: budgetLine(options.maxMs),
    ...(runProblem === undefined ? {} : { runProblem }),
    ...(interrupted ? { interrupted, interruptedBy: stopOf(options.signal) } : {}),
    passed:
      !interrupted && runProblem === undefined && results.every((r) => !FAILING_OUTCOMES.includes(r.outcome)),
  };
}
