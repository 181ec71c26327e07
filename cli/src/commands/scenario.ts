import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { LAST_RUN_FILE, type Reporter } from '../defaults';
import { ExitCode, type Io, UsageError } from '../io';
import { SCHEMA_FILE } from '../paths';
import { scenarioToHtml } from '../report/html';
import { scenariosToJUnit } from '../report/junit';
import { maskDeep, maskSecrets, registerFixtureSecrets, registerSecret } from '../report/mask';
import { formatPretty, PrettyProgress } from '../report/pretty';
import {
  type Comparison,
  type InvalidFile,
  type RunReport,
  totalsOf,
  verdictOf,
  withInvalidFiles,
} from '../report/types';
import { CATALOGUE_FIXTURES, type FixtureSource } from '../scenario/fixtures';
import { didYouMean, loadFixturesFile } from '../scenario/fixturesFile';
import {
  type LoadedScenario,
  loadScenarioFiles,
  SCENARIO_EXTENSIONS,
  type ScenarioFileError,
  scenarioFilesIn,
} from '../scenario/load';
import { runScenarios } from '../scenario/run';
import { scenarioJsonSchema } from '../scenario/schema';
import { diffShapes } from '../scenario/shape';
import { probeTarget, type Target } from '../scenario/target';
import { type StartedMock, startMock } from './mockServer';

export { LAST_RUN_FILE, REPORTERS, type Reporter } from '../defaults';

/** Exit code of a run stopped by Ctrl-C (128 + SIGINT), as shells and CI runners expect. */
export const INTERRUPTED_EXIT = 130;

export interface RunCommandOptions {
  readonly dir: string;
  /** Catalogue names, or paths of scenario files or folders. */
  readonly names: readonly string[];
  readonly tags: readonly string[];
  readonly all: boolean;
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
  readonly timeoutMs: number;
  readonly verbose?: boolean;
  /** Aborted on Ctrl-C (the binary wires SIGINT and SIGTERM to it). */
  readonly signal?: AbortSignal;
}

const looksLikePath = (arg: string) =>
  arg.includes('/') || arg.includes('\\') || SCENARIO_EXTENSIONS.includes(extname(arg));

/** Files named by path (a folder stands for its files); an argument that is not a path is a catalogue name. */
function splitArguments(args: readonly string[]): { names: string[]; files: string[] } {
  const names: string[] = [];
  const files: string[] = [];
  for (const arg of args) {
    if (!looksLikePath(arg) && !existsSync(arg)) names.push(arg);
    else if (existsSync(arg) && statSync(arg).isDirectory()) files.push(...scenarioFilesIn(arg));
    else files.push(resolve(arg));
  }
  return { names, files };
}

export interface Selection {
  readonly scenarios: LoadedScenario[];
  readonly invalid: ScenarioFileError[];
}

/** Loads what the arguments name: catalogue names, tags and --all from `dir`, and files by path. */
export function loadSelection(options: {
  dir: string;
  names: readonly string[];
  tags: readonly string[];
  all: boolean;
  grep?: readonly string[];
  grepInvert?: readonly string[];
  lastFailed?: readonly string[];
  /** Files outside the catalogue whose scenarios failed last time (run by path then). */
  lastFailedFiles?: readonly string[];
}): Selection {
  const { names, files: given } = splitArguments(options.names);
  const filtering =
    (options.grep?.length ?? 0) > 0 ||
    (options.grepInvert?.length ?? 0) > 0 ||
    options.lastFailed !== undefined;
  const fromCatalogue =
    options.all || names.length > 0 || options.tags.length > 0 || (given.length === 0 && filtering);
  const files = [...new Set([...given, ...(options.lastFailedFiles ?? [])])];
  if (!fromCatalogue && files.length === 0) {
    throw new UsageError(
      'name scenarios (or files), or give --tag, --grep, --last-failed or --all (see: topup scenario list)',
    );
  }
  const catalogue = fromCatalogue
    ? loadScenarioFiles(scenarioFilesIn(options.dir))
    : { loaded: [], invalid: [] };
  const byPath = loadScenarioFiles(files);
  const chosen = selectScenarios(
    catalogue.loaded,
    names,
    options.tags,
    options.all || (filtering && names.length === 0 && options.tags.length === 0),
    catalogue.invalid.length,
  );
  let scenarios = [...chosen, ...byPath.loaded];
  const grep = (options.grep ?? []).map((g) => compileGrep(g, '--grep'));
  const invert = (options.grepInvert ?? []).map((g) => compileGrep(g, '--grep-invert'));
  const title = (s: LoadedScenario) =>
    `${s.scenario.name} ${s.scenario.description} ${s.scenario.tags.map((t) => `@${t}`).join(' ')}`;
  // A filter that leaves nothing is a mistake (a typo, a renamed scenario), never a green run of nothing.
  const quoted = (patterns: readonly string[] | undefined) =>
    (patterns ?? []).map((p) => `'${p}'`).join(', ');
  if (grep.length > 0) {
    scenarios = scenarios.filter((s) => grep.some((g) => g.test(title(s))));
    if (scenarios.length === 0)
      throw new UsageError(
        `no scenarios matched --grep ${quoted(options.grep)} (matched against name, description and @tags; see: topup scenario list)`,
      );
  }
  if (invert.length > 0) {
    const before = scenarios.length;
    scenarios = scenarios.filter((s) => !invert.some((g) => g.test(title(s))));
    if (scenarios.length === 0 && before > 0)
      throw new UsageError(
        `--grep-invert ${quoted(options.grepInvert)} left out every scenario; nothing to run`,
      );
  }
  if (options.lastFailed !== undefined) {
    if (options.lastFailed.length === 0 && (options.lastFailedFiles ?? []).length === 0)
      throw new UsageError('--last-failed: no scenario failed in the last run; nothing to run');
    const failed = new Set(options.lastFailed);
    scenarios = scenarios.filter((s) => failed.has(s.scenario.name));
    if (scenarios.length === 0)
      throw new UsageError(
        `--last-failed: none of the scenarios that failed last time (${options.lastFailed.join(', ')}) is in this selection`,
      );
  }
  return { scenarios, invalid: [...catalogue.invalid, ...byPath.invalid] };
}

function compileGrep(pattern: string, option: string): RegExp {
  try {
    return new RegExp(pattern, 'i');
  } catch (error) {
    throw new UsageError(`${option} takes a regular expression: ${(error as Error).message}`);
  }
}

/** The scenarios asked for: by name, by tag, or all; an unknown name or tag is refused with the valid ones. */
export function selectScenarios(
  all: readonly LoadedScenario[],
  names: readonly string[],
  tags: readonly string[],
  every: boolean,
  invalidFiles = 0,
): LoadedScenario[] {
  const known = new Set(all.map((s) => s.scenario.name));
  const unknown = names.filter((n) => !known.has(n));
  if (unknown.length > 0) {
    const note =
      invalidFiles > 0
        ? ` (${invalidFiles} invalid file${invalidFiles === 1 ? '' : 's'} not loaded: see topup scenario validate)`
        : '';
    // A guess for a single misspelt name leads the line; the whole list follows.
    const guess = unknown.length === 1 ? didYouMean(unknown[0] ?? '', [...known]) : '';
    throw new UsageError(
      `unknown scenario ${unknown.join(', ')}${guess}; valid scenarios: ${[...known].join(', ')}${note}`,
    );
  }
  checkTags(all, tags);
  return all.filter(
    (s) => every || names.includes(s.scenario.name) || s.scenario.tags.some((t) => tags.includes(t)),
  );
}

function checkTags(all: readonly LoadedScenario[], tags: readonly string[]): void {
  const knownTags = new Set(all.flatMap((s) => s.scenario.tags));
  const unknownTags = tags.filter((t) => !knownTags.has(t));
  if (unknownTags.length > 0) {
    throw new UsageError(
      `unknown tag ${unknownTags.join(', ')}; valid tags: ${[...knownTags].sort().join(', ')}`,
    );
  }
}

/** `--shard i/n`: the i-th of n contiguous, deterministic slices of the selection in name order (as Playwright's). */
export function shardOf<T>(items: readonly T[], shard: string): T[] {
  const match = /^(\d+)\/(\d+)$/.exec(shard);
  const index = Number(match?.[1]);
  const total = Number(match?.[2]);
  if (match === null || total < 1 || index < 1 || index > total) {
    throw new UsageError(`--shard takes i/n with 1 ≤ i ≤ n, such as 2/4, not ${shard}`);
  }
  const base = Math.floor(items.length / total);
  const extra = items.length % total;
  const start = (index - 1) * base + Math.min(index - 1, extra);
  return items.slice(start, start + base + (index <= extra ? 1 : 0));
}

export function listScenarios(dir: string, tags: readonly string[], io: Io): number {
  const { loaded: all, invalid } = loadScenarioFiles(scenarioFilesIn(dir));
  checkTags(all, tags);
  const shown = tags.length === 0 ? all : all.filter((s) => s.scenario.tags.some((t) => tags.includes(t)));
  const width = Math.max(...shown.map((s) => s.scenario.name.length), 4) + 2;
  for (const { scenario } of shown) {
    const tagText = scenario.tags.length > 0 ? `  [${scenario.tags.join(', ')}]` : '';
    io.out(maskSecrets(`${scenario.name.padEnd(width)}${scenario.description}${tagText}\n`));
  }
  io.out(`\n${count(shown.length, 'scenario')} in ${dir}\n`);
  for (const e of invalid)
    io.err(
      `invalid scenario file ${e.file}: ${count(e.reasons.length, 'problem')} (topup scenario validate ${e.file})\n`,
    );
  return invalid.length > 0 ? ExitCode.usage : ExitCode.ok;
}

/** `1 problem`, `2 problems`. */
const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** `scenario validate [paths…]`: every problem of every file, each with its file and JSON path. */
export function validateScenarios(dir: string, paths: readonly string[], io: Io): number {
  const files =
    paths.length === 0
      ? scenarioFilesIn(dir)
      : splitArguments(paths.map((p) => (looksLikePath(p) || existsSync(p) ? p : join(dir, `${p}.yaml`))))
          .files;
  const { loaded, invalid } = loadScenarioFiles(files);
  for (const e of invalid) io.err(`${maskSecrets(e.message)}\n`);
  const problems = invalid.reduce((n, e) => n + e.reasons.length, 0);
  io.out(
    invalid.length === 0
      ? `${loaded.length === 1 ? '1 scenario file is' : `${loaded.length} scenario files are`} valid\n`
      : `${invalid.length} of ${count(loaded.length + invalid.length, 'scenario file')} ${invalid.length === 1 ? 'is' : 'are'} invalid (${count(problems, 'problem')})\n`,
  );
  return invalid.length === 0 ? ExitCode.ok : ExitCode.usage;
}

export function printSchema(dir: string, write: boolean, io: Io): number {
  const text = `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`;
  if (write) {
    const file = join(dir, SCHEMA_FILE);
    writeFileSync(file, text);
    io.err(`wrote ${file}\n`);
  } else io.out(text);
  return ExitCode.ok;
}

interface Targets {
  readonly targets: Target[];
  readonly fixtures: FixtureSource;
  close(): Promise<void>;
}

/** A target that does not answer at all: one clear line, exit code 1 (not a "fixtures missing" report). */
export class UnreachableTarget extends Error {}

/** `mock` starts one mock per concurrent worker, so that each scenario gets a fresh world of its own. */
async function openTargets(spec: string, options: RunCommandOptions, io: Io): Promise<Targets> {
  const fileSource = (): FixtureSource | undefined => {
    if (options.fixtures === undefined) return undefined;
    return { kind: 'file', file: options.fixtures, values: loadFixturesFile(options.fixtures).fixtures };
  };
  if (spec === 'mock') {
    const fixtures = fileSource() ?? { kind: 'catalogue' };
    const mocks: StartedMock[] = [];
    for (let i = 0; i < options.concurrency; i += 1) mocks.push(await startMock());
    return {
      targets: mocks.map((m) => m.target),
      fixtures,
      close: async () => {
        await Promise.all(mocks.map((m) => m.close()));
      },
    };
  }
  let url: URL;
  try {
    url = new URL(spec);
  } catch {
    throw new UsageError(`--target takes mock or a base URL such as https://api.example.com, not ${spec}`);
  }
  const fromFile = fileSource();
  const target = await probeTarget(url.toString(), options.roomUrl);
  if (target.unreachable !== undefined) {
    throw new UnreachableTarget(`no answer from ${url}: ${target.unreachable}`);
  }
  const fixtures = fromFile ?? (target.mock ? { kind: 'catalogue' as const } : { kind: 'none' as const });
  if (target.mock && options.concurrency > 1) {
    io.err(
      'note: the target is a mock with its control API; each scenario resets it, so they run one at a time\n',
    );
    return { targets: [target], fixtures, close: async () => {} };
  }
  return {
    targets: Array.from({ length: options.concurrency }, () => target),
    fixtures,
    close: async () => {},
  };
}

async function runAgainst(
  spec: string,
  scenarios: LoadedScenario[],
  options: RunCommandOptions,
  io: Io,
  progress?: PrettyProgress,
): Promise<RunReport> {
  const opened = await openTargets(spec, options, io);
  const source = opened.fixtures;
  registerFixtureSecrets(
    source.kind === 'catalogue' ? CATALOGUE_FIXTURES : source.kind === 'file' ? source.values : {},
  );
  try {
    const report = await runScenarios(scenarios, opened.targets, {
      fixtures: opened.fixtures,
      timeoutMs: options.timeoutMs,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      ...(options.retries === undefined ? {} : { retries: options.retries }),
      ...(options.repeatEach === undefined ? {} : { repeatEach: options.repeatEach }),
      ...(progress === undefined
        ? {}
        : { onStep: (s, step) => progress.step(s, step), onScenario: (r) => progress.scenario(r) }),
    });
    return { ...report, target: spec === 'mock' ? `mock (${report.target})` : spec };
  } finally {
    await opened.close();
  }
}

export function render(report: RunReport, reporter: Reporter, colour: boolean, verbose = false): string {
  if (reporter === 'json') return `${JSON.stringify(maskDeep(report), null, 2)}\n`;
  if (reporter === 'junit') return scenariosToJUnit(report);
  if (reporter === 'html') return scenarioToHtml(report);
  return formatPretty(report, { colour, verbose });
}

/** Secrets written literally in scenario files (a card number typed into a tokenizeCard step). */
function registerScenarioSecrets(scenarios: readonly LoadedScenario[]): void {
  for (const { scenario } of scenarios) {
    for (const step of scenario.steps) {
      if ('tokenizeCard' in step) {
        registerSecret(step.tokenizeCard.number);
        registerSecret(step.tokenizeCard.cvv);
      }
    }
  }
}

function readLastFailed(file: string): { lastFailed: string[]; lastFailedFiles: string[] } {
  if (!existsSync(file))
    throw new UsageError(`--last-failed: no last run recorded at ${file}; run scenarios first`);
  const strings = (value: unknown): value is string[] =>
    Array.isArray(value) && value.every((n) => typeof n === 'string');
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { failed?: unknown; failedFiles?: unknown };
    const files = parsed.failedFiles ?? [];
    if (strings(parsed.failed) && strings(files))
      return { lastFailed: parsed.failed, lastFailedFiles: files };
  } catch {
    // fall through to the usage error
  }
  throw new UsageError(`--last-failed: ${file} is not a last-run record; delete it and run again`);
}

/** Exit code of a finished run: 130 interrupted, 2 an invalid file, 1 a failure, 0 all passed. */
export function exitCodeOf(report: RunReport): number {
  if (report.interrupted === true) return INTERRUPTED_EXIT;
  if ((report.invalidFiles?.length ?? 0) > 0) return ExitCode.usage;
  return report.passed ? ExitCode.ok : ExitCode.failed;
}

export async function runScenarioCommand(options: RunCommandOptions, io: Io): Promise<number> {
  if (!Number.isInteger(options.concurrency) || options.concurrency < 1 || options.concurrency > 32) {
    throw new UsageError('--concurrency takes 1 to 32');
  }
  const lastRunFile = options.lastRunFile ?? LAST_RUN_FILE;
  const selection = loadSelection({
    dir: options.dir,
    names: options.names,
    tags: options.tags,
    all: options.all,
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
  let first: RunReport;
  try {
    first = await runAgainst(options.target, scenarios, options, io, progress);
  } catch (error) {
    if (error instanceof UnreachableTarget) {
      io.err(`topup: ${error.message}\n`);
      return ExitCode.failed;
    }
    throw error;
  }
  let comparison: Comparison | undefined;
  if (options.compare !== undefined && options.signal?.aborted !== true) {
    const second = await runAgainst(options.compare, scenarios, options, io);
    comparison = {
      against: second.target,
      differences: compareRuns(first, second),
      totals: second.totals.scenarios,
      failed: second.scenarios.filter((s) => s.status === 'failed').map((s) => s.name),
    };
  }
  const base = withInvalidFiles(
    { ...first, ...(comparison === undefined ? {} : { comparison }) },
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
    mkdirSync(dirname(options.out), { recursive: true });
    writeFileSync(options.out, options.reporter === 'pretty' ? render(report, 'pretty', false, true) : text);
    io.err(`wrote ${options.out}\n`);
  }
  if (progress !== undefined) progress.finish(report);
  else if (options.out === undefined) io.out(text);
  if (report.interrupted === true) io.err('topup: interrupted; the report holds what finished\n');
  return exitCodeOf(report);
}

/** Keeps the names of the failed scenarios for `--last-failed` (a run that could not write it still counts). */
function recordLastRun(
  file: string,
  report: RunReport,
  scenarios: readonly LoadedScenario[],
  catalogueDir: string,
): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
    const failed = [...new Set(report.scenarios.filter((s) => s.status === 'failed').map((s) => s.name))];
    // A failed scenario run by path is found again by its path (the catalogue's by name).
    const inCatalogue = `${resolve(catalogueDir)}${sep}`;
    const failedFiles = [
      ...new Set(
        scenarios
          .filter((s) => failed.includes(s.scenario.name) && !resolve(s.file).startsWith(inCatalogue))
          .map((s) => resolve(s.file)),
      ),
    ];
    writeFileSync(
      file,
      `${JSON.stringify({ at: report.startedAt, target: report.target, failed, failedFiles }, null, 2)}\n`,
    );
  } catch {
    // A read-only checkout: --last-failed will say there is no record.
  }
}

/** Where two runs of the same scenarios differ: status, result codes, data shapes, room frames. */
export function compareRuns(a: RunReport, b: RunReport): string[] {
  const out: string[] = [];
  for (const [i, sa] of a.scenarios.entries()) {
    const sb = b.scenarios[i];
    if (sb === undefined) continue;
    if (sa.status !== sb.status) out.push(`${sa.name}: ${sa.status} vs ${sb.status}`);
    for (const [j, stepA] of sa.steps.entries()) {
      const stepB = sb.steps[j];
      if (stepB === undefined || stepA.status === 'skipped' || stepB.status === 'skipped') continue;
      const at = `${sa.name} step ${stepA.index} (${stepA.label})`;
      if (stepA.result !== stepB.result) out.push(`${at}: result ${stepA.result} vs ${stepB.result}`);
      const oa = stepA.observed as
        | { shape?: unknown; sn?: number; refreshes?: number; keys?: string[] }
        | undefined;
      const ob = stepB.observed as typeof oa;
      if (oa?.shape !== undefined && ob?.shape !== undefined) {
        for (const d of diffShapes(oa.shape, ob.shape)) out.push(`${at}: ${d}`);
      }
      if (oa?.keys !== undefined && ob?.keys !== undefined && oa.keys.join() !== ob.keys.join()) {
        out.push(`${at}: room table keys [${oa.keys.join(', ')}] vs [${ob.keys.join(', ')}]`);
      }
      if (oa?.refreshes !== undefined && oa.refreshes !== ob?.refreshes) {
        out.push(`${at}: full refreshes ${oa.refreshes} vs ${ob?.refreshes}`);
      }
    }
  }
  return out;
}

/** `scenario merge`: JSON reports of shards (or repeated runs) as one report. */
export function mergeReports(reports: readonly RunReport[]): RunReport {
  const scenarios = reports.flatMap((r) => r.scenarios);
  const invalid = new Map<string, InvalidFile>();
  for (const r of reports) for (const f of r.invalidFiles ?? []) invalid.set(f.file, f);
  const targets = [...new Set(reports.map((r) => r.target))];
  const base = withInvalidFiles(
    {
      kind: 'scenarios' as const,
      target: targets.join(', '),
      startedAt: reports.map((r) => r.startedAt).sort()[0] ?? new Date().toISOString(),
      ms: Math.max(0, ...reports.map((r) => r.ms)),
      scenarios,
      totals: { scenarios: totalsOf(scenarios), steps: totalsOf(scenarios.flatMap((s) => s.steps)) },
      ...(reports.some((r) => r.interrupted === true) ? { interrupted: true } : {}),
    },
    [...invalid.values()],
  );
  const comparisons = reports.map((r) => r.comparison).filter((c): c is Comparison => c !== undefined);
  const merged =
    comparisons.length === 0
      ? base
      : {
          ...base,
          comparison: {
            against: [...new Set(comparisons.map((c) => c.against))].join(', '),
            differences: comparisons.flatMap((c) => c.differences),
            failed: comparisons.flatMap((c) => c.failed),
            totals: {
              passed: comparisons.reduce((n, c) => n + c.totals.passed, 0),
              failed: comparisons.reduce((n, c) => n + c.totals.failed, 0),
              skipped: comparisons.reduce((n, c) => n + c.totals.skipped, 0),
            },
          },
        };
  return { ...merged, passed: verdictOf(merged) };
}
