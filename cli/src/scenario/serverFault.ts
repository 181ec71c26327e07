import type { ScenarioReport } from '../report/types';

/** The server's own internal error (SPEC §8), the envelope of a fault as HTTP 5xx is its status. */
const INTERNAL_ERROR = 10005;

/**
 * Why a failed run of a scenario is a server fault, which `--retries` does not retry: a failed step answered
 * with an HTTP 5xx or the internal-error envelope (10005). A backend that fails a request in three is broken,
 * however often a retry gets past it; retries are for a scenario's own timing, not for a server's faults.
 * Undefined when no failed step was answered so.
 */
export function serverFaultOf(report: ScenarioReport): string | undefined {
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
  }
  return undefined;
}
