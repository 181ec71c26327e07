import type { CallName } from '@topup/contracts';
import type { CallCheck } from './check';
import type { CheckOutcome } from './outcomes';

// Why a contract check fails as a whole, whatever each call's outcome (ContractReport.runProblem).

/** A skip reason that says a fixture value the call's parameters need is missing. */
const MISSING_FIXTURE = /^missing fixture |^\$\{fixtures\./;

/**
 * Calls skipped because the fixtures lack their values (or because a call whose answer they read was skipped
 * so): those calls were never sent, so a run with any is not "passed, and checked" (a CI job whose
 * `$FIXTURES` is empty would be green against a backend that serves nothing else). Undefined when there are
 * none; `--allow-skips` lets such a run pass.
 */
export function uncheckedForFixtures(results: readonly CallCheck[]): string | undefined {
  const unchecked = new Set<CallName>();
  for (const r of results) {
    if (r.outcome !== 'skipped' || r.skipReason === undefined) continue;
    const reads = /^needs the answer of ([A-Za-z0-9]+), which did not run/.exec(r.skipReason)?.[1];
    if (MISSING_FIXTURE.test(r.skipReason) || (reads !== undefined && unchecked.has(reads as CallName)))
      unchecked.add(r.call);
  }
  if (unchecked.size === 0) return undefined;
  const names = [...unchecked];
  return `${names.length} of ${results.length} calls were not checked: the fixtures lack the values they need (${names.join(', ')}); give --fixtures with those values, or --allow-skips to pass with them unchecked`;
}

/**
 * A run in which no call was answered ok checked no answer's data against its contract: expected refusals and
 * skips alone are no evidence the backend works (one down, refusing everything, would pass), so it fails.
 */
export function nothingVerified(counts: Readonly<Record<CheckOutcome, number>>): string | undefined {
  if (counts.ok > 0) return undefined;
  // The counts are kept in the report's order of outcomes.
  const seen = Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([o, n]) => `${n} ${o}`)
    .join(', ');
  // A backend that is only slow or silent: say so, not that its answers were wrong.
  const timing = counts.network + counts.slow;
  const other = Object.entries(counts).filter(
    ([o, n]) => n > 0 && !['network', 'slow', 'skipped'].includes(o),
  ).length;
  if (timing > 0 && other === 0)
    return counts.slow === 0
      ? `nothing was verified: no call was answered (${seen}: each timed out or failed on the network), so no answer's data was checked against its contract`
      : `nothing was verified: no call was answered within its time (${seen}: ${counts.slow} answered over its latency budget${counts.network > 0 ? `, ${counts.network} timed out or not answered` : ''}), so no answer counts as checked against its contract`;
  return `nothing was verified: no call was answered ok, so no answer's data was checked against its contract (${seen})`;
}
