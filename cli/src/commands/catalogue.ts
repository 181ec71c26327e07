import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { ExitCode, type Io, UsageError } from '../io';
import { SCHEMA_FILE } from '../paths';
import { mask } from '../report/mask';
import type { ShardInfo } from '../report/types';
import { didYouMean } from '../scenario/didYouMean';
import { scenarioJsonSchema } from '../scenario/jsonSchema';
import { formatJson } from '../scenario/jsonText';
import {
  type LoadedScenario,
  loadScenarioFiles,
  SCENARIO_EXTENSIONS,
  type ScenarioFileError,
  scenarioFilesIn,
} from '../scenario/load';
import { writeOutputFile } from '../writeText';

/** The scenario catalogue: selecting (names, tags, grep, last failed), sharding, listing, validating. */

/** `1 problem`, `2 problems`. */
export const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

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
  const catalogue = fromCatalogue ? loadCatalogue(options.dir) : { loaded: [], invalid: [] };
  // An empty folder (a wrong --dir, a sparse checkout, moved scenarios) is a mistake, never a green run of nothing.
  if (options.all && catalogue.loaded.length === 0 && catalogue.invalid.length === 0)
    throw new UsageError(`no scenarios in ${options.dir}`);
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

/** The catalogue folder's scenarios; a folder that is not there is refused as a usage error. */
function loadCatalogue(dir: string): ReturnType<typeof loadScenarioFiles> {
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    throw new UsageError(`no scenarios in ${dir}: not a folder (give --dir <folder of scenarios>)`);
  return loadScenarioFiles(scenarioFilesIn(dir));
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

/** `--shard i/n` read: 1 ≤ i ≤ n. */
export function parseShard(shard: string): { index: number; total: number } {
  const match = /^(\d+)\/(\d+)$/.exec(shard);
  const index = Number(match?.[1]);
  const total = Number(match?.[2]);
  if (match === null || total < 1 || index < 1 || index > total) {
    throw new UsageError(`--shard takes i/n with 1 ≤ i ≤ n, such as 2/4, not ${shard}`);
  }
  return { index, total };
}

/** `--shard i/n`: the i-th of n contiguous, deterministic slices of the selection in name order (as Playwright's). */
export function shardOf<T>(items: readonly T[], shard: string): T[] {
  const { index, total } = parseShard(shard);
  const base = Math.floor(items.length / total);
  const extra = items.length % total;
  const start = (index - 1) * base + Math.min(index - 1, extra);
  return items.slice(start, start + base + (index <= extra ? 1 : 0));
}

/**
 * The shard a run is, with the fingerprint of the whole selection (each scenario's name and file text, in
 * order): shards of one selection of one checkout agree on it, so `scenario merge` can tell a shard of
 * another run, another selection or edited files.
 */
export function shardInfo(
  selection: readonly LoadedScenario[],
  shard: string | undefined,
  slice: readonly LoadedScenario[] = selection,
): ShardInfo {
  const hash = createHash('sha256');
  for (const { scenario, file } of selection) {
    hash.update(`${scenario.name}\0`);
    hash.update(existsSync(file) ? readFileSync(file) : '');
    hash.update('\0');
  }
  return {
    ...(shard === undefined ? { index: 1, total: 1 } : parseShard(shard)),
    fingerprint: hash.digest('hex').slice(0, 16),
    scenarios: selection.length,
    names: slice.map((s) => s.scenario.name),
  };
}

export function listScenarios(dir: string, tags: readonly string[], io: Io): number {
  const { loaded: all, invalid } = loadScenarioFiles(scenarioFilesIn(dir));
  checkTags(all, tags);
  const shown = tags.length === 0 ? all : all.filter((s) => s.scenario.tags.some((t) => tags.includes(t)));
  const width = Math.max(...shown.map((s) => s.scenario.name.length), 4) + 2;
  for (const { scenario } of shown) {
    const tagText = scenario.tags.length > 0 ? `  [${scenario.tags.join(', ')}]` : '';
    io.out(mask(`${scenario.name.padEnd(width)}${scenario.description}${tagText}\n`));
  }
  io.out(`\n${count(shown.length, 'scenario')} in ${dir}\n`);
  for (const e of invalid)
    io.err(
      `invalid scenario file ${e.file}: ${count(e.reasons.length, 'problem')} (topup scenario validate ${e.file})\n`,
    );
  return invalid.length > 0 ? ExitCode.usage : ExitCode.ok;
}

/** `scenario validate [paths…]`: every problem of every file, each with its file and JSON path. */
export function validateScenarios(dir: string, paths: readonly string[], io: Io): number {
  if (paths.length === 0 && (!existsSync(dir) || !statSync(dir).isDirectory()))
    throw new UsageError(`no scenarios in ${dir}: not a folder (give --dir <folder of scenarios>)`);
  const files =
    paths.length === 0
      ? scenarioFilesIn(dir)
      : splitArguments(paths.map((p) => (looksLikePath(p) || existsSync(p) ? p : join(dir, `${p}.yaml`))))
          .files;
  const { loaded, invalid } = loadScenarioFiles(files);
  // A folder with no scenario file validates nothing: a mistake (as `scenario run --all` on it), never a pass.
  if (loaded.length + invalid.length === 0)
    throw new UsageError(`no scenarios in ${paths.length === 0 ? dir : paths.join(', ')}`);
  for (const e of invalid) io.err(`${mask(e.message)}\n`);
  const problems = invalid.reduce((n, e) => n + e.reasons.length, 0);
  io.out(
    invalid.length === 0
      ? `${loaded.length === 1 ? '1 scenario file is' : `${loaded.length} scenario files are`} valid\n`
      : `${invalid.length} of ${count(loaded.length + invalid.length, 'scenario file')} ${invalid.length === 1 ? 'is' : 'are'} invalid (${count(problems, 'problem')})\n`,
  );
  return invalid.length === 0 ? ExitCode.ok : ExitCode.usage;
}

export function printSchema(dir: string, write: boolean, io: Io): number {
  const text = formatJson(scenarioJsonSchema());
  if (write) {
    const file = join(dir, SCHEMA_FILE);
    writeOutputFile('--write', file, text);
    io.err(`wrote ${file}\n`);
  } else io.out(text);
  return ExitCode.ok;
}
