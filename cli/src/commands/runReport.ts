import type { Reporter } from '../defaults';
import { ExitCode } from '../io';
import { scenarioToHtml } from '../report/html';
import { scenariosToJUnit } from '../report/junit';
import { jsonReport } from '../report/mask';
import { formatPretty } from '../report/pretty';
import { nothingSent, type RunReport } from '../report/types';

/** Exit code of a run stopped by Ctrl-C (128 + SIGINT), as shells and CI runners expect. */
export const INTERRUPTED_EXIT = ExitCode.interrupted;

export function render(report: RunReport, reporter: Reporter, colour: boolean, verbose = false): string {
  if (reporter === 'json') return jsonReport(report);
  if (reporter === 'junit') return scenariosToJUnit(report);
  if (reporter === 'html') return scenarioToHtml(report);
  return formatPretty(report, { colour, verbose });
}

/**
 * Exit code of a finished run: 130 interrupted, 2 an invalid file or nothing sent (every scenario a write a
 * real backend may not take), 1 a failure, 0 all passed.
 */
export function exitCodeOf(report: RunReport): number {
  if (report.interrupted === true) return INTERRUPTED_EXIT;
  if ((report.invalidFiles?.length ?? 0) > 0 || nothingSent(report)) return ExitCode.usage;
  return report.passed ? ExitCode.ok : ExitCode.failed;
}
