import type { CallName } from '@topup/contracts';
import fc from 'fast-check';
import { contractOf, tryEncodeParams, type WireParams } from '../http/encode';
import { mask } from '../report/mask';
import { curlLine } from './curl';
import { demandSuccess } from './demand';
import { type FuzzProblem, judgeFuzzAnswer } from './judge';
import { asTransported, type FuzzRequest, fuzzRequests, isValidRequest } from './requests';
import { bodyExcerpt, type Pacer, sendFuzzed } from './send';

export interface FuzzFailure {
  readonly problems: readonly FuzzProblem[];
  /** The smallest failing request fast-check shrank to (secrets masked). */
  readonly request: FuzzRequest;
  readonly valid: boolean;
  readonly answer: { readonly status: number; readonly result?: number; readonly body: string };
  readonly curl: string;
  readonly shrinks: number;
  /** fast-check's replay path: with the same --seed it reaches this failure first. */
  readonly path?: string;
}

export interface CallFuzz {
  readonly call: CallName;
  readonly method: string;
  readonly path: string;
  readonly status: 'passed' | 'failed' | 'skipped';
  readonly requests: number;
  readonly valid: number;
  readonly invalid: number;
  readonly rateLimited: number;
  readonly ms: number;
  readonly skipReason?: string;
  readonly failure?: FuzzFailure;
}

export interface FuzzCallOptions {
  readonly baseUrl: string;
  readonly seed: number;
  readonly runs: number;
  readonly maxMs: number;
  readonly timeoutMs: number;
  readonly pacer: Pacer;
  /**
   * The call's valid request of the fixtures (the contract check's), made after the reset: it may first send
   * the calls whose answers it reads (an order, an upload). Undefined when the fixtures lack its values.
   */
  readonly example?: () => Promise<Record<string, unknown> | undefined>;
  /** Refusals of the example that are right for these fixtures (the fixtures file's expectRefusals). */
  readonly expectRefusals?: readonly number[];
  /** The target's control API, when it has one: the world is reset before each call is fuzzed. */
  readonly reset?: () => Promise<void>;
  /** Aborted on Ctrl-C: the requests in flight end, and no more are sent. */
  readonly signal?: AbortSignal;
}

/** A value as JSON with its keys sorted, so two requests with the same fields compare equal. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/** How big a request is, for choosing the smallest failing one: its parameters as JSON, in characters. */
export function requestSize(wire: WireParams): number {
  return JSON.stringify(wire)?.length ?? 0;
}

/** A request that timed out or failed on the network: no answer to judge, and none to shrink. */
const isNetworkFailure = (problems: readonly FuzzProblem[]) => problems.some((p) => p.kind === 'network');

/** A failure no single request can be named for (the property itself failed, or a check after the requests). */
const NO_REQUEST = { request: { wire: {} }, valid: true, answer: { status: 0, body: '' }, curl: '' } as const;

/**
 * Fuzzes one call: `runs` requests from its contract, valid and mutated, each answer judged; the first
 * failure is shrunk by fast-check to the smallest request that still fails, and reported with a curl line.
 */
export async function fuzzCall(call: CallName, options: FuzzCallOptions): Promise<CallFuzz> {
  const contract = contractOf(call);
  const started = performance.now();
  await options.reset?.();
  let requests = 0;
  let valid = 0;
  let invalid = 0;
  let rateLimited = 0;
  let generated = 0;
  // The smallest failing request seen: fast-check's shrinking may step to another branch of a oneof (an
  // oversize mutation after a short hostile one), so the last failure is not always the smallest.
  let smallest: { failure: Omit<FuzzFailure, 'shrinks' | 'path'>; size: number } | undefined;
  const example = await options.example?.();
  // The fixtures' request first: it must succeed. Its failure is reported when the generated requests find
  // nothing worse (a shrunk failure of theirs says more).
  const demanded = await demandSuccess(call, example, options);
  if (example !== undefined) {
    requests += 1;
    valid += 1;
  }
  const base = () => ({
    call,
    method: contract.method,
    path: contract.path,
    requests,
    valid,
    invalid,
    rateLimited,
    ms: Math.round(performance.now() - started),
  });
  // No answer (a time-out, a refused connection): the call fails at once with that reason. Nothing more is
  // sent, and nothing is shrunk: each shrink would wait out the time-out again (a hung backend held CI).
  if (demanded !== undefined && isNetworkFailure(demanded.problems))
    return { ...base(), status: 'failed', failure: { ...demanded, shrinks: 0 } };
  let unanswered = false;
  // The fixtures' request again (a read-only call's, which answers the same each time): every time it is
  // generated it must succeed as it must the first time, not only once.
  const encodedExample = example === undefined ? undefined : tryEncodeParams(call, example);
  const exampleKey =
    contract.readOnly && encodedExample?.ok === true
      ? canonical(asTransported(call, encodedExample.wire))
      : undefined;
  const expected = options.expectRefusals ?? [];
  const interrupted = () => options.signal?.aborted === true;
  const property = fc.asyncProperty(fuzzRequests(call, example), async (request) => {
    // Interrupted: nothing more is sent (the command reports the call as not run). After a request with no
    // answer nothing more is sent either: every later run and shrink passes unsent, so its failure stands.
    if (interrupted() || unanswered) return true;
    const isValid = isValidRequest(call, request.wire);
    const raw = await sendFuzzed(
      options.baseUrl,
      call,
      request.wire,
      options.pacer,
      options.timeoutMs,
      {},
      options.signal,
    );
    if (interrupted()) return true;
    requests += 1;
    generated += 1;
    if (isValid) valid += 1;
    else invalid += 1;
    const judged = judgeFuzzAnswer(call, request, isValid, raw, options.maxMs);
    if (judged.rateLimited) rateLimited += 1;
    if (isNetworkFailure(judged.problems)) {
      unanswered = true;
      smallest = undefined;
    }
    const again =
      exampleKey !== undefined &&
      judged.result !== undefined &&
      judged.result !== 0 &&
      !judged.rateLimited &&
      !expected.includes(judged.result) &&
      canonical(asTransported(call, request.wire)) === exampleKey;
    const verdict = again
      ? {
          ...judged,
          problems: [
            ...judged.problems,
            {
              kind: 'unverified' as const,
              field: 'result',
              message: `the fixtures' valid request, sent again, was refused with ${judged.result}: a valid request must succeed every time, not only the first`,
            },
          ],
        }
      : judged;
    if (verdict.problems.length === 0) return true;
    const size = requestSize(request.wire);
    if (smallest !== undefined && size > smallest.size) return false;
    const failure = mask({
      problems: verdict.problems,
      request,
      valid: isValid,
      answer: {
        status: raw.status,
        ...(verdict.result === undefined ? {} : { result: verdict.result }),
        body: raw.networkError ?? bodyExcerpt(raw.body),
      },
      curl: curlLine(options.baseUrl, call, request.wire),
    });
    smallest = { failure, size };
    return false;
  });
  const details = await fc.check(property, { seed: options.seed, numRuns: options.runs });
  // A read-only call's fixtures request once more, after the generated ones: it must succeed again.
  let repeated: Omit<FuzzFailure, 'shrinks' | 'path'> | undefined;
  if (contract.readOnly && example !== undefined && demanded === undefined && !interrupted() && !unanswered) {
    repeated = await demandSuccess(call, example, options, true);
    requests += 1;
    valid += 1;
  }
  const served = demanded ?? repeated;
  // Throttled answers check nothing: a call whose requests were mostly throttled was not fuzzed.
  const throttled: FuzzProblem[] =
    rateLimited * 2 > generated
      ? [
          {
            kind: 'unverified',
            message: `${rateLimited} of ${generated} requests were answered 10002 (rateLimited): their answers checked nothing; fuzz at a lower --rate`,
          },
        ]
      : [];
  if (!details.failed) {
    if (served === undefined && throttled.length === 0) return { ...base(), status: 'passed' };
    const failure = served ?? { problems: [], ...NO_REQUEST };
    return {
      ...base(),
      status: 'failed',
      failure: { ...failure, problems: [...failure.problems, ...throttled], shrinks: 0 },
    };
  }
  const failure: Omit<FuzzFailure, 'shrinks' | 'path'> = smallest?.failure ?? {
    problems: [{ kind: 'network', message: String(details.errorInstance ?? 'the property failed') }],
    ...NO_REQUEST,
  };
  return {
    ...base(),
    status: 'failed',
    failure: {
      ...failure,
      // The fixtures' request refused too: said with the shrunk failure, not hidden by it.
      problems: [...failure.problems, ...(served?.problems ?? []), ...throttled],
      shrinks: details.numShrinks,
      ...(details.counterexamplePath === null ? {} : { path: details.counterexamplePath }),
    },
  };
}
