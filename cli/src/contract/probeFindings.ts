import type { JudgedAnswer, Problem } from './conformance';

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
