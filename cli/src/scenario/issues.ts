import { z } from 'zod';
import { didYouMean } from './didYouMean';
import { ScenarioSchema, STEP_KINDS } from './schema';

/** The schema's issues as one line each: the path, then the one form expected (not zod's wording). */
export function formatIssues(error: z.ZodError, document: unknown): string[] {
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
export function valueAt(document: unknown, path: readonly PropertyKey[]): { found: boolean; value: unknown } {
  let node = document;
  for (const part of path) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, part as string)) {
      return { found: false, value: undefined };
    }
    node = (node as Record<PropertyKey, unknown>)[part];
  }
  return { found: true, value: node };
}

export function readable(issue: z.core.$ZodIssue, at: { found: boolean; value: unknown }): string {
  if (issue.code === 'invalid_type') {
    const input = at.value;
    if (!at.found || input === undefined)
      return `required: expected ${ARTICLE[issue.expected] ?? issue.expected}`;
    return `expected ${ARTICLE[issue.expected] ?? issue.expected}, got ${shownValue(input)}`;
  }
  if (issue.code === 'unrecognized_keys') {
    const hints = issue.keys.map((k) => didYouMean(k, scenarioKeys())).filter((h) => h !== '');
    return `unknown key${issue.keys.length === 1 ? '' : 's'} ${issue.keys.map((k) => `'${k}'`).join(', ')}${hints.join('')}`;
  }
  if ((issue.code === 'too_small' || issue.code === 'too_big') && issue.origin === 'number') {
    const small = issue.code === 'too_small';
    const limit = String(small ? issue.minimum : issue.maximum);
    const bound =
      issue.inclusive === false
        ? `${small ? 'greater' : 'less'} than ${limit}`
        : `${small ? 'at least' : 'at most'} ${limit}`;
    return `expected a number ${bound}${at.found ? `, got ${shownValue(at.value)}` : ''}`;
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

export function formatPath(path: readonly PropertyKey[]): string {
  return (
    path.reduce<string>((acc, part) => {
      if (typeof part === 'number') return `${acc}[${part}]`;
      return acc === '' ? String(part) : `${acc}.${String(part)}`;
    }, '') || '(scenario)'
  );
}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** Characters of a wrong value a message shows: a whole file that is not YAML is not printed back. */
const SHOWN_CHARACTERS = 80;

/** A value as JSON in a message, cut to its first characters when long. */
export function shownValue(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length <= SHOWN_CHARACTERS
    ? text
    : `${text.slice(0, SHOWN_CHARACTERS)}… (${text.length} characters)`;
}
