import { maskSecrets } from './mask';
import type { RunReport, ScenarioReport, StepReport } from './types';

const colours = { green: 32, red: 31, yellow: 33, grey: 90, bold: 1 } as const;

export interface PrettyOptions {
  readonly colour: boolean;
}

function paint(text: string, colour: keyof typeof colours, on: boolean): string {
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
  const head = `  ${paint(MARK[step.status], COLOUR[step.status], options.colour)} ${step.index}. ${step.label}${
    extra.length > 0 ? paint(` (${extra.join(', ')})`, 'grey', options.colour) : ''
  } ${paint(formatMs(step.ms), 'grey', options.colour)}`;
  const lines = [head];
  if (step.skipReason !== undefined)
    lines.push(paint(`      skipped: ${step.skipReason}`, 'grey', options.colour));
  for (const failure of step.failures) lines.push(paint(`      ${failure}`, 'red', options.colour));
  return lines.map(maskSecrets);
}

export function formatScenario(report: ScenarioReport, options: PrettyOptions): string {
  const head = `${paint(MARK[report.status], COLOUR[report.status], options.colour)} ${paint(report.name, 'bold', options.colour)} ${paint(formatMs(report.ms), 'grey', options.colour)}`;
  const lines = [head];
  if (report.error !== undefined) lines.push(paint(`    ${report.error}`, 'red', options.colour));
  for (const step of report.steps) lines.push(...formatStep(step, options));
  return maskSecrets(lines.join('\n'));
}

export function formatSummary(report: RunReport, options: PrettyOptions): string {
  const { scenarios, steps } = report.totals;
  const status =
    scenarios.failed > 0 ? paint('FAILED', 'red', options.colour) : paint('PASSED', 'green', options.colour);
  return [
    '',
    `${status} ${report.scenarios.length} scenarios against ${report.target} in ${formatMs(report.ms)}`,
    `  scenarios: ${scenarios.passed} passed, ${scenarios.failed} failed, ${scenarios.skipped} skipped`,
    `  steps:     ${steps.passed} passed, ${steps.failed} failed, ${steps.skipped} skipped`,
    ...report.scenarios
      .filter((s) => s.status === 'failed')
      .map((s) => `  ${paint('✗', 'red', options.colour)} ${s.name}`),
  ].join('\n');
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
