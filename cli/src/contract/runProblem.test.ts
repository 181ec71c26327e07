import { describe, expect, it } from 'vitest';
import { CHECK_OUTCOMES, type CheckOutcome } from './outcomes';
import { nothingVerified } from './runProblem';

const counts = (given: Partial<Record<CheckOutcome, number>>) =>
  Object.fromEntries(CHECK_OUTCOMES.map((o) => [o, given[o] ?? 0])) as Record<CheckOutcome, number>;

describe('nothingVerified says why nothing was verified', () => {
  it.each([
    [{ ok: 1, network: 3 }, undefined],
    [
      { refused: 4 },
      "no call was answered ok, so no answer's data was checked against its contract (4 refused)",
    ],
    [
      { network: 5, skipped: 2 },
      'no call was answered (5 network, 2 skipped: each timed out or failed on the network)',
    ],
    [{ slow: 3 }, 'no call was answered within its time (3 slow: 3 answered over its latency budget)'],
    [{ slow: 2, network: 1 }, '2 answered over its latency budget, 1 timed out or not answered'],
    [{ network: 2, drift: 1 }, 'no call was answered ok, so'],
  ] as const)('%j', (given, says) => {
    const problem = nothingVerified(counts(given));
    if (says === undefined) expect(problem).toBeUndefined();
    else expect(problem).toContain(says);
  });
});
