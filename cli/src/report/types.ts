import type { SentRequest } from '../http/client';
import type { StepKind } from '../scenario/schema';

export type Status = 'passed' | 'failed' | 'skipped';

export interface StepReport {
  readonly index: string;
  readonly id?: string;
  readonly label: string;
  /** The label as the scenario writes it, when `${…}` references made `label` differ (JUnit names by it). */
  readonly written?: string;
  readonly kind: StepKind;
  readonly status: Status;
  readonly ms: number;
  readonly failures: readonly string[];
  readonly skipReason?: string;
  readonly call?: string;
  readonly result?: number;
  readonly tries?: number;
  /** What the step saw, kept for --compare: the data's shape and, for rooms, sn and table keys. */
  readonly observed?: unknown;
  /** The step's last HTTP request and its answer (redacted when reported). */
  readonly request?: SentRequest;
  readonly response?: { readonly status: number; readonly body: unknown; readonly networkError?: string };
  /** A failed HTTP step: the curl command that repeats its request. */
  readonly curl?: string;
  /** Room steps: the frames as the sn machine handled them, with their time from the step's start. */
  readonly frames?: readonly { readonly atMs: number; readonly event: unknown }[];
  /** When the step started, in ms from the scenario's start (for the HTML timeline). */
  readonly startMs?: number;
}

export interface ScenarioReport {
  readonly name: string;
  readonly file: string;
  readonly description: string;
  readonly tags: readonly string[];
  readonly status: Status;
  readonly ms: number;
  readonly steps: readonly StepReport[];
  /** A scenario that could not start (missing fixtures, a mock that would not reset). */
  readonly error?: string;
  /** Ctrl-C stopped it before it finished. */
  readonly interrupted?: boolean;
  /** `--retries`: how many runs it took; a scenario that passed on a retry is flaky. */
  readonly attempts?: number;
  readonly flaky?: boolean;
  /** `--retries`: what each failed attempt before the last got (its failed step, expected and got). */
  readonly failedAttempts?: readonly FailedAttempt[];
  /** `--retries`: why this failure was not retried (a server fault or a wrong value: only timing is). */
  readonly notRetried?: string;
  /** `--repeat-each`: which repetition this is (1-based). */
  readonly repeat?: number;
  /**
   * Not sent to a real backend: a step writes what the fixtures file does not list under safeWrites (the
   * reason, naming the call and how to allow it). Skipped, not failed; a run of nothing else is not a pass.
   */
  readonly writeGated?: string;
}

/** `--retries`: a failed attempt of a scenario, kept when a later one ran: its first failed step. */
export interface FailedAttempt {
  readonly attempt: number;
  readonly step: string;
  readonly label: string;
  readonly failures: readonly string[];
}

export interface Totals {
  readonly passed: number;
  /** Scenario totals: the invalid scenario files are counted here too (they fail the run). */
  readonly failed: number;
  readonly skipped: number;
  /** Scenario totals: how many of `failed` are invalid scenario files (they never ran). */
  readonly invalid?: number;
}

/** `--compare`: the same scenarios against a second target, and where the two runs differ. */
export interface Comparison {
  readonly against: string;
  readonly differences: readonly string[];
  /** Scenarios skipped by design on one side (a gated write; all skipped with --allow-skipped): no difference. */
  readonly notCompared?: readonly string[];
  /** The second run's scenario totals: a failure there fails the run too. */
  readonly totals: Totals;
  readonly failed: readonly string[];
  /** Why each failed there, by name: its failed step, expected and got (as the main side's recap says). */
  readonly failedWhy?: Readonly<Record<string, string>>;
}

/** A scenario file that could not be loaded: reported, and the run fails, but the other files still run. */
export interface InvalidFile {
  readonly file: string;
  readonly reasons: readonly string[];
}

/** Which slice of which selection a report holds: `scenario merge` checks every shard is there once. */
export interface ShardInfo {
  /** 1-based; a run without --shard is shard 1 of 1. */
  readonly index: number;
  readonly total: number;
  /** A hash of the selection before sharding (each scenario's name and file text): equal in every shard. */
  readonly fingerprint: string;
  /** Scenarios in the whole selection. */
  readonly scenarios: number;
  /** This shard's scenarios, by name: a merge names any its report lacks. */
  readonly names?: readonly string[];
}

export interface RunReport {
  readonly kind: 'scenarios';
  readonly target: string;
  /** The shard this report is (absent only in reports built in-process, never in a run's output). */
  readonly shard?: ShardInfo;
  /** Merged reports: the shards they held, each i/n. */
  readonly shards?: readonly string[];
  /**
   * What was asked for and could not run, one sentence each (a target that does not answer, a shard missing
   * from a merge): the run fails, and every reporter names them.
   */
  readonly notRun?: readonly string[];
  /** The scenarios selected that never ran, by name (a target that does not answer; Ctrl-C before them). */
  readonly notRunScenarios?: readonly string[];
  /** `--allow-skipped`: a scenario whose every step was skipped does not fail the run. */
  readonly allowSkipped?: boolean;
  readonly startedAt: string;
  readonly ms: number;
  readonly scenarios: readonly ScenarioReport[];
  readonly totals: { readonly scenarios: Totals; readonly steps: Totals };
  readonly comparison?: Comparison;
  readonly invalidFiles?: readonly InvalidFile[];
  /** Ctrl-C (or SIGTERM) stopped the run: what finished is reported, the rest is marked interrupted. */
  readonly interrupted?: boolean;
  /** What stopped it: `Ctrl-C` or `SIGTERM`. */
  readonly interruptedBy?: string;
  /** The one verdict every reporter prints and the exit code follows. */
  readonly passed: boolean;
}

/**
 * Scenarios that were asked for and never checked: every step skipped (control steps on a real backend, a
 * room without --room-url). They fail the run unless the caller says --allow-skipped.
 */
export function unchecked(report: Omit<RunReport, 'passed'>): readonly ScenarioReport[] {
  return report.allowSkipped === true
    ? []
    : report.scenarios.filter((s) => s.status === 'skipped' && s.writeGated === undefined);
}

/**
 * Every scenario of the run was skipped as a write a real backend may not take: nothing was sent, so the run
 * is not a pass (exit 2, as a selection that sends nothing), whatever `--allow-skipped` says.
 */
export function nothingSent(report: Omit<RunReport, 'passed'>): boolean {
  return report.scenarios.length > 0 && report.scenarios.every((s) => s.writeGated !== undefined);
}

/**
 * The verdict of a run: no failed scenario, no invalid file, no scenario left unchecked (all its steps
 * skipped) unless allowed, no difference or failure in a comparison, not interrupted.
 */
export function verdictOf(report: Omit<RunReport, 'passed'>): boolean {
  return (
    report.totals.scenarios.failed === 0 &&
    unchecked(report).length === 0 &&
    !nothingSent(report) &&
    (report.notRun?.length ?? 0) === 0 &&
    (report.invalidFiles?.length ?? 0) === 0 &&
    report.interrupted !== true &&
    (report.comparison === undefined ||
      (report.comparison.differences.length === 0 && report.comparison.totals.failed === 0))
  );
}

/** Why the run failed, one line each: the recap every reporter ends with. */
export function failureRecap(report: RunReport): string[] {
  const lines: string[] = [...(report.notRun ?? []).map((why) => `not run: ${why}`)];
  const notRun = report.notRunScenarios ?? [];
  if (notRun.length > 0)
    lines.push(
      `${scenarios(notRun.length)} not run${report.interrupted === true ? ' (interrupted before they started)' : ''}: ${notRun.join(', ')}`,
    );
  for (const f of report.invalidFiles ?? [])
    lines.push(
      `${f.file}: invalid scenario file (${f.reasons.length} problem${f.reasons.length === 1 ? '' : 's'}): ${f.reasons[0] ?? ''}`,
    );
  for (const s of report.scenarios) if (s.status === 'failed') lines.push(`${s.name}: ${failureOf(s)}`);
  for (const s of unchecked(report)) {
    const why = s.steps.find((x) => x.skipReason !== undefined)?.skipReason ?? 'no step ran';
    lines.push(
      `${s.name}: not checked: every step was skipped (${why}); pass --allow-skipped to accept this`,
    );
  }
  if (report.comparison !== undefined) {
    for (const d of report.comparison.differences)
      lines.push(`compare with ${report.comparison.against}: ${d}`);
    for (const name of report.comparison.failed) {
      const why = report.comparison.failedWhy?.[name];
      lines.push(
        `${name}: failed against ${report.comparison.against}${why === undefined ? '' : `: ${why}`}`,
      );
    }
  }
  if (nothingSent(report))
    lines.push(
      'nothing was sent: every scenario selected writes what this backend may not take (see each one); list the calls under safeWrites in the fixtures file, or run them against the mock (--target mock)',
    );
  if (report.interrupted === true)
    lines.push(
      `the run was interrupted (${report.interruptedBy ?? 'Ctrl-C'}): scenarios not finished are marked interrupted`,
    );
  return lines;
}

/** Why a scenario failed: its setup error, or its first failed step with what it expected and got. */
export function failureOf(s: ScenarioReport): string {
  const step = s.steps.find((x) => x.status === 'failed');
  return (
    s.error ??
    (step === undefined ? 'failed' : `step ${step.index} (${step.label}): ${step.failures[0] ?? 'failed'}`)
  );
}

/**
 * The run with the invalid scenario files it could not load: listed, and counted as failed scenarios in its
 * totals, so every reporter's counts agree with the verdict and the exit code.
 */
export function withInvalidFiles<T extends Omit<RunReport, 'passed'>>(
  report: T,
  invalidFiles: readonly InvalidFile[],
): T {
  if (invalidFiles.length === 0) return report;
  const scenarios = report.totals.scenarios;
  return {
    ...report,
    invalidFiles,
    totals: {
      ...report.totals,
      scenarios: {
        ...scenarios,
        failed: scenarios.failed - (scenarios.invalid ?? 0) + invalidFiles.length,
        invalid: invalidFiles.length,
      },
    },
  };
}

const scenarios = (n: number): string => `${n} scenario${n === 1 ? '' : 's'}`;

/**
 * What a run's head line counts: the scenarios in its totals, and those selected that never ran; a failed
 * run, how many of them failed (`5 of 7 scenarios failed`), or, when none did, why the run failed anyway
 * (`0 of 53 scenarios failed (not run: shard 4/4 is missing from the merge)`); when none ran, that they
 * did not and why (`3 scenarios not run against … (--target: no answer from …)`).
 */
export function headOf(report: RunReport): { readonly count: string; readonly why?: string } {
  const ran = scenarioCount(report);
  const notRun = report.notRunScenarios?.length ?? 0;
  const notRunNote = notRun === 0 ? '' : ` (${notRun} not run)`;
  if (ran > 0 && !report.passed && report.interrupted !== true) {
    const failed = report.totals.scenarios.failed;
    if (failed > 0) return { count: `${failed} of ${scenarios(ran)} failed${notRunNote}` };
    const why = failureRecap(report)[0];
    return { count: `0 of ${scenarios(ran)} failed${notRunNote}`, ...(why === undefined ? {} : { why }) };
  }
  if (notRun === 0) return { count: scenarios(ran) };
  // Some ran, the rest did not (Ctrl-C): both counted, so the ones that ran are not read as not run.
  if (ran > 0) return { count: `${ran} of ${scenarios(ran + notRun)} ran${notRunNote}` };
  const why =
    report.notRun?.[0] ??
    (report.interrupted === true
      ? `interrupted (${report.interruptedBy ?? 'Ctrl-C'}) before they started`
      : undefined);
  return { count: `${scenarios(notRun)} not run`, ...(why === undefined ? {} : { why }) };
}

/** Scenarios in the run's totals: those that ran and the invalid files. */
export function scenarioCount(report: RunReport): number {
  return report.scenarios.length + (report.invalidFiles?.length ?? 0);
}

export function totalsOf(items: readonly { status: Status }[]): Totals {
  return {
    passed: items.filter((i) => i.status === 'passed').length,
    failed: items.filter((i) => i.status === 'failed').length,
    skipped: items.filter((i) => i.status === 'skipped').length,
  };
}

/** Which shard a report is, and of which selection: printed by every reporter. */
export function shardLine(report: RunReport): string | undefined {
  if (report.shards !== undefined) return `merged shards ${report.shards.join(', ')}`;
  const shard = report.shard;
  if (shard === undefined) return undefined;
  return `shard ${shard.index}/${shard.total} of ${shard.scenarios} scenario${shard.scenarios === 1 ? '' : 's'}, selection fingerprint ${shard.fingerprint}`;
}
