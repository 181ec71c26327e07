import { escapeUTF8 } from 'entities';
import { describeProblem } from '../contract/conformance';
import type { Reporter } from '../defaults';
import { formatJUnit, type JUnitCase } from '../report/junit';
import { jsonReport, mask } from '../report/mask';
import { htmlPage } from '../report/page';
import { formatMs, paint } from '../report/pretty';
import { visible } from '../report/visible';
import type { CallFuzz } from './run';
import type { SequenceReport } from './sequence';

export interface FuzzReport {
  readonly kind: 'fuzz';
  readonly target: string;
  /** The target URL was marked `--mock` (fuzzed as the mock): a replay must say so too. */
  readonly mock?: boolean;
  readonly seed: number;
  readonly runs: number;
  readonly startedAt: string;
  readonly ms: number;
  readonly calls: readonly CallFuzz[];
  /** The latency budgets the answers were held to, as one line. */
  readonly budget: string;
  readonly sequence?: SequenceReport;
  /** Ctrl-C (or SIGTERM) stopped the run: the calls fuzzed are reported, the rest skipped as not run. */
  readonly interrupted?: boolean;
  /** What stopped it: `Ctrl-C` or `SIGTERM`. */
  readonly interruptedBy?: string;
  readonly passed: boolean;
}

/** The replay command of a run, with the same seed and only the failing calls. */
export function replayLine(report: FuzzReport): string {
  const failing = report.calls.filter((c) => c.status === 'failed').map((c) => `--only ${c.call}`);
  const mock = report.mock === true ? ' --mock' : '';
  return `topup contract fuzz --target ${report.target}${mock} --seed ${report.seed} --runs ${report.runs} ${failing.join(' ')}`.trim();
}

/** Long strings cut for the terminal (the JSON report keeps them whole). */
function brief(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'string' && v.length > 80 ? `${v.slice(0, 40)}…(${v.length} chars)` : v,
  );
}
/**
 * Server (or fuzzed) text cut for the terminal, its control characters and bidi marks written out
 * (visible.ts): an answer cannot erase or recolour a line and print a fake PASSED.
 */
const briefCurl = (curl: string) =>
  visible(
    mask(
      curl.length > 1200
        ? `${curl.slice(0, 600)}… (${curl.length} characters; whole in --reporter json)`
        : curl,
    ),
  );
const shown = (text: string) => visible(mask(text));

/** One line per call, then each failure: the smallest request, its answer and a curl line. */
export function formatFuzzText(report: FuzzReport, colour: boolean): string {
  const width = Math.max(...report.calls.map((c) => c.call.length), 4) + 2;
  const lines = [
    `${'call'.padEnd(width)}${'status'.padEnd(9)}${'requests'.padEnd(10)}${'invalid'.padEnd(9)}detail`,
  ];
  for (const c of report.calls) {
    const hue = c.status === 'failed' ? 'red' : c.status === 'skipped' ? 'grey' : 'green';
    const status = paint(c.status.padEnd(9), hue, colour);
    const detail =
      c.skipReason ??
      [
        c.failure === undefined ? '' : `${c.failure.problems.length} problem(s)`,
        c.rateLimited > 0 ? `${c.rateLimited} rate-limited` : '',
      ]
        .filter(Boolean)
        .join(', ');
    lines.push(
      `${c.call.padEnd(width)}${status}${String(c.requests).padEnd(10)}${String(c.invalid).padEnd(9)}${detail}`,
    );
  }
  for (const c of report.calls) {
    if (c.failure === undefined) continue;
    const f = c.failure;
    lines.push('', `${c.call} (${c.method} ${c.path}): smallest failing request after ${f.shrinks} shrinks`);
    for (const p of f.problems) lines.push(`  ${p.kind} ${shown(describeProblem(p))}`);
    lines.push(`  request (${f.valid ? 'valid' : 'invalid'}): ${shown(brief(f.request.wire))}`);
    lines.push(
      `  answer: HTTP ${f.answer.status}${f.answer.result === undefined ? '' : ` result ${f.answer.result}`} ${briefCurl(f.answer.body)}`,
    );
    if (f.curl !== '') lines.push(`  ${briefCurl(f.curl)}`);
  }
  const s = report.sequence;
  if (s !== undefined) {
    lines.push(
      '',
      `sequence ${s.calls.join(' → ')}: ${s.passed ? paint('passed', 'green', colour) : paint('failed', 'red', colour)}, ${s.completed} of ${s.runs} runs reached the cancel${s.stopped > 0 ? `, ${s.stopped} refused by the backend` : ''}`,
    );
    if (s.failure !== undefined) {
      lines.push(`  step ${s.failure.step} ${s.failure.call} (after ${s.failure.shrinks} shrinks):`);
      for (const p of s.failure.problems) lines.push(`    ${p.kind} ${shown(describeProblem(p))}`);
      if (s.failure.curl !== '') lines.push(`    ${briefCurl(s.failure.curl)}`);
    } else if (!s.passed) lines.push('  no run reached the cancel, so no hand-over was checked');
  }
  const count = (status: CallFuzz['status']) => report.calls.filter((c) => c.status === status).length;
  lines.push(
    '',
    `${report.passed ? paint('PASSED', 'green', colour) : paint('FAILED', 'red', colour)} contract fuzz of ${report.target} in ${formatMs(report.ms)}, seed ${report.seed}: ${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped, ${report.calls.reduce((n, c) => n + c.requests, 0)} requests`,
    `  ${report.budget}`,
  );
  if (!report.passed) lines.push(`replay: ${replayLine(report)}`);
  return `${mask(lines.join('\n'))}\n`;
}

/** One testsuite per API area, one testcase per call, and one for the sequence. */
export function fuzzToJUnit(report: FuzzReport): string {
  const cases: JUnitCase[] = report.calls.map((c) => ({
    classname: `fuzz.${c.path.split('/')[2] ?? 'api'}`,
    name: `${c.call} ${c.method} ${c.path}`,
    ms: c.ms,
    status: c.status,
    failures:
      c.failure === undefined
        ? []
        : [...c.failure.problems.map((p) => `${p.kind}: ${describeProblem(p)}`), c.failure.curl],
    ...(c.skipReason === undefined ? {} : { skipReason: c.skipReason }),
  }));
  const s = report.sequence;
  if (s !== undefined) {
    cases.push({
      classname: 'fuzz.sequence',
      name: s.calls.join(' → '),
      ms: s.ms,
      status: s.passed ? 'passed' : 'failed',
      failures:
        s.failure === undefined
          ? s.passed
            ? []
            : ['no run reached the cancel']
          : s.failure.problems.map(
              (p) => `step ${s.failure?.step} ${s.failure?.call}: ${describeProblem(p)}`,
            ),
    });
  }
  const suites = new Map<string, JUnitCase[]>();
  for (const c of cases) suites.set(c.classname, [...(suites.get(c.classname) ?? []), c]);
  return formatJUnit(
    `topup contract fuzz of ${report.target} (seed ${report.seed})`,
    [
      ...[...suites].map(([name, list]) => ({ name, ms: list.reduce((n, c) => n + c.ms, 0), cases: list })),
      ...(report.interrupted === true
        ? [
            {
              name: 'interrupted',
              ms: 0,
              cases: [],
              error: `the fuzz was interrupted (${report.interruptedBy ?? 'Ctrl-C'}): the calls not run are skipped`,
            },
          ]
        : []),
      { name: 'summary', ms: 0, cases: [], systemOut: report.budget },
    ],
    report.ms,
  );
}

const html = (text: string) => escapeUTF8(mask(text));

/** A self-contained page: the table, then each failure with its curl line. */
export function fuzzToHtml(report: FuzzReport): string {
  const rows = report.calls
    .map(
      (c) =>
        `<tr class="${c.status}"><td>${html(c.call)}</td><td>${c.method} ${html(c.path)}</td><td>${c.status}</td><td>${c.requests}</td><td>${c.invalid}</td><td>${html(c.skipReason ?? c.failure?.problems.map(describeProblem).join('; ') ?? '')}</td></tr>`,
    )
    .join('\n');
  const failures = report.calls
    .filter((c) => c.failure !== undefined)
    .map(
      (c) =>
        `<section><h2>${html(c.call)}</h2><ul>${(c.failure?.problems ?? []).map((p) => `<li>${html(`${p.kind} ${describeProblem(p)}`)}</li>`).join('')}</ul><pre>${html(c.failure?.curl ?? '')}</pre></section>`,
    )
    .join('\n');
  const s = report.sequence;
  const sequence =
    s === undefined
      ? ''
      : `<p>sequence ${html(s.calls.join(' → '))}: ${s.passed ? 'passed' : 'failed'}, ${s.completed} of ${s.runs} runs reached the cancel</p>`;
  return htmlPage(
    'topup contract fuzz',
    'body{font:14px system-ui,sans-serif;margin:2em}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2em .5em;text-align:start}.failed{background:#fdd}.skipped{color:#777}pre{white-space:pre-wrap;background:#f6f6f6;padding:.5em}',
    `
<h1>${report.passed ? 'PASSED' : 'FAILED'}: contract fuzz of ${html(report.target)}</h1>
<p>seed ${report.seed}, ${report.runs} runs a call, ${formatMs(report.ms)}; ${html(report.budget)}</p>
<table><thead><tr><th>call</th><th>route</th><th>status</th><th>requests</th><th>invalid</th><th>detail</th></tr></thead><tbody>
${rows}
</tbody></table>
${sequence}
${failures}
`,
  );
}

export function formatFuzzReport(report: FuzzReport, reporter: Reporter, colour: boolean): string {
  switch (reporter) {
    case 'json':
      return jsonReport(report);
    case 'junit':
      return fuzzToJUnit(report);
    case 'html':
      return fuzzToHtml(report);
    default:
      return formatFuzzText(report, colour);
  }
}
