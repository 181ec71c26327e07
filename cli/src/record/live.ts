import { serviceFailureOf } from '@topup/contracts';
import { describeProblem, type Problem } from '../contract/conformance';
import type { RawAnswer } from '../http/client';
import { mask } from '../report/mask';
import type { Recorded } from './recorder';

/**
 * Why a recorded answer is no behaviour to expect, or undefined when it is one: no answer, an HTTP error, a
 * result that says the service did not serve the call, or an answer that breaks its contract.
 */
export function failureOf(
  answer: RawAnswer,
  result: number | undefined,
  problems: readonly Problem[],
): string | undefined {
  if (answer.networkError !== undefined) return `no answer (${answer.networkError}); the replay expects one`;
  const said = [
    ...(answer.status === 200 ? [] : [`HTTP ${answer.status}`]),
    ...(result === undefined ? [] : [`result ${result}`]),
  ].join(', ');
  if (answer.status !== 200 || (result !== undefined && serviceFailureOf(result) !== undefined))
    return `answered ${said}, a service failure; the replay expects the call served (HTTP 200, its contract)`;
  const first = problems[0];
  if (first === undefined) return undefined;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
  return `off its contract: ${describeProblem(first)}${more}; the replay holds it to the contract`;
}

/** One line of the live report. */
export function describeRecorded(recorded: Recorded): string {
  if (recorded.kind === 'skipped') return `  ·  ${recorded.reason}`;
  if (recorded.kind === 'room') {
    const head = `${recorded.id} room ${recorded.rid}: ${recorded.messages} messages, sn ${recorded.lastSn}`;
    return recorded.dropped === 0
      ? `  ✓   ${head}`
      : `DRIFT ${head}\n        ${recorded.dropped} frame(s) outside the room protocol`;
  }
  const mark = recorded.problems.length > 0 ? 'DRIFT' : recorded.failure !== undefined ? 'FAIL ' : '  ✓  ';
  const head = `${mark} ${recorded.id} ${recorded.call}${recorded.result === undefined ? '' : ` (result ${recorded.result})`}`;
  const details =
    recorded.problems.length > 0
      ? recorded.problems.map((p) => mask(describeProblem(p)))
      : recorded.failure === undefined
        ? []
        : [mask(recorded.failure)];
  return [head, ...details.map((line) => `        ${line}`)].join('\n');
}
