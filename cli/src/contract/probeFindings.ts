import type { CallName } from '@topup/contracts';
import type { JudgedAnswer, Problem } from './conformance';
import type { ReadBackTarget } from './paidReadBack';

/** What a call's probes found: problems (failing), and what they could not ask for want of a fixture. */
export interface ProbeFindings {
  readonly problems: Problem[];
  readonly notChecked: string[];
}

/**
 * The call was answered 0 within its contract, so asking it again with other values says something: it may
 * disagree with its request (`meaning`, another account's uid, say), but an answer that drifted from its
 * schema or envelope is not asked again (every answer would drift alike).
 */
export const answeredOk = (judged: JudgedAnswer): boolean =>
  judged.envelope?.result === 0 && judged.problems.every((p) => p.kind === 'meaning');

/**
 * A probe of the contract check: given a call, its judged answer, the parameters it was asked with, the
 * fixtures and the backend, asks again with other values and says what it found.
 */
export type Probe = (
  call: CallName,
  judged: JudgedAnswer,
  params: Readonly<Record<string, unknown>>,
  fixtures: Readonly<Record<string, unknown>>,
  target: Omit<ReadBackTarget, 'now'>,
) => Promise<ProbeFindings>;
