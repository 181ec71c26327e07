import { readdirSync, readFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';
import { referencedSteps } from './references';
import {
  CONTROL_ACTIONS,
  type InnerStep,
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
  const reasons = precheck(document);
  if (reasons.length > 0) throw new ScenarioFileError(file, reasons);
  const parsed = ScenarioSchema.safeParse(document);
  if (!parsed.success) throw new ScenarioFileError(file, formatIssues(parsed.error));
  const semantic = checkReferences(parsed.data);
  if (semantic.length > 0) throw new ScenarioFileError(file, semantic);
  return parsed.data;
}

export function loadScenarioFile(file: string): LoadedScenario {
  return { file, scenario: parseScenario(readFileSync(file, 'utf8'), file) };
}

/** Every scenario file of a folder, sorted by name; all files are checked before any error is thrown. */
export function loadScenarioDir(dir: string): LoadedScenario[] {
  const files = readdirSync(dir)
    .filter((f) => SCENARIO_EXTENSIONS.includes(extname(f)) && !f.endsWith('.schema.json'))
    .sort();
  const loaded: LoadedScenario[] = [];
  const errors: ScenarioFileError[] = [];
  for (const f of files) {
    try {
      loaded.push(loadScenarioFile(join(dir, f)));
    } catch (error) {
      if (error instanceof ScenarioFileError) errors.push(error);
      else throw error;
    }
  }
  const seen = new Map<string, string>();
  for (const { file, scenario } of loaded) {
    const other = seen.get(scenario.name);
    if (other !== undefined) {
      errors.push(
        new ScenarioFileError(file, [`name '${scenario.name}' is also used by ${basename(other)}`]),
      );
    }
    seen.set(scenario.name, file);
  }
  if (errors.length > 0) throw new ScenarioLoadErrors(errors);
  return loaded;
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
      `unsupported version ${JSON.stringify(document.version ?? null)}; valid versions: ${SCENARIO_VERSIONS.join(', ')}`,
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

function formatIssues(error: z.ZodError): string[] {
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
      out.add(`${formatPath(path)}: ${issue.message}`);
    }
  };
  visit(error.issues, []);
  return [...out];
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
  const aliases = new Set(Object.keys(scenario.fixtures));
  const checkValue = (value: unknown, at: string): void => {
    for (const ref of referencedSteps(value)) {
      if (!seen.has(ref)) reasons.push(`${at}: refers to step '${ref}', which is not an earlier step`);
    }
    for (const alias of referencedFixtures(value)) {
      if (!aliases.has(alias)) {
        reasons.push(
          `${at}: refers to fixture '${alias}', not declared under fixtures (${[...aliases].join(', ') || 'none'})`,
        );
      }
    }
  };
  const visitStep = (step: Step | InnerStep, at: string): void => {
    const { id, ...body } = step;
    if ('room' in step) {
      // The room's rid is resolved first; its condition and expectations after its inner steps ran.
      const { during = [], until, ...room } = step.room;
      checkValue({ ...body, room, expect: undefined }, at);
      for (const [j, s] of during.entries()) visitStep(s, `${at}.room.during[${j}]`);
      checkValue({ until, expect: step.expect }, at);
    } else checkValue(body, at);
    if (id !== undefined) {
      if (seen.has(id)) reasons.push(`${at}: step id '${id}' is used twice`);
      seen.add(id);
    }
  };
  for (const [i, step] of scenario.steps.entries()) visitStep(step, `steps[${i}]`);
  return reasons;
}

function referencedFixtures(value: unknown): string[] {
  const text = JSON.stringify(value);
  return [...text.matchAll(/(?<!\$)\$\{fixtures\.([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? '');
}
