import { type ContractReport, FAILING_OUTCOMES } from '../contract/check';
import { describeProblem } from '../contract/conformance';
import { formatJUnit, type JUnitSuite } from './junit';
import { maskSecrets } from './mask';
import { formatMs } from './pretty';

const pad = (text: string, width: number) =>
  text.length >= width ? text : text + ' '.repeat(width - text.length);

/** The call × outcome table, then each failing call's problems by field. */
export function formatContractTable(report: ContractReport, colour: boolean): string {
  const paint = (text: string, code: number) => (colour ? `\u001b[${code}m${text}\u001b[0m` : text);
  const width = Math.max(...report.calls.map((c) => c.call.length), 4) + 2;
  const lines = [`${pad('call', width)}${pad('outcome', 14)}${pad('result', 8)}${pad('ms', 7)}detail`];
  for (const c of report.calls) {
    const failing = FAILING_OUTCOMES.includes(c.outcome);
    const outcome = failing
      ? paint(pad(c.outcome, 14), 31)
      : c.outcome === 'skipped'
        ? paint(pad(c.outcome, 14), 90)
        : paint(pad(c.outcome, 14), 32);
    const detail = maskSecrets(
      c.skipReason ??
        (c.problems.length === 0 ? '' : `${c.problems.length} problem${c.problems.length === 1 ? '' : 's'}`),
    );
    lines.push(
      `${pad(c.call, width)}${outcome}${pad(c.result === undefined ? '' : String(c.result), 8)}${pad(c.outcome === 'skipped' ? '' : String(c.ms), 7)}${detail}`,
    );
  }
  const failing = report.calls.filter((c) => FAILING_OUTCOMES.includes(c.outcome));
  if (failing.length > 0) {
    lines.push('', 'Problems by call and field:');
    for (const c of failing) {
      lines.push(`  ${c.call} (${c.method} ${c.path}): ${c.outcome}`);
      for (const p of c.problems) lines.push(`    ${maskSecrets(describeProblem(p))}`);
    }
  }
  const counts = Object.entries(report.counts)
    .filter(([, n]) => n > 0)
    .map(([o, n]) => `${n} ${o}`)
    .join(', ');
  lines.push(
    '',
    `${report.passed ? paint('PASSED', 32) : paint('FAILED', 31)} contract check of ${report.target} in ${formatMs(report.ms)}: ${counts}`,
    `  ${report.budget}`,
  );
  // Only the free text is masked: a secret's value (a CVV of 123, say) must not hide a timing or a code.
  return `${lines.join('\n')}\n`;
}

/** One testsuite per contract tag (sys, accounts, ...), one testcase per call. */
export function contractToJUnit(report: ContractReport): string {
  const suites = new Map<string, JUnitSuite & { cases: JUnitSuite['cases'][number][] }>();
  for (const c of report.calls) {
    const tag = c.path.split('/')[2] ?? 'api';
    const suite = suites.get(tag) ?? { name: `contract.${tag}`, ms: 0, cases: [] };
    suite.cases.push({
      classname: `contract.${tag}`,
      name: `${c.call} ${c.method} ${c.path}`,
      ms: c.ms,
      status:
        c.outcome === 'skipped' ? 'skipped' : FAILING_OUTCOMES.includes(c.outcome) ? 'failed' : 'passed',
      failures: c.problems.map((p) => `${c.outcome}: ${describeProblem(p)}`),
      ...(c.skipReason === undefined ? {} : { skipReason: c.skipReason }),
    });
    suites.set(tag, { ...suite, ms: suite.ms + c.ms });
  }
  const summary = { name: 'summary', ms: 0, cases: [], systemOut: report.budget };
  return formatJUnit(`topup contract check of ${report.target}`, [...suites.values(), summary], report.ms);
}
