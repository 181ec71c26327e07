import type { FailedAttempt, ScenarioReport, StepReport } from '../report/types';

/** The server's own internal error (SPEC §8), the envelope of a fault as HTTP 5xx is its status. */
const INTERNAL_ERROR = 10005;

/**
 * Failures that are about time, not about what an answer said: no answer (a network error, a timeout), a
 * poll or a room that waited out its tries before the state it waits for came (or whose socket closed
 * before it came: a room step does not reconnect), an answer slower than its budget, a run stopped by
 * Ctrl-C. Only these are retried.
 */
const TIMING = [
  /^no answer\b/,
  /^condition not met after \d+ tries/,
  /\bnot reached within \d+ ms\b/,
  /^room \S+: condition \{.*?\} not reached: the room socket closed\b/,
  /^took \d+ ms, (?:more than|over)\b/,
  /^interrupted\b/,
];

/**
 * A room that waited out its time, or whose socket closed first: `room 1: condition {"refreshes":2} not
 * reached within 4000 ms (…)`.
 */
const ROOM_WAITED =
  /^room \S+: condition (\{.*?\}) not reached(?: within \d+ ms\b|: the room socket closed\b)/;

/**
 * Lines a room step adds whatever its timing: messages that were no valid room message are the server's
 * fault however long the step waited, so they never belong to a wait.
 */
const ROOM_FAULT = /^room \S+: \d+ messages? from the server (?:was|were) not a valid room message\b/;

/**
 * The lines that belong to a room wait not reached in time, which say the same shortfall. A condition on
 * the sn: every line (the table and every counter follow from how far the sn got, so a room whose frames
 * are late has them all short: `table.fans_count: expected 4, got 1`). A condition on counters only: the
 * lines for those keys (`refreshes: expected 2, got 1`); another key wrong is a wrong value. A condition
 * reached with wrong values has no wait line: a wrong value, not retried.
 */
const waitedLines = (failures: readonly string[]): ((line: string) => boolean) => {
  const keys = new Set<string>();
  for (const line of failures) {
    const condition = ROOM_WAITED.exec(line)?.[1];
    if (condition === undefined) continue;
    try {
      for (const key of Object.keys(JSON.parse(condition) as object)) keys.add(key);
    } catch {
      // A condition that is not JSON names no keys: its detail lines stay wrong values.
    }
  }
  if (keys.has('sn')) return (line) => !ROOM_FAULT.test(line);
  return (line) => keys.has(/^(\w+):/.exec(line)?.[1] ?? '');
};

const timingOnly = (step: StepReport): boolean => {
  if (step.response?.networkError !== undefined) return true;
  const belongs = waitedLines(step.failures);
  return (
    step.failures.length > 0 && step.failures.every((f) => TIMING.some((re) => re.test(f)) || belongs(f))
  );
};

/**
 * Why a failed run of a scenario is not retried by `--retries`, undefined when it may be. Retries are for
 * timing (a step with no answer in time, a poll or room that waited out its tries, a slow answer). An answer
 * that came and was wrong is never retried: a server fault (HTTP 5xx, the internal-error envelope 10005) or
 * a wrong value (another account's data, a wrong result, drift). A backend that answers wrongly one time in
 * three is broken, however often a retry gets past it.
 */
export function notRetryableOf(report: ScenarioReport): string | undefined {
  for (const step of report.steps) {
    if (step.status !== 'failed') continue;
    const status = step.response?.status ?? 0;
    const what =
      status >= 500
        ? `HTTP ${status}`
        : step.result === INTERNAL_ERROR
          ? `result ${INTERNAL_ERROR}`
          : undefined;
    if (what !== undefined)
      return `step ${step.index} (${step.label}) was answered ${what}: a server fault fails the run, it is not retried`;
    if (!timingOnly(step))
      return `step ${step.index} (${step.label}) was answered with a wrong value (${step.failures[0] ?? 'failed'}): a wrong answer fails the run, it is not retried`;
  }
  return undefined;
}

export function failedAttemptOf(report: ScenarioReport, attempt: number): FailedAttempt {
  const step = report.steps.find((s) => s.status === 'failed');
  return {
    attempt,
    step: step?.index ?? '-',
    label: step?.label ?? 'setup',
    failures: step?.failures ?? [report.error ?? 'failed'],
  };
}
