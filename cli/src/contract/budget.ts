import type { CallName } from '@topup/contracts';
import { LIMITS } from '@topup/contracts/limits';

/**
 * Each call's latency budget: an answer slower than this fails the contract check, the fuzzer and a scenario
 * step (whose `expect.maxMs` sets its own). From the contracts' limits (SPEC §9): the app polls an order's
 * result every `resultPollMs`, so that answer must come within two polls; every other call within the
 * saved-card poll interval (`savedCardsPollMs`, 2 s), the app's longest wait between two answers it polls
 * for; the calls the app itself times out sooner than the API's 60 s keep that limit when it is shorter.
 */
const DEFAULT_BUDGET_MS = LIMITS.savedCardsPollMs;

const BUDGETS: Partial<Record<CallName, number>> = {
  payResultByOrderFast: 2 * LIMITS.resultPollMs,
};

/** The budget of a call: `override` (--max-ms) when given, else the call's own. */
export function latencyBudgetMs(call: CallName, override?: number): number {
  return override ?? Math.min(BUDGETS[call] ?? DEFAULT_BUDGET_MS, DEFAULT_BUDGET_MS);
}

/** The budgets in one line, for every reporter's summary. */
export function budgetLine(override?: number): string {
  if (override !== undefined) return `latency budget: ${override} ms a call (--max-ms)`;
  const special = Object.entries(BUDGETS)
    .map(([call, ms]) => `${call} ${ms} ms`)
    .join(', ');
  return `latency budget: ${DEFAULT_BUDGET_MS} ms a call${special === '' ? '' : ` (${special})`}`;
}
