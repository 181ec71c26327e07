import { readdirSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { InvalidScenarioError } from '../io';
import { readTextFile, UnreadableFileError } from '../readText';
import { checkExpectations } from './checkExpect';
import { checkParams } from './checkParams';
import { checkOperators, checkReferences, checkVars } from './checkReferences';
import { DocumentError, prototypeKeys, readDocument } from './document';
import { formatIssues, isRecord } from './issues';
import { precheck } from './precheck';
import { type Scenario, ScenarioSchema, type Step, StepSchema } from './schema';

/** A scenario file that cannot run, with every reason found. */
export class ScenarioFileError extends InvalidScenarioError {
  constructor(
    readonly file: string,
    readonly reasons: readonly string[],
  ) {
    super(`${file}:\n${reasons.map((r) => `  - ${r}`).join('\n')}`);
  }
}

export interface LoadedScenario {
  readonly file: string;
  readonly scenario: Scenario;
}

export const SCENARIO_EXTENSIONS = ['.yaml', '.yml', '.json'];
/** A scenario file's largest size: the catalogue's largest is a few KB; a bigger file is no scenario. */
export const MAX_SCENARIO_BYTES = 1024 * 1024;

/** Parses and validates one scenario document; `file` names it in messages. */
export function parseScenario(text: string, file: string): Scenario {
  let document: unknown;
  try {
    document = readDocument(text);
  } catch (error) {
    if (error instanceof DocumentError) throw new ScenarioFileError(file, [error.message]);
    throw error;
  }
  // Every problem at once: the pre-checks (kinds, actions, version), the schema's issues at the paths the
  // pre-checks left alone, then references, operators and parameters on whatever can be read.
  const reasons = precheck(document);
  const reported = reasons.map((r) => r.split(/[: ]/)[0] ?? '');
  const parsed = ScenarioSchema.safeParse(document);
  if (!parsed.success) {
    for (const issue of formatIssues(parsed.error, document)) {
      const at = issue.split(': ')[0] ?? '';
      if (!reported.some((p) => p !== '' && (at === p || at.startsWith(`${p}.`) || at.startsWith(`${p}[`)))) {
        reasons.push(issue);
      }
    }
  }
  if (isRecord(document)) reasons.push(...checkVars(document.vars), ...prototypeKeys(document));
  if (isRecord(document) && Array.isArray(document.steps)) {
    reasons.push(...checkReferences(document as unknown as Scenario), ...checkOperators(document.steps));
    // Params and forced codes are checked on every step that reads as a step, even when other parts of the
    // file are wrong, so that every problem of the file is listed in one run.
    const readable = parsed.success ? parsed.data : partialScenario(document);
    reasons.push(...checkParams(readable), ...checkExpectations(readable.steps));
  }
  if (reasons.length > 0) throw new ScenarioFileError(file, [...new Set(reasons)]);
  if (!parsed.success) throw new ScenarioFileError(file, ['invalid scenario']);
  return parsed.data;
}

/**
 * What can be read of a file with schema errors: the steps that are valid steps on their own (the others are
 * left out, keeping each step's index), the fixtures and vars when they are valid.
 */
/** The keys a call or poll step may hold besides expect and name (the rest is reported by the schema). */
const STEP_KEYS = new Set(['id', 'call', 'params', 'poll', 'control', 'room', 'tokenizeCard', 'simulator']);

function partialScenario(document: Record<string, unknown>): Pick<Scenario, 'fixtures' | 'vars'> & {
  steps: (Step | undefined)[];
} {
  const fixtures = ScenarioSchema.shape.fixtures.safeParse(document.fixtures);
  const vars = ScenarioSchema.shape.vars.safeParse(document.vars);
  const steps = Array.isArray(document.steps) ? document.steps : [];
  return {
    fixtures: fixtures.success ? fixtures.data : {},
    vars: vars.success ? vars.data : {},
    steps: steps.map((step) => {
      const one = StepSchema.safeParse(step);
      if (one.success) return one.data;
      // A wrong `expect` (or name, or an unknown key) must not hide the step's params problems: the step is
      // read again without them, so its params are still checked.
      if (!isRecord(step)) return undefined;
      const { expect: _expect, name: _name, ...rest } = step;
      const known = Object.fromEntries(Object.entries(rest).filter(([key]) => STEP_KEYS.has(key)));
      const again = StepSchema.safeParse(known);
      return again.success ? again.data : undefined;
    }),
  };
}

export function loadScenarioFile(file: string): LoadedScenario {
  let text: string;
  try {
    text = readTextFile(file, MAX_SCENARIO_BYTES);
  } catch (error) {
    if (!(error instanceof UnreadableFileError)) throw error;
    // A scenario file is at most 1 MiB: the catalogue's largest is a few KB.
    throw new ScenarioFileError(file, [`${error.message} (is it a scenario?)`]);
  }
  return { file, scenario: parseScenario(text, file) };
}

/** Every scenario file of a folder, sorted by name; all files are checked before any error is thrown. */
export function loadScenarioDir(dir: string): LoadedScenario[] {
  const { loaded, invalid } = loadScenarioFiles(scenarioFilesIn(dir));
  if (invalid.length > 0) throw new InvalidScenarioError(invalid.map((e) => e.message).join('\n'));
  return loaded;
}

/**
 * The scenario files a command names: catalogue names (from `dir`), file paths, or folders of files. Files
 * that do not load are answered apart with every reason, so the others can still run.
 */
export function loadScenarioFiles(files: readonly string[]): {
  loaded: LoadedScenario[];
  invalid: ScenarioFileError[];
} {
  const loaded: LoadedScenario[] = [];
  const invalid: ScenarioFileError[] = [];
  for (const file of files) {
    try {
      loaded.push(loadScenarioFile(file));
    } catch (error) {
      if (error instanceof ScenarioFileError) invalid.push(error);
      else if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        invalid.push(new ScenarioFileError(file, ['no such file']));
      else throw error;
    }
  }
  const seen = new Map<string, string>();
  for (const { file, scenario } of loaded) {
    const other = seen.get(scenario.name);
    if (other !== undefined && other !== file) {
      invalid.push(
        new ScenarioFileError(file, [`name '${scenario.name}' is also used by ${basename(other)}`]),
      );
    }
    seen.set(scenario.name, file);
  }
  const bad = new Set(invalid.map((e) => e.file));
  return { loaded: loaded.filter((l) => !bad.has(l.file)), invalid };
}

/** The scenario files of a folder, sorted by name. */
export function scenarioFilesIn(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => SCENARIO_EXTENSIONS.includes(extname(f)) && !f.endsWith('.schema.json'))
    .sort()
    .map((f) => join(dir, f));
}
