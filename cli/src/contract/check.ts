import { CALL_NAMES, type CallName } from '@topup/contracts';
import { sendCall } from '../http/client';
import { contractOf, tryEncodeParams } from '../http/encode';
import { type FixtureValue, nestFixtures } from '../scenario/fixtures';
import { resolveReferences, UnresolvedReference } from '../scenario/references';
import { judgeAnswer, type Problem } from './conformance';
import { contractPlan } from './plan';

/** What one call did against its contract. */
export type CheckOutcome =
  | 'ok'
  | 'refused'
  | 'unverified'
  | 'drift'
  | 'unknown-code'
  | 'bad-envelope'
  | 'http-error'
  | 'network'
  | 'skipped';

/**
 * Outcomes that fail the check: the backend answered outside its contract, did not answer, or refused a call
 * the fixtures did not say it would refuse (its data was never checked, so it is not a pass).
 */
export const FAILING_OUTCOMES: readonly CheckOutcome[] = [
  'unverified',
  'drift',
  'unknown-code',
  'bad-envelope',
  'http-error',
  'network',
];

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
}

export interface ContractReport {
  readonly kind: 'contract';
  readonly target: string;
  readonly startedAt: string;
  readonly ms: number;
  readonly calls: readonly CallCheck[];
  readonly counts: Readonly<Record<CheckOutcome, number>>;
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
}

function outcomeOf(
  problems: readonly Problem[],
  result: number | undefined,
  expected: readonly number[],
): CheckOutcome {
  const kinds = new Set(problems.map((p) => p.kind));
  if (kinds.has('network')) return 'network';
  if (kinds.has('http-status')) return 'http-error';
  if (kinds.has('envelope')) return 'bad-envelope';
  if (kinds.has('unknown-code')) return 'unknown-code';
  if (kinds.has('data')) return 'drift';
  if (result === 0) return 'ok';
  return result !== undefined && expected.includes(result) ? 'refused' : 'unverified';
}

async function checkCall(
  baseUrl: string,
  call: CallName,
  options: CheckOptions,
  scope: Record<string, unknown>,
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
  const plan = contractPlan[call];
  if ('never' in plan) return skip(`never called: ${plan.never}`);
  if (!contract.readOnly && !options.safeWrites.includes(call))
    return skip('a write the fixtures do not mark safe');
  let params: Record<string, unknown>;
  try {
    params = resolveReferences(plan.params, { steps: {}, fixtures: scope, vars: {}, run: {} });
  } catch (error) {
    if (error instanceof UnresolvedReference) {
      const name = /\$\{fixtures\.([^}]+?)\.[^.}]+\}/.exec(error.message)?.[1];
      return skip(`missing fixture ${name ?? error.message}`);
    }
    throw error;
  }
  const encoded = tryEncodeParams(call, params);
  if (!encoded.ok) return skip(`fixture values outside the contract: ${encoded.error}`);
  const raw = await sendCall(baseUrl, call, encoded.wire, { timeoutMs: options.timeoutMs });
  const judged = judgeAnswer(call, raw);
  const result = judged.envelope?.result;
  const expected = options.expectRefusals?.[call] ?? [];
  const outcome = outcomeOf(judged.problems, result, expected);
  const problems: Problem[] =
    outcome === 'unverified'
      ? [
          {
            kind: 'unverified',
            field: 'result',
            message: `refused with ${result}: its answer data was never checked; if this refusal is right for these fixtures, list it under expectRefusals.${call} in the fixtures file`,
          },
        ]
      : [...judged.problems];
  return {
    ...base,
    outcome,
    ...(result === undefined ? {} : { result }),
    ms: judged.ms,
    problems,
  };
}

/**
 * Calls every read-only call, and the writes the fixtures mark safe, with fixture values, and judges each
 * answer against its contract: envelope, HTTP status, result codes (unknown ones reported), data schema.
 */
export async function checkContracts(baseUrl: string, options: CheckOptions): Promise<ContractReport> {
  const startedAt = new Date().toISOString();
  const started = performance.now();
  const scope = nestFixtures(options.fixtures);
  const calls = (options.only ?? CALL_NAMES).filter((name) => CALL_NAMES.includes(name));
  const results: CallCheck[] = new Array(calls.length);
  let next = 0;
  const worker = async () => {
    while (next < calls.length) {
      const i = next;
      next += 1;
      const call = calls[i];
      if (call !== undefined) results[i] = await checkCall(baseUrl, call, options, scope);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
  const counts = Object.fromEntries(
    (
      [
        'ok',
        'refused',
        'unverified',
        'drift',
        'unknown-code',
        'bad-envelope',
        'http-error',
        'network',
        'skipped',
      ] as const
    ).map((o) => [o, results.filter((r) => r.outcome === o).length]),
  ) as Record<CheckOutcome, number>;
  return {
    kind: 'contract',
    target: baseUrl,
    startedAt,
    ms: Math.round(performance.now() - started),
    calls: results,
    counts,
    passed: results.every((r) => !FAILING_OUTCOMES.includes(r.outcome)),
  };
}
