import { budgetLine } from '../contract/budget';
import { mask } from './mask';
import {
  type FailedAttempt,
  failureRecap,
  headOf,
  type RunReport,
  type ScenarioReport,
  type StepReport,
  shardLine,
} from './types';
import { visible } from './visible';

/** Server or scenario text as printed: secrets masked, control and bidi characters escaped visibly. */
const shown = (text: string): string => visible(mask(text));

const colours = { green: 32, red: 31, yellow: 33, grey: 90, bold: 1 } as const;

export interface PrettyOptions {
  readonly colour: boolean;
  /** `-v`: each step's request and response body (redacted). */
  readonly verbose?: boolean;
}

export function paint(text: string, colour: keyof typeof colours, on: boolean): string {
  return on ? `\u001b[${colours[colour]}m${text}\u001b[0m` : text;
}

const MARK = { passed: '✓', failed: '✗', skipped: '○' } as const;
const COLOUR = { passed: 'green', failed: 'red', skipped: 'yellow' } as const;

export function formatMs(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/** One line per step, with its timing; failures and skip reasons indented below. */
export function formatStep(step: StepReport, options: PrettyOptions): string[] {
  const extra = [
    step.result === undefined ? undefined : `result ${step.result}`,
    step.tries === undefined ? undefined : `${step.tries} tries`,
  ].filter((x) => x !== undefined);
  // Secrets are masked in what the scenario and the server said, never in the timings.
  const head = `  ${paint(MARK[step.status], COLOUR[step.status], options.colour)} ${step.index}. ${shown(step.label)}${
    extra.length > 0 ? paint(` (${extra.join(', ')})`, 'grey', options.colour) : ''
  } ${paint(formatMs(step.ms), 'grey', options.colour)}`;
  const lines = [head];
  if (step.skipReason !== undefined)
    lines.push(paint(`      skipped: ${shown(step.skipReason)}`, 'grey', options.colour));
  for (const failure of step.failures) lines.push(paint(`      ${shown(failure)}`, 'red', options.colour));
  if (options.verbose === true || step.status === 'failed') lines.push(...exchangeLines(step, options));
  if (options.verbose === true) lines.push(...frameLines(step, options));
  return lines;
}

/** A room step's frames with -v: each message as the sn machine handled it, with its time, one line each. */
function frameLines(step: StepReport, options: PrettyOptions): string[] {
  return (step.frames ?? []).map((frame) => {
    const text = visible(JSON.stringify(mask(frame.event)) ?? '');
    const cut = text.length > 160 ? `${text.slice(0, 160)}…` : text;
    return paint(`      ⇠ +${frame.atMs} ms ${cut}`, 'grey', options.colour);
  });
}

const indent = (text: string, by: string) => text.replace(/\n/g, `\n${by}`);

/** The request and answer of a step (with -v, or when it failed), then the curl line that repeats it. */
function exchangeLines(step: StepReport, options: PrettyOptions): string[] {
  const lines: string[] = [];
  if (step.request !== undefined && options.verbose === true) {
    const request = mask(step.request);
    lines.push(paint(`      → ${visible(`${request.method} ${request.url}`)}`, 'grey', options.colour));
    if (request.body !== undefined) {
      const body = typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
      lines.push(
        paint(`        ${indent(visible(prettyBody(body), true), '        ')}`, 'grey', options.colour),
      );
    }
  }
  if (step.response !== undefined && (options.verbose === true || step.status === 'failed')) {
    const response = mask(step.response);
    const head = response.networkError ?? `HTTP ${response.status}`;
    lines.push(paint(`      ← ${visible(head)}`, 'grey', options.colour));
    if (response.body !== undefined) {
      const body = JSON.stringify(response.body, null, 2) ?? '';
      lines.push(
        paint(`        ${indent(visible(truncate(body), true), '        ')}`, 'grey', options.colour),
      );
    }
  }
  if (step.curl !== undefined)
    lines.push(paint(`      repeat: ${visible(step.curl)}`, 'grey', options.colour));
  return lines;
}

function prettyBody(text: string): string {
  try {
    return truncate(JSON.stringify(JSON.parse(text), null, 2));
  } catch {
    return truncate(text);
  }
}

const truncate = (text: string) =>
  text.length > 4000 ? `${text.slice(0, 4000)}\n… (${text.length} characters)` : text;

export function formatScenario(report: ScenarioReport, options: PrettyOptions): string {
  const notes = [
    report.repeat === undefined ? undefined : `repeat ${report.repeat}`,
    report.attempts === undefined ? undefined : `${report.attempts} attempts`,
    report.flaky === true ? 'flaky' : undefined,
  ].filter((x) => x !== undefined);
  const head = `${paint(MARK[report.status], COLOUR[report.status], options.colour)} ${paint(visible(report.name), 'bold', options.colour)}${
    notes.length > 0 ? paint(` (${notes.join(', ')})`, 'yellow', options.colour) : ''
  } ${paint(formatMs(report.ms), 'grey', options.colour)}`;
  const lines = [head];
  if (report.error !== undefined) lines.push(paint(`    ${shown(report.error)}`, 'red', options.colour));
  for (const a of report.failedAttempts ?? []) lines.push(...attemptLines(a, options));
  if (report.notRetried !== undefined)
    lines.push(paint(`    not retried: ${shown(report.notRetried)}`, 'red', options.colour));
  for (const step of report.steps) lines.push(...formatStep(step, options));
  return lines.join('\n');
}

/** A failed attempt before the last: its step, then each expected/got. */
function attemptLines(a: FailedAttempt, options: PrettyOptions): string[] {
  return [
    paint(`    attempt ${a.attempt} failed at step ${a.step} (${shown(a.label)}):`, 'yellow', options.colour),
    ...a.failures.map((f) => paint(`      ${shown(f)}`, 'yellow', options.colour)),
  ];
}

/** ` (2 invalid files)` when some of the failed are files that could not run. */
export const invalidNote = (invalid: number | undefined): string =>
  (invalid ?? 0) > 0 ? ` (${invalid} invalid file${invalid === 1 ? '' : 's'})` : '';

export function formatSummary(report: RunReport, options: PrettyOptions): string {
  const { scenarios, steps } = report.totals;
  const status = report.passed
    ? paint('PASSED', 'green', options.colour)
    : paint(report.interrupted === true ? 'INTERRUPTED' : 'FAILED', 'red', options.colour);
  const flaky = report.scenarios.filter((s) => s.flaky === true);
  const head = headOf(report);
  const lines = [''];
  for (const f of report.invalidFiles ?? []) {
    lines.push(paint(`✗ ${f.file}: invalid scenario file`, 'red', options.colour));
    for (const r of f.reasons) lines.push(paint(`    ${shown(r)}`, 'red', options.colour));
  }
  if (report.comparison !== undefined) {
    const c = report.comparison;
    lines.push(`Comparing ${report.target} with ${c.against}:`);
    lines.push(
      ...(c.differences.length === 0 ? ['  no differences'] : c.differences.map((d) => `  ${shown(d)}`)),
    );
    if (c.notCompared !== undefined) lines.push(`  not compared: ${shown(c.notCompared.join(', '))}`);
    lines.push(
      `  against ${c.against}: ${c.totals.passed} passed, ${c.totals.failed} failed, ${c.totals.skipped} skipped`,
    );
    for (const name of c.failed)
      lines.push(paint(`  ✗ ${shown(`${name}: ${c.failedWhy?.[name] ?? 'failed'}`)}`, 'red', options.colour));
    lines.push('');
  }
  lines.push(
    `${status}${report.passed || report.interrupted === true ? '' : ':'} ${head.count} against ${report.target}${head.why === undefined ? ` in ${formatMs(report.ms)}` : ` (${head.why})`}`,
    `  scenarios: ${scenarios.passed} passed, ${scenarios.failed} failed${invalidNote(scenarios.invalid)}, ${scenarios.skipped} skipped${flaky.length > 0 ? `, ${flaky.length} flaky` : ''}`,
    `  steps:     ${steps.passed} passed, ${steps.failed} failed, ${steps.skipped} skipped`,
  );
  const shard = shardLine(report);
  if (shard !== undefined) lines.push(`  ${shard}`);
  lines.push(`  ${budgetLine()} (a step's expect.maxMs sets its own)`);
  if (flaky.length > 0) {
    lines.push(
      'Flaky (passed on a retry):',
      ...flaky.map((s) => {
        const first = s.failedAttempts?.[0];
        const got =
          first === undefined
            ? ''
            : `: attempt ${first.attempt} failed at step ${first.step} (${first.label}): ${first.failures[0] ?? 'failed'}`;
        return `  ~ ${s.name} (${s.attempts ?? 2} attempts)${shown(got)}`;
      }),
    );
  }
  const recap = failureRecap(report);
  if (recap.length > 0) {
    lines.push('Failures:', ...recap.map((r) => `  ${paint('✗', 'red', options.colour)} ${shown(r)}`));
  }
  return lines.join('\n');
}

/**
 * The run's verdict on one line, for the terminal when the report goes to a file (`--out`): the PASSED or
 * FAILED line of the summary with its scenario totals.
 */
export function verdictLine(report: RunReport, colour: boolean): string {
  const lines = formatSummary(report, { colour, verbose: false }).split('\n');
  const at = lines.findIndex((line) => /^(?:\S*(?:PASSED|FAILED|INTERRUPTED))\S* /.test(line));
  return `${lines[at] ?? ''}\n${lines[at + 1] ?? ''}\n`;
}

/** The whole report at once (used when the output is not a terminal, or written to a file). */
export function formatPretty(report: RunReport, options: PrettyOptions): string {
  return `${report.scenarios.map((s) => formatScenario(s, options)).join('\n')}\n${formatSummary(report, options)}\n`;
}

/**
 * Live output on a terminal: each scenario's block once it finishes (scenarios run in parallel), and a
 * progress line kept at the bottom.
 */
export class PrettyProgress {
  private done = 0;
  private running = new Map<string, number>();

  constructor(
    private readonly total: number,
    private readonly write: (text: string) => void,
    private readonly options: PrettyOptions & { readonly tty: boolean },
  ) {}

  step(scenario: string, _step: StepReport): void {
    this.running.set(scenario, (this.running.get(scenario) ?? 0) + 1);
    this.redraw();
  }

  scenario(report: ScenarioReport): void {
    this.done += 1;
    this.running.delete(report.name);
    this.clear();
    this.write(`${formatScenario(report, this.options)}\n`);
    this.redraw();
  }

  finish(report: RunReport): void {
    this.clear();
    this.write(`${formatSummary(report, this.options)}\n`);
  }

  private clear(): void {
    if (this.options.tty) this.write('\r\u001b[2K');
  }

  private redraw(): void {
    if (!this.options.tty) return;
    const names = [...this.running.keys()].slice(0, 3).join(', ');
    this.clear();
    this.write(paint(`[${this.done}/${this.total}] ${names}`, 'grey', this.options.colour));
  }
}
