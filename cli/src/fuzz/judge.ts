import { type CallName, registry, ServerCode, serviceFailureOf } from '@topup/contracts';
import { judgeAnswer, type Problem } from '../contract/conformance';
import type { RawAnswer } from '../http/client';
import type { FuzzRequest } from './requests';

/** Why a fuzzed answer failed: the contract's own judgement, plus what only a fuzzer can see. */
export type FuzzProblemKind = Problem['kind'] | 'server-error' | 'invalid-accepted' | 'valid-refused-by-http';

export interface FuzzProblem {
  readonly kind: FuzzProblemKind;
  readonly field?: string;
  readonly message: string;
}

export interface FuzzVerdict {
  readonly problems: readonly FuzzProblem[];
  readonly result?: number;
  /** The answer was the rate limit (10002): not a contract failure, but the run should slow down. */
  readonly rateLimited: boolean;
}

/**
 * Judges one answer to a fuzzed request: never a 5xx, a redirect, a non-envelope body, the server's internal
 * error (10005) or "unknown call" (10004), valid request or not; a result the call may answer;
 * data matching the schema whenever the result is 0; an invalid request never answered 0; an answer within
 * `maxMs`. A 4xx (with an envelope) is the server's way to refuse an invalid request and passes; a valid
 * request answered with a 4xx other than the rate limit fails.
 */
export function judgeFuzzAnswer(
  call: CallName,
  request: FuzzRequest,
  valid: boolean,
  raw: RawAnswer,
  maxMs: number,
): FuzzVerdict {
  const judged = judgeAnswer(call, raw);
  const result = judged.envelope?.result;
  const rateLimited = result === ServerCode.rateLimited;
  const problems: FuzzProblem[] = [];
  for (const problem of judged.problems) {
    // A redirect is no refusal, whatever was asked: every call answers HTTP 200 (it is not followed).
    if (problem.kind !== 'http-status' || (raw.status >= 300 && raw.status < 400)) problems.push(problem);
    else if (raw.status >= 500) {
      problems.push({ kind: 'server-error', message: `HTTP ${raw.status}: a server error` });
    } else if (valid && !rateLimited) {
      problems.push({
        kind: 'valid-refused-by-http',
        message: `HTTP ${raw.status} for a request the contract accepts`,
      });
    }
  }
  // The server's own error or "unknown call" is no refusal, whatever was asked: a valid request must be
  // served, and an invalid one refused with a refusal, never a crash (the 5xx above, in an envelope).
  // (Unless the call's contract lists the code as one of its own: roomStatus's 10004.)
  const failure = result === undefined ? undefined : serviceFailureOf(result);
  const own = result !== undefined && registry[call].codes.includes(result);
  if ((failure === 'serverError' || failure === 'unknownCall') && !own) {
    problems.push({
      kind: 'server-error',
      field: 'result',
      message:
        failure === 'serverError'
          ? `result ${result} (internal): the server failed on ${valid ? 'a request the contract accepts' : 'an invalid request, which it must refuse, not crash on'}`
          : `result ${result} (unknownCall): the server says it does not know the call`,
    });
  }
  if (!valid && result === 0) {
    const { field, how } = request.mutation ?? { field: '(params)', how: 'invalid' };
    problems.push({
      kind: 'invalid-accepted',
      field,
      message: `a request the contract refuses (${field}: ${how}) was answered 0`,
    });
  }
  if (raw.networkError === undefined && raw.ms > maxMs) {
    problems.push({ kind: 'slow', message: `answered in ${raw.ms} ms, over the ${maxMs} ms limit` });
  }
  return { problems, rateLimited, ...(result === undefined ? {} : { result }) };
}
