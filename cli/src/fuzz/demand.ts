import type { CallName } from '@topup/contracts';
import type { RawAnswer } from '../http/client';
import { tryEncodeParams, type WireParams } from '../http/encode';
import { mask } from '../report/mask';
import { expectedRefusalProblem } from '../scenario/forced';
import { curlLine } from './curl';
import { type FuzzProblem, judgeFuzzAnswer } from './judge';
import type { FuzzCallOptions, FuzzFailure } from './run';
import { bodyExcerpt, sendFuzzed } from './send';

/**
 * A valid request must succeed: the fixtures' request of the call (the contract check's) is sent first and
 * must be answered 0, or with a refusal the fixtures file expects. A backend that refuses every request
 * with a well-formed envelope fails here. Answers the failure, or undefined when the call succeeded.
 */
export async function demandSuccess(
  call: CallName,
  example: Record<string, unknown> | undefined,
  options: FuzzCallOptions,
  again = false,
): Promise<Omit<FuzzFailure, 'shrinks' | 'path'> | undefined> {
  const failure = (problems: readonly FuzzProblem[], wire: WireParams, raw: RawAnswer, result?: number) =>
    mask({
      problems,
      request: { wire },
      valid: true,
      answer: {
        status: raw.status,
        ...(result === undefined ? {} : { result }),
        body: raw.networkError ?? bodyExcerpt(raw.body),
      },
      curl: curlLine(options.baseUrl, call, wire),
    });
  if (example === undefined) {
    const none = { status: 0, body: undefined, ms: 0, networkError: 'not sent' };
    return failure(
      [
        {
          kind: 'unverified',
          message:
            'no valid request to demand success with: the call needs fixture values (give --fixtures with the names the contract check asks for)',
        },
      ],
      {},
      none,
    );
  }
  const encoded = tryEncodeParams(call, example);
  if (!encoded.ok) {
    const none = { status: 0, body: undefined, ms: 0, networkError: 'not sent' };
    return failure(
      [{ kind: 'unverified', message: `the fixtures' request is outside the contract: ${encoded.error}` }],
      {},
      none,
    );
  }
  const { baseUrl, pacer, timeoutMs, signal } = options;
  const raw = await sendFuzzed(baseUrl, call, encoded.wire, pacer, timeoutMs, {}, signal);
  const verdict = judgeFuzzAnswer(call, { wire: encoded.wire }, true, raw, options.maxMs);
  const result = verdict.result;
  const expected = options.expectRefusals ?? [];
  const refused =
    result !== undefined && result !== 0 && !expected.includes(result)
      ? [
          {
            kind: 'unverified' as const,
            field: 'result',
            // A code no fixtures file may expect is named as such: listing it is no way out.
            message:
              expectedRefusalProblem(call, result) ??
              (again
                ? `the fixtures' valid request, sent again, was refused with ${result}: a valid request must succeed every time, not only the first`
                : `the fixtures' valid request was refused with ${result}: success was never checked; if this refusal is right for these fixtures, list it under expectRefusals.${call}`),
          },
        ]
      : [];
  const problems = [...verdict.problems, ...refused];
  return problems.length === 0 ? undefined : failure(problems, encoded.wire, raw, result);
}
