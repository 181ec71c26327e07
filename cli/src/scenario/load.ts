import { readdirSync, readFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { type CallName, registry } from '@topup/contracts';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { paramIssues, unknownParamKeys } from '../http/encode';
import { InvalidScenarioError } from '../io';
import { CATALOGUE_FIXTURES } from './fixtures';
import { didYouMean } from './fixturesFile';
import { forcedResultProblem } from './forced';
import { OPERATORS } from './matchers';
import { parsePath, referencedSteps } from './references';
import {
  CONTROL_ACTIONS,
  type InnerStep,
  requiredParams,
  SCENARIO_VERSIONS,
  type Scenario,
  ScenarioSchema,
  STEP_KINDS,
  type Step,
  StepSchema,
} from './schema';

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
    // Params and forced codes are checked on every step that reads as a step, even when other parts of the
    // file are wrong, so that every problem of the file is listed in one run.
    reasons.push(...checkParams(parsed.success ? parsed.data : partialScenario(document)));
  }
  if (reasons.length > 0) throw new ScenarioFileError(file, [...new Set(reasons)]);
  if (!parsed.success) throw new ScenarioFileError(file, ['invalid scenario']);
  return parsed.data;
}

/**
 * What can be read of a file with schema errors: the steps that are valid steps on their own (the others are
 * left out, keeping each step's index), the fixtures and vars when they are valid.
 */
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
      return one.success ? one.data : undefined;
    }),
  };
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
        reasons.push(
          `${path}: unknown operator ${key}${didYouMean(key, OPERATORS)}; expected one of ${OPERATORS.join(' ')}`,
        );
      }
      visit(inner, path, matcher);
    }
  };
  for (const [i, step] of steps.entries()) visit(step, `steps[${i}]`, false);
  return reasons;
}

/**
 * A call's parameters are checked against its contract's request (the app's value, as the CLI encodes it)
 * before anything runs: required ones given, each value of the right type and form, no key the contract
 * does not name. A `${…}` reference to a catalogue fixture or a var is checked with that value (the same type
 * on every backend); a reference to a step, a run value, or one inside a longer string is only known when
 * the step runs, so nothing under it is judged here.
 */
function checkParams(
  scenario: Pick<Scenario, 'fixtures' | 'vars'> & { steps: readonly (Step | undefined)[] },
): string[] {
  const reasons: string[] = [];
  const check = (call: CallName, params: Record<string, unknown> | undefined, wire: unknown, at: string) => {
    if (wire !== undefined) return;
    const missing = requiredParams(call).filter((name) => params === undefined || !(name in params));
    if (missing.length > 0) {
      reasons.push(
        `${at}.params: ${call} needs ${missing.join(', ')}; expected params with ${missing.map((m) => `${m}: …`).join(', ')}`,
      );
    }
    if (params === undefined) return;
    const known = knownValues(params, scenario);
    for (const { path, key, known: keys } of unknownParamKeys(call, known.value as Record<string, unknown>)) {
      const where = [`${at}.params`, ...path].join('.');
      const of = path.length === 0 ? call : `${call}'s ${path.join('.')}`;
      reasons.push(
        `${where}: unknown parameter '${key}' of ${of}${didYouMean(key, keys)}; expected one of ${keys.join(', ')}`,
      );
    }
    for (const issue of paramIssues(call, known.value as Record<string, unknown>)) {
      const path = issue.path.map(String);
      if (missing.length > 0 && path.length === 1 && missing.includes(path[0] ?? '')) continue;
      if (known.opaque.some((o) => o.every((part, i) => path[i] === part))) continue;
      const where = [`${at}.params`, ...path].join('.');
      const from = known.from.get(path.join('.'));
      reasons.push(
        `${where}: ${readableParam(issue, valueAt(known.value, issue.path))}${from === undefined ? '' : ` (from ${from})`}`,
      );
    }
  };
  const visitStep = (step: Step | InnerStep, at: string) => {
    if ('control' in step && isRecord(step.control) && isRecord(step.control.force)) {
      const force = step.control.force as { call: CallName; answer: { result?: unknown } };
      const problem =
        typeof force.answer.result === 'number'
          ? forcedResultProblem(force.call, force.answer.result)
          : undefined;
      if (problem !== undefined) reasons.push(`${at}.control.force.answer.result: ${problem}`);
    }
    if ('call' in step) check(step.call, step.params, step.wire, at);
    else if ('poll' in step) check(step.poll.call, step.poll.params, step.poll.wire, `${at}.poll`);
    const call = 'call' in step ? step.call : 'poll' in step ? step.poll.call : undefined;
    const expected =
      'expect' in step && isRecord(step.expect) && 'data' in step.expect ? step.expect.data : undefined;
    if (call !== undefined && isRecord(expected))
      for (const path of Object.keys(expected)) {
        const problem = answerPathProblem(call, path);
        if (problem !== undefined) reasons.push(`${at}.expect.data.${path}: ${problem}`);
      }
    else if ('room' in step)
      for (const [j, inner] of (step.room.during ?? []).entries())
        visitStep(inner, `${at}.room.during[${j}]`);
  };
  for (const [i, step] of scenario.steps.entries()) if (step !== undefined) visitStep(step, `steps[${i}]`);
  return reasons;
}

type JsonSchema = Record<string, unknown>;
const answerSchemas = new Map<CallName, JsonSchema>();

/** The JSON Schema of a call's answer data, as the contracts give it (output form). */
function answerSchema(call: CallName): JsonSchema {
  let schema = answerSchemas.get(call);
  if (schema === undefined) {
    schema = z.toJSONSchema(registry[call].data as unknown as z.core.$ZodType, {
      io: 'output',
      unrepresentable: 'any',
    }) as JsonSchema;
    answerSchemas.set(call, schema);
  }
  return schema;
}

/**
 * A path of `expect.data` that the call's answer cannot have (a misspelled field): where the answer's schema
 * is a closed object, each name must be one of its fields. Undefined when the path can be there, or when the
 * schema does not say (an open mapping, a value of any shape).
 */
function answerPathProblem(call: CallName, path: string): string | undefined {
  let parts: string[];
  try {
    parts = parsePath(path);
  } catch {
    return undefined;
  }
  if (path.includes('${')) return undefined;
  const root = answerSchema(call);
  const defs = isRecord(root.$defs) ? root.$defs : {};
  const expand = (schema: unknown, depth = 0): JsonSchema[] | undefined => {
    if (!isRecord(schema) || depth > 20) return undefined;
    if (typeof schema.$ref === 'string') {
      const name = /^#\/\$defs\/(.+)$/.exec(schema.$ref)?.[1];
      return name === undefined ? undefined : expand(defs[name], depth + 1);
    }
    const branches = [schema.anyOf, schema.oneOf, schema.allOf].find(Array.isArray) as unknown[] | undefined;
    if (branches === undefined) return [schema];
    const out: JsonSchema[] = [];
    for (const branch of branches) {
      const expanded = expand(branch, depth + 1);
      if (expanded === undefined) return undefined;
      out.push(...expanded);
    }
    return out;
  };
  let current: unknown[] = [root];
  for (const [i, part] of parts.entries()) {
    const next: unknown[] = [];
    const fields: string[] = [];
    for (const candidate of current) {
      const schemas = expand(candidate);
      if (schemas === undefined) return undefined;
      for (const schema of schemas) {
        const type = schema.type;
        if (type === 'array' || schema.items !== undefined) {
          if (/^\d+$/.test(part)) next.push(schema.items ?? {});
          else if (part === 'length') next.push({ type: 'integer' });
        } else if (type === 'string') {
          if (part === 'length') next.push({ type: 'integer' });
        } else if (isRecord(schema.properties) && schema.additionalProperties === false) {
          fields.push(...Object.keys(schema.properties));
          if (Object.hasOwn(schema.properties, part)) next.push(schema.properties[part]);
        } else if (type === 'object' || type === undefined) return undefined;
        // null, numbers and booleans have no fields: this branch adds nothing.
      }
    }
    if (next.length === 0) {
      const at = i === 0 ? `${call}'s answer data` : `${call}'s ${parts.slice(0, i).join('.')}`;
      const known = [...new Set(fields)];
      return known.length === 0
        ? `${at} has nothing at '${part}'`
        : `${at} has no field '${part}'${didYouMean(part, known)}; expected one of ${known.join(', ')}`;
    }
    current = next;
  }
  return undefined;
}

const WHOLE_REFERENCE = /^\$\{\s*([^}]+?)\s*\}$/;

/**
 * The parameters with what is known before running put in: catalogue fixture values and vars. `opaque` are
 * the paths of values only known at run time; `from` names the reference a substituted value came from.
 */
function knownValues(
  params: Record<string, unknown>,
  scenario: Pick<Scenario, 'fixtures' | 'vars'>,
): { value: unknown; opaque: string[][]; from: Map<string, string> } {
  const opaque: string[][] = [];
  const from = new Map<string, string>();
  const resolve = (expression: string): { found: boolean; value: unknown } => {
    const parts = expression.split('.');
    if (parts[0] === 'vars' && parts.length === 2 && Object.hasOwn(scenario.vars, parts[1] ?? '')) {
      return { found: true, value: scenario.vars[parts[1] ?? ''] };
    }
    if (parts[0] === 'fixtures' && parts.length === 3) {
      const name = scenario.fixtures[parts[1] ?? ''];
      const fixture = name === undefined ? undefined : CATALOGUE_FIXTURES[name];
      const value = fixture?.[parts[2] ?? ''];
      // null: the catalogue has none for this fixture (a backend's may); its type is not known here.
      if (
        fixture !== undefined &&
        Object.hasOwn(fixture, parts[2] ?? '') &&
        value !== null &&
        value !== undefined
      )
        return { found: true, value };
    }
    return { found: false, value: undefined };
  };
  const visit = (value: unknown, path: string[]): unknown => {
    if (typeof value === 'string') {
      const whole = WHOLE_REFERENCE.exec(value);
      if (whole !== null) {
        const known = resolve(whole[1] ?? '');
        if (known.found) {
          from.set(path.join('.'), value);
          return known.value;
        }
        opaque.push(path);
        return value;
      }
      if (/(?<!\$)\$\{/.test(value)) {
        opaque.push(path);
        return value;
      }
      return value.replaceAll('$${', '${');
    }
    if (Array.isArray(value)) return value.map((item, i) => visit(item, [...path, String(i)]));
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, visit(v, [...path, k])]));
    return value;
  };
  return { value: visit(params, []), opaque, from };
}

/** One expected form per parameter problem. */
function readableParam(issue: z.core.$ZodIssue, at: { found: boolean; value: unknown }): string {
  const got = at.found ? `, got ${JSON.stringify(at.value)}` : '';
  if (issue.code === 'invalid_union') {
    // A union of literals (pay_type, source): every branch wants one value.
    const values = issue.errors.flatMap((branch) =>
      branch.length === 1 && branch[0]?.code === 'invalid_value' ? branch[0].values : [undefined],
    );
    if (values.length > 0 && values.every((v) => v !== undefined))
      return `expected one of ${values.map((v) => JSON.stringify(v)).join(', ')}${got}`;
    const best = issue.errors.reduce((a, b) => (a.length <= b.length ? a : b), issue.errors[0] ?? []);
    if (best[0] !== undefined) return readableParam(best[0], at);
  }
  if (issue.code === 'invalid_value')
    return `expected ${issue.values.length === 1 ? '' : 'one of '}${issue.values.map((v) => JSON.stringify(v)).join(', ')}${got}`;
  if (issue.code === 'invalid_format' && issue.format === 'regex' && 'pattern' in issue)
    return `expected a string matching ${String(issue.pattern)}${got}`;
  if (issue.code === 'invalid_type') return readable(issue, at);
  return `${issue.message}${got}`;
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

export class ScenarioLoadErrors extends InvalidScenarioError {
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
    const what =
      unknown.length > 0
        ? `unknown step kind '${unknown.join("', '")}'${didYouMean(unknown[0] ?? '', kinds)}`
        : 'no step kind';
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
      const got =
        names.length === 0
          ? 'nothing'
          : `'${names.join("', '")}'${names.length === 1 ? didYouMean(names[0] ?? '', CONTROL_ACTIONS) : ''}`;
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
  record: 'a mapping',
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
    const hints = issue.keys.map((k) => didYouMean(k, scenarioKeys())).filter((h) => h !== '');
    return `unknown key${issue.keys.length === 1 ? '' : 's'} ${issue.keys.map((k) => `'${k}'`).join(', ')}${hints.join('')}`;
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

let keyNames: string[] | undefined;

/** Every key the scenario format names (steps, expectations, control actions…), for "did you mean". */
function scenarioKeys(): string[] {
  if (keyNames !== undefined) return keyNames;
  const names = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (isRecord(node)) {
      if (isRecord(node.properties)) for (const k of Object.keys(node.properties)) names.add(k);
      Object.values(node).forEach(visit);
    }
  };
  visit(z.toJSONSchema(ScenarioSchema, { io: 'input', unrepresentable: 'any' }));
  keyNames = [...names];
  return keyNames;
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
          `${at}: refers to fixture '${alias}', not declared under fixtures (${[...aliases].join(', ') || 'none'})${didYouMean(alias, [...aliases])}`,
        );
        continue;
      }
      // The field must be one the fixture has (the catalogue's fields are the names every backend gives).
      const name = (scenario.fixtures as Record<string, unknown>)[alias];
      const known = typeof name === 'string' ? CATALOGUE_FIXTURES[name] : undefined;
      if (field !== undefined && known !== undefined && !Object.hasOwn(known, field)) {
        reasons.push(
          `${at}: fixture '${alias}' (${String(name)}) has no field '${field}'${didYouMean(field, Object.keys(known))}; expected one of ${Object.keys(known).join(', ')}`,
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
