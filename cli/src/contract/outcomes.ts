import type { Problem } from './conformance';

// The outcomes of a contract check's calls (CallCheck.outcome, check.ts), and which of them fail the run.

/** What one call can do against its contract, in the order the report counts them. */
export const CHECK_OUTCOMES = [
  'ok',
  'refused',
  'unverified',
  'drift',
  'disagrees',
  'unknown-code',
  'bad-envelope',
  'http-error',
  'network',
  'slow',
  'skipped',
] as const;
export type CheckOutcome = (typeof CHECK_OUTCOMES)[number];

/**
 * Outcomes that fail the check: the backend answered outside its contract, did not answer, or refused a call
 * the fixtures did not say it would refuse (its data was never checked, so it is not a pass).
 */
const PASSING_OUTCOMES: readonly CheckOutcome[] = ['ok', 'refused', 'skipped'];
export const FAILING_OUTCOMES: readonly CheckOutcome[] = CHECK_OUTCOMES.filter(
  (outcome) => !PASSING_OUTCOMES.includes(outcome),
);

/** A call's outcome from its problems and result; `expected`: the refusals that pass as `refused`. */
export function outcomeOf(
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
  if (kinds.has('meaning')) return 'disagrees';
  if (kinds.has('slow')) return 'slow';
  if (result === 0) return 'ok';
  return result !== undefined && expected.includes(result) ? 'refused' : 'unverified';
}
