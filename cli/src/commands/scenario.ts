import { existsSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { LAST_RUN_FILE, type Reporter } from '../defaults';
import { stopOf } from '../interrupt';
import { type Io, UsageError } from '../io';
import { readTextFile, UnreadableFileError } from '../readText';
import { registerFixtureSecrets } from '../report/mask';
import { PrettyProgress, verdictLine } from '../report/pretty';
import {
  type Comparison,
  failureOf,
  type InvalidFile,
  type RunReport,
  verdictOf,
  withInvalidFiles,
} from '../report/types';
import { CATALOGUE_FIXTURES } from '../scenario/fixtures';
import type { LoadedScenario } from '../scenario/load';
import { runScenarios } from '../scenario/run';
import { registerScenarioSecrets } from '../scenario/secrets';
import { checkOutputFile, writeOutputFile } from '../writeText';
import { count, loadSelection, shardInfo, shardOf } from './catalogue';
import { compareRuns } from './merge';
import { parseBaseUrl } from './output';
import { exitCodeOf, render } from './runReport';
import { openTargets, UnreachableTarget } from './runTargets';

export interface RunCommandOptions {
  readonly dir: string;
  /** Catalogue names, or paths of scenario files or folders. */
  readonly names: readonly string[];
  readonly tag: readonly string[];
  readonly all?: boolean;
  readonly grep?: readonly string[];
  readonly grepInvert?: readonly string[];
  readonly lastFailed?: boolean;
  readonly lastRunFile?: string;
  readonly repeatEach?: number;
  readonly retries?: number;
  readonly shard?: string;
  readonly target: string;
  readonly fixtures?: string;
  readonly reporter: Reporter;
  readonly out?: string;
  readonly concurrency: number;
  readonly compare?: string;
  readonly roomUrl?: string;
  /** Time-out of each request, in ms. */
  readonly timeout: number;
  readonly verbose?: boolean;
  /** `--mock-ports from-to`: the ports the mocks of `--target mock` listen on. */
  readonly mockPorts?: string;
  /** A scenario whose every step was skipped does not fail the run. */
  readonly allowSkipped?: boolean;
  /** The `--target` URL is a topup mock (a `--compare` URL never is: `--compare mock` starts one). */
  readonly mock?: boolean;
  /** Aborted on Ctrl-C (the binary wires SIGINT and SIGTERM to it). */
  readonly signal?: AbortSignal;
}

async function runAgainst(
  spec: string,
  markedMock: boolean,
  scenarios: LoadedScenario[],
  options: RunCommandOptions,
  io: Io,
  progress?: PrettyProgress,
): Promise<RunReport> {
  const opened = await openTargets(spec, markedMock, options, io);
  const source = opened.fixtures;
  registerFixtureSecrets(
    source.kind === 'catalogue' ? CATALOGUE_FIXTURES : source.kind === 'file' ? source.values : {},
  );
  try {
    const report = await runScenarios(scenarios, opened.targets, {
      fixtures: opened.fixtures,
      safeWrites: opened.safeWrites,
      timeoutMs: options.timeout,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      ...(options.retries === undefined ? {} : { retries: options.retries }),
      ...(options.repeatEach === undefined ? {} : { repeatEach: options.repeatEach }),
      ...(progress === undefined
        ? {}
        : { onStep: (s, step) => progress.step(s, step), onScenario: (r) => progress.scenario(r) }),
    });
    // One line each for the scenarios a real backend was not sent (a write it may not take).
    const gated = new Map(report.scenarios.flatMap((s) => (s.writeGated === undefined ? [] : [[s.name, s]])));
    for (const s of gated.values()) io.err(`topup: skipped ${s.name} on ${spec}: ${s.writeGated}\n`);
    return { ...report, target: spec === 'mock' ? `mock (${report.target})` : spec };
  } finally {
    await opened.close();
  }
}

/** A last-run record's largest size: the names of the failed scenarios. */
const MAX_LAST_RUN_BYTES = 1024 * 1024;

function readLastFailed(file: string): { lastFailed: string[]; lastFailedFiles: string[] } {
  if (!existsSync(file))
    throw new UsageError(`--last-failed: no last run recorded at ${file}; run scenarios first`);
  const strings = (value: unknown): value is string[] =>
    Array.isArray(value) && value.every((n) => typeof n === 'string');
  let text: string;
  try {
    // A device or FIFO (/dev/zero) is refused, never read without end.
    text = readTextFile(file, MAX_LAST_RUN_BYTES);
  } catch (error) {
    if (!(error instanceof UnreadableFileError)) throw error;
    throw new UsageError(`--last-failed: ${file}: ${error.message}`);
  }
  try {
    const parsed = JSON.parse(text) as { failed?: unknown; notRun?: unknown; failedFiles?: unknown };
    const files = parsed.failedFiles ?? [];
    const notRun = parsed.notRun ?? [];
    // The scenarios a Ctrl-C (or a dead target) left not run are run again with the failed ones.
    if (strings(parsed.failed) && strings(notRun) && strings(files))
      return { lastFailed: [...new Set([...parsed.failed, ...notRun])], lastFailedFiles: files };
  } catch {
    // fall through to the usage error
  }
  throw new UsageError(`--last-failed: ${file} is not a last-run record; delete it and run again`);
}

/** The report of a run that could not start against its target. */
function emptyRun(
  target: string,
  scenarios: readonly LoadedScenario[],
  signal: AbortSignal | undefined,
): RunReport {
  const none = { passed: 0, failed: 0, skipped: 0 };
  return {
    kind: 'scenarios',
    target,
    startedAt: new Date().toISOString(),
    ms: 0,
    scenarios: [],
    notRunScenarios: [...new Set(scenarios.map((s) => s.scenario.name))],
    ...(signal?.aborted === true ? { interrupted: true, interruptedBy: stopOf(signal) } : {}),
    totals: { scenarios: none, steps: none },
    passed: false,
  };
}

export async function runScenarioCommand(options: RunCommandOptions, io: Io): Promise<number> {
  // The run's time is the command's (a mock started, a target checked, then the scenarios), as the user waited.
  const commandStarted = performance.now();
  // Both targets are read before anything runs: a wrong --compare is not found after the first run.
  if (options.target !== 'mock') parseBaseUrl(options.target);
  // Each mock of `--target mock` serves its own room; another room server would be checked against nothing.
  else if (options.roomUrl !== undefined)
    throw new UsageError(
      "--room-url is the room server of a URL --target; with --target mock each mock serves its own room (leave out --room-url, or give the backend's URL as --target)",
    );
  if (options.compare !== undefined && options.compare !== 'mock') parseBaseUrl(options.compare, '--compare');
  const lastRunFile = options.lastRunFile ?? LAST_RUN_FILE;
  // Where the run writes is checked before it sends anything: a FIFO or a folder is exit 2 now, not later.
  if (options.out !== undefined) checkOutputFile('--out', options.out);
  checkOutputFile('--last-run-file', lastRunFile, false);
  const selection = loadSelection({
    dir: options.dir,
    names: options.names,
    tags: options.tag,
    all: options.all === true,
    ...(options.grep === undefined ? {} : { grep: options.grep }),
    ...(options.grepInvert === undefined ? {} : { grepInvert: options.grepInvert }),
    ...(options.lastFailed === true ? readLastFailed(lastRunFile) : {}),
  });
  const scenarios =
    options.shard === undefined ? selection.scenarios : shardOf(selection.scenarios, options.shard);
  if (options.shard !== undefined && scenarios.length === 0 && selection.scenarios.length > 0) {
    // More shards than scenarios: this shard is legitimately empty (the others run them all), so not an error.
    io.err(
      `topup: shard ${options.shard} of ${count(selection.scenarios.length, 'scenario')} is empty; nothing to run here (exit 0)\n`,
    );
  }
  registerScenarioSecrets(scenarios);
  const invalidFiles: InvalidFile[] = selection.invalid.map((e) => ({ file: e.file, reasons: e.reasons }));
  for (const f of invalidFiles) io.err(`topup: invalid scenario file ${f.file} (reported; the others run)\n`);
  // Pretty output to the terminal streams each scenario as it finishes, then the summary.
  const progress =
    options.reporter === 'pretty' && options.out === undefined
      ? new PrettyProgress(scenarios.length * Math.max(1, options.repeatEach ?? 1), io.out, {
          colour: io.colour,
          tty: io.isTTY,
          ...(options.verbose === true ? { verbose: true } : {}),
        })
      : undefined;
  // A target that does not answer: one line on stderr, and a report (every reporter) saying what did not run.
  const notRun: string[] = [];
  const unreachable = (error: unknown, what: string): undefined => {
    if (!(error instanceof UnreachableTarget)) throw error;
    // Ctrl-C during the target check: the run is interrupted, its scenarios not run (not a dead target).
    if (options.signal?.aborted === true) return undefined;
    const why = `${what}: ${error.message}; ${count(scenarios.length, 'scenario')} did not run there`;
    io.err(`topup: ${why}\n`);
    notRun.push(why);
    return undefined;
  };
  const first =
    (await runAgainst(options.target, options.mock === true, scenarios, options, io, progress).catch(
      (error: unknown) => unreachable(error, '--target'),
    )) ?? emptyRun(options.target, scenarios, options.signal);
  let comparison: Comparison | undefined;
  if (options.compare !== undefined && options.signal?.aborted !== true) {
    const second = await runAgainst(options.compare, false, scenarios, options, io).catch((error: unknown) =>
      unreachable(error, '--compare'),
    );
    if (second !== undefined)
      comparison = {
        against: second.target,
        ...compareRuns(first, second, options.allowSkipped === true),
        totals: second.totals.scenarios,
        failed: second.scenarios.filter((s) => s.status === 'failed').map((s) => s.name),
        failedWhy: Object.fromEntries(
          second.scenarios.filter((s) => s.status === 'failed').map((s) => [s.name, failureOf(s)]),
        ),
      };
  }
  const base = withInvalidFiles(
    {
      ...first,
      ms: Math.max(first.ms, Math.round(performance.now() - commandStarted)),
      shard: shardInfo(selection.scenarios, options.shard, scenarios),
      ...(notRun.length === 0 ? {} : { notRun }),
      ...(options.allowSkipped === true ? { allowSkipped: true } : {}),
      ...(comparison === undefined ? {} : { comparison }),
    },
    invalidFiles,
  );
  const report: RunReport = { ...base, passed: verdictOf(base) };
  recordLastRun(lastRunFile, report, scenarios, options.dir);
  const text = render(
    report,
    options.reporter,
    io.colour && options.out === undefined,
    options.verbose === true,
  );
  if (options.out !== undefined) {
    writeOutputFile(
      '--out',
      options.out,
      options.reporter === 'pretty' ? render(report, 'pretty', false, true) : text,
    );
    io.err(`wrote ${options.out}\n`);
    io.out(verdictLine(report, io.colour));
  }
  if (progress !== undefined) progress.finish(report);
  else if (options.out === undefined) io.out(text);
  if (report.interrupted === true) io.err('topup: interrupted; the report holds what finished\n');
  return exitCodeOf(report);
}

/**
 * Keeps the names of the failed scenarios, and of those not run (Ctrl-C, a target that did not answer), for
 * `--last-failed` (a run that could not write it still counts).
 */
function recordLastRun(
  file: string,
  report: RunReport,
  scenarios: readonly LoadedScenario[],
  catalogueDir: string,
): void {
  try {
    const failed = [...new Set(report.scenarios.filter((s) => s.status === 'failed').map((s) => s.name))];
    const notRun = [...new Set(report.notRunScenarios ?? [])].filter((name) => !failed.includes(name));
    // A failed (or not run) scenario run by path is found again by its path (the catalogue's by name).
    const inCatalogue = `${resolve(catalogueDir)}${sep}`;
    const again = new Set([...failed, ...notRun]);
    const failedFiles = [
      ...new Set(
        scenarios
          .filter((s) => again.has(s.scenario.name) && !resolve(s.file).startsWith(inCatalogue))
          .map((s) => resolve(s.file)),
      ),
    ];
    writeOutputFile(
      '--last-run-file',
      file,
      `${JSON.stringify({ at: report.startedAt, target: report.target, failed, notRun, failedFiles }, null, 2)}\n`,
    );
  } catch {
    // A read-only checkout: --last-failed will say there is no record.
  }
}
