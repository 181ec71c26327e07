import type { ContractReport } from '../contract/check';
import { describeProblem } from '../contract/conformance';
import { FAILING_OUTCOMES } from '../contract/outcomes';
import { formatJUnit, type JUnitSuite } from './junit';
import { mask } from './mask';
import { formatMs, paint } from './pretty';
import { visible } from './visible';

/** The call × outcome table, then each failing call's problems by field. */
export function formatContractTable(report: ContractReport, colour: boolean): string {
  const width = Math.max(...report.calls.map((c) => c.call.length), 4) + 2;
  const lines = [
    `${'call'.padEnd(width)}${'outcome'.padEnd(14)}${'result'.padEnd(8)}${'ms'.padEnd(7)}detail`,
  ];
  for (const c of report.calls) {
    const failing = FAILING_OUTCOMES.includes(c.outcome);
    const hue = failing ? 'red' : c.outcome === 'skipped' ? 'grey' : 'green';
    const outcome = paint(c.outcome.padEnd(14), hue, colour);
    const detail = visible(
      mask(
        c.skipReason ??
          (c.problems.length === 0
            ? ''
            : `${c.problems.length} problem${c.problems.length === 1 ? '' : 's'}`),
      ),
    );
    lines.push(
      `${c.call.padEnd(width)}${outcome}${String(c.result ?? '').padEnd(8)}${(c.outcome === 'skipped' ? '' : String(c.ms)).padEnd(7)}${detail}`,
    );
  }
  const failing = report.calls.filter((c) => FAILING_OUTCOMES.includes(c.outcome));
  if (failing.length > 0) {
    lines.push('', 'Problems by call and field:');
    for (const c of failing) {
      lines.push(`  ${c.call} (${c.method} ${c.path}): ${c.outcome}`);
      for (const p of c.problems) lines.push(`    ${visible(mask(describeProblem(p)))}`);
    }
  }
  // A probe the fixtures give no value for checked nothing: said, so it is not taken for a pass.
  const unasked = report.calls.flatMap((c) => (c.notChecked ?? []).map((n) => `  ${c.call}: ${n}`));
  if (unasked.length > 0)
    lines.push(
      '',
      'Not checked (the fixtures lack the values to ask):',
      ...unasked.map((n) => visible(mask(n))),
    );
  const counts = Object.entries(report.counts)
    .filter(([, n]) => n > 0)
    .map(([o, n]) => `${n} ${o}`)
    .join(', ');
  if (report.interrupted === true)
    lines.push(
      '',
      paint(
        `interrupted (${report.interruptedBy ?? 'Ctrl-C'}): the calls not run are skipped, marked not run`,
        'red',
        colour,
      ),
    );
  if (report.runProblem !== undefined) lines.push('', paint(report.runProblem, 'red', colour));
  // Refusals outnumbering the answers checked is worth a look even when they were expected.
  const { ok, refused } = report.counts;
  if (report.runProblem === undefined && refused > ok)
    lines.push(
      '',
      paint(
        `note: only ${ok} of ${ok + refused} calls answered were answered ok; the ${refused} refused had only their result code checked, never their data`,
        'yellow',
        colour,
      ),
    );
  lines.push(
    '',
    `${report.passed ? paint('PASSED', 'green', colour) : paint(report.interrupted === true ? 'INTERRUPTED' : 'FAILED', 'red', colour)} contract check of ${report.target} in ${formatMs(report.ms)}: ${counts}`,
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
      // A reader tells a verified answer from an expected refusal, whose data was never checked.
      ...(c.outcome === 'skipped'
        ? {}
        : {
            properties: {
              outcome: c.outcome,
              ...(c.result === undefined ? {} : { result: String(c.result) }),
            },
          }),
      ...(c.outcome === 'refused'
        ? {
            systemOut: `refused as expected: ${c.result} (expectRefusals.${c.call} in the fixtures); its answer data was not checked`,
          }
        : c.notChecked !== undefined
          ? { systemOut: c.notChecked.map((n) => `not checked: ${n}`).join('\n') }
          : {}),
    });
    suites.set(tag, { ...suite, ms: suite.ms + c.ms });
  }
  // The run's own failure is a failed testcase too, so a CI that counts failures sees it.
  const verdict: JUnitSuite['cases'] =
    report.runProblem === undefined
      ? []
      : [
          {
            classname: 'contract.summary',
            name: report.runProblem.startsWith('nothing was verified')
              ? 'something verified'
              : 'every call checked',
            ms: 0,
            status: 'failed',
            failures: [report.runProblem],
          },
        ];
  const summary = { name: 'summary', ms: 0, cases: verdict, systemOut: report.budget };
  const interrupted: JUnitSuite[] =
    report.interrupted === true
      ? [
          {
            name: 'interrupted',
            ms: 0,
            cases: [],
            error: `the check was interrupted (${report.interruptedBy ?? 'Ctrl-C'}): the calls not run are skipped`,
          },
        ]
      : [];
  return formatJUnit(
    `topup contract check of ${report.target}`,
    [...suites.values(), ...interrupted, summary],
    report.ms,
  );
}
