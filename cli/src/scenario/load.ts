import { readdirSync, readFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import type { CallName } from '@topup/contracts';
import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';
import { CATALOGUE_FIXTURES } from './fixtures';
import { OPERATORS } from './matchers';
import { referencedSteps } from './references';
import {
  CONTROL_ACTIONS,
  type InnerStep,
  requiredParams,
  SCENARIO_VERSIONS,
  type Scenario,
  ScenarioSchema,
  STEP_KINDS,
  type Step,
} from './schema';

/** A scenario file that cannot run, with every reason found. */
export class ScenarioFileError extends Error {
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

/** Parses and validates one scenario document; `file` names it in messages. */
export function parseScenario(text: string, file: string): Scenario {
  let document: unknown;
  try {
    document = parseYaml(text, { prettyErrors: true });
  } catch (error) {
    throw new ScenarioFileError(file, [`not valid YAML or JSON: ${(error as Error).message}`]);
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
  if (isRecord(document) && Array.isArray(document.steps)) {
    reasons.push(...checkReferences(document as unknown as Scenario), ...checkOperators(document.steps));
    if (parsed.success) reasons.push(...checkParams(parsed.data));
  }
  if (reasons.length > 0) throw new ScenarioFileError(file, [...new Set(reasons)]);
  if (!parsed.success) throw new ScenarioFileError(file, ['invalid scenario']);
  return parsed.data;
}

/** Every `$operator` in expectations and conditions must be one the matchers know. */
function checkOperators(steps: readonly unknown[]): string[] {
  const reasons: string[] = [];
  const visit = (value: unknown, at: string, inMatcher: boolean): void => {
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) visit(item, `${at}[${i}]`, inMatcher);
      return;
    }
    if (!isRecord(value)) return;
    for (const [key, inner] of Object.entries(value)) {
      const path = at === '' ? key : `${at}.${key}`;
      const matcher = inMatcher || key === 'expect' || key === 'until';
      if (matcher && key.startsWith('$') && !(OPERATORS as readonly string[]).includes(key)) {
        reasons.push(`${path}: unknown operator ${key}; expected one of ${OPERATORS.join(' ')}`);
      }
      visit(inner, path, matcher);
    }
  };
  for (const [i, step] of steps.entries()) visit(step, `steps[${i}]`, false);
  return reasons;
}

/**
 * A call's required parameters must be given (as values or references): the contract's request schema says
 * which, so a missing one is found before anything runs.
 */
function checkParams(scenario: Scenario): string[] {
  const reasons: string[] = [];
  const check = (call: CallName, params: Record<string, unknown> | undefined, wire: unknown, at: string) => {
    if (wire !== undefined) return;
    const missing = requiredParams(call).filter((name) => params === undefined || !(name in params));
    if (missing.length > 0) {
      reasons.push(
        `${at}.params: ${call} needs ${missing.join(', ')}; expected params with ${missing.map((m) => `${m}: …`).join(', ')}`,
      );
    }
  };
  const visitStep = (step: Step | InnerStep, at: string) => {
    if ('call' in step) check(step.call, step.params, step.wire, at);
    else if ('poll' in step) check(step.poll.call, step.poll.params, step.poll.wire, `${at}.poll`);
    else if ('room' in step)
      for (const [j, inner] of (step.room.during ?? []).entries())
        visitStep(inner, `${at}.room.during[${j}]`);
  };
  for (const [i, step] of scenario.steps.entries()) visitStep(step, `steps[${i}]`);
  return reasons;
}

export function loadScenarioFile(file: string): LoadedScenario {
  return { file, scenario: parseScenario(readFileSync(file, 'utf8'), file) };
}

/** Every scenario file of a folder, sorted by name; all files are checked before any error is thrown. */
export function loadScenarioDir(dir: string): LoadedScenario[] {
  const { loaded, invalid } = loadScenarioFiles(scenarioFilesIn(dir));
  if (invalid.length > 0) throw new ScenarioLoadErrors(invalid);
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

export class ScenarioLoadErrors extends Error {
  constructor(readonly errors: readonly ScenarioFileError[]) {
    super(errors.map((e) => e.message).join('\n'));
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Checks made before the schema, so that an unknown version, step kind or control action is refused with a
 * message listing the valid ones rather than a union's noise.
 */
function precheck(document: unknown): string[] {
  if (!isRecord(document)) return ['a scenario is a mapping with version, name, description and steps'];
  const reasons: string[] = [];
  if (!(SCENARIO_VERSIONS as readonly unknown[]).includes(document.version)) {
    reasons.push(
      `version: unsupported version ${JSON.stringify(document.version ?? null)}; valid versions: ${SCENARIO_VERSIONS.join(', ')}`,
    );
  }
  if (!Array.isArray(document.steps)) {
    reasons.push('steps: a list of steps is required');
    return reasons;
  }
  for (const [i, step] of (document.steps as unknown[]).entries()) {
    reasons.push(...precheckStep(step, `steps[${i}]`, STEP_KINDS));
    if (isRecord(step) && isRecord(step.room) && Array.isArray(step.room.during)) {
      for (const [j, inner] of (step.room.during as unknown[]).entries()) {
        reasons.push(...precheckStep(inner, `steps[${i}].room.during[${j}]`, ['call', 'poll', 'control']));
      }
    }
  }
  return reasons;
}

const COMMON_STEP_KEYS = ['id', 'name', 'params', 'wire', 'headers', 'expect'];

function precheckStep(step: unknown, at: string, kinds: readonly string[]): string[] {
  if (!isRecord(step)) return [`${at}: a step is a mapping such as { call: checkDisplayId, params: {...} }`];
  const keys = Object.keys(step);
  const present = keys.filter((k) => (STEP_KINDS as readonly string[]).includes(k));
  const label = typeof step.id === 'string' ? `${at} (${step.id})` : at;
  if (present.length === 0) {
    const unknown = keys.filter((k) => !COMMON_STEP_KEYS.includes(k));
    const what = unknown.length > 0 ? `unknown step kind '${unknown.join("', '")}'` : 'no step kind';
    return [`${label}: ${what}; valid step kinds: ${kinds.join(', ')}`];
  }
  if (present.length > 1) return [`${label}: a step has one kind, found ${present.join(' and ')}`];
  const kind = present[0] ?? '';
  if (!kinds.includes(kind))
    return [`${label}: step kind '${kind}' is not allowed here; valid: ${kinds.join(', ')}`];
  if (kind === 'control') {
    const action = step.control;
    const names = isRecord(action) ? Object.keys(action) : [];
    if (names.length !== 1 || !(CONTROL_ACTIONS as readonly string[]).includes(names[0] ?? '')) {
      const got = names.length === 0 ? 'nothing' : `'${names.join("', '")}'`;
      return [`${label}: unknown control action ${got}; valid actions: ${CONTROL_ACTIONS.join(', ')}`];
    }
  }
  return [];
}

function formatIssues(error: z.ZodError, document: unknown): string[] {
  const out = new Set<string>();
  const visit = (issues: readonly z.core.$ZodIssue[], prefix: PropertyKey[]): void => {
    for (const issue of issues) {
      const path = [...prefix, ...issue.path];
      // A union reports every branch; the branch matching the step's kind is the one that explains it.
      if (issue.code === 'invalid_union' && issue.errors.length > 0) {
        const best = issue.errors.reduce((a, b) => (score(a) <= score(b) ? a : b));
        visit(best, path);
        continue;
      }
      out.add(`${formatPath(path)}: ${readable(issue, valueAt(document, path))}`);
    }
  };
  visit(error.issues, []);
  return [...out];
}

const ARTICLE: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'a mapping',
  array: 'a list',
  undefined: 'nothing',
};

/** One expected form per problem: `expected a string, got 737`, not zod's wording. */
function valueAt(document: unknown, path: readonly PropertyKey[]): { found: boolean; value: unknown } {
  let node = document;
  for (const part of path) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, part as string)) {
      return { found: false, value: undefined };
    }
    node = (node as Record<PropertyKey, unknown>)[part];
  }
  return { found: true, value: node };
}

function readable(issue: z.core.$ZodIssue, at: { found: boolean; value: unknown }): string {
  if (issue.code === 'invalid_type') {
    const input = at.value;
    if (!at.found || input === undefined)
      return `required: expected ${ARTICLE[issue.expected] ?? issue.expected}`;
    return `expected ${ARTICLE[issue.expected] ?? issue.expected}, got ${JSON.stringify(input)}`;
  }
  if (issue.code === 'unrecognized_keys') {
    return `unknown key${issue.keys.length === 1 ? '' : 's'} ${issue.keys.map((k) => `'${k}'`).join(', ')}`;
  }
  return issue.message;
}

/** Fewer issues, and no "unrecognized key" of a kind key, means the branch that was meant. */
function score(issues: readonly z.core.$ZodIssue[]): number {
  const wrongKind = issues.some(
    (i) =>
      (i.code === 'unrecognized_keys' && i.keys.some((k) => (STEP_KINDS as readonly string[]).includes(k))) ||
      (i.code === 'invalid_type' && i.input === undefined && STEP_KINDS.includes(String(i.path[0]) as never)),
  );
  return (wrongKind ? 1000 : 0) + issues.length;
}

function formatPath(path: readonly PropertyKey[]): string {
  return (
    path.reduce<string>((acc, part) => {
      if (typeof part === 'number') return `${acc}[${part}]`;
      return acc === '' ? String(part) : `${acc}.${String(part)}`;
    }, '') || '(scenario)'
  );
}

/** Each reference to a step must name an earlier step; each fixture reference a declared alias. */
function checkReferences(scenario: Scenario): string[] {
  const reasons: string[] = [];
  const seen = new Set<string>();
  const aliases = new Set(Object.keys(isRecord(scenario.fixtures) ? scenario.fixtures : {}));
  const checkValue = (value: unknown, at: string): void => {
    for (const ref of referencedSteps(value)) {
      if (!seen.has(ref)) reasons.push(`${at}: refers to step '${ref}', which is not an earlier step`);
    }
    for (const { alias, field } of referencedFixtures(value)) {
      if (!aliases.has(alias)) {
        reasons.push(
          `${at}: refers to fixture '${alias}', not declared under fixtures (${[...aliases].join(', ') || 'none'})`,
        );
        continue;
      }
      // The field must be one the fixture has (the catalogue's fields are the names every backend gives).
      const name = (scenario.fixtures as Record<string, unknown>)[alias];
      const known = typeof name === 'string' ? CATALOGUE_FIXTURES[name] : undefined;
      if (field !== undefined && known !== undefined && !Object.hasOwn(known, field)) {
        reasons.push(
          `${at}: fixture '${alias}' (${String(name)}) has no field '${field}'; expected one of ${Object.keys(known).join(', ')}`,
        );
      }
    }
  };
  const visitStep = (step: Step | InnerStep, at: string): void => {
    if (!isRecord(step)) return;
    const { id, ...body } = step;
    if ('room' in step && isRecord(step.room)) {
      // The room's rid is resolved first; its condition and expectations after its inner steps ran.
      const { during: rawDuring, until, ...room } = step.room;
      const during = Array.isArray(rawDuring) ? rawDuring : [];
      checkValue({ ...body, room, expect: undefined }, at);
      for (const [j, s] of during.entries()) visitStep(s, `${at}.room.during[${j}]`);
      checkValue({ until, expect: step.expect }, at);
    } else checkValue(body, at);
    if (typeof id === 'string') {
      if (seen.has(id)) reasons.push(`${at}: step id '${id}' is used twice`);
      seen.add(id);
    }
  };
  for (const [i, step] of scenario.steps.entries()) visitStep(step, `steps[${i}]`);
  return reasons;
}

function referencedFixtures(value: unknown): { alias: string; field?: string }[] {
  const text = JSON.stringify(value);
  return [...text.matchAll(/(?<!\$)\$\{fixtures\.([A-Za-z0-9_]+)(?:\.([A-Za-z0-9_]+))?/g)].map((m) =>
    m[2] === undefined ? { alias: m[1] ?? '' } : { alias: m[1] ?? '', field: m[2] },
  );
}
