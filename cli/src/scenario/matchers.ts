import { isDeepStrictEqual } from 'node:util';
import { isRecord } from './issues';
import { patternMatches, patternProblem } from './pattern';
import { parsePath, readPath } from './references';

/**
 * Expectations on answers. A plain value matches by equality; an object matches as a subset (the keys it
 * names must match, others are free); an array matches element by element. An object whose keys all start
 * with `$` is an operator: $eq $ne $gt $gte $lt $lte $contains $notContains $matches $length $exists $oneOf
 * $type $every $some $not.
 */
export const OPERATORS = [
  '$eq',
  '$ne',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$contains',
  '$notContains',
  '$matches',
  '$length',
  '$exists',
  '$oneOf',
  '$type',
  '$every',
  '$some',
  '$not',
] as const;

export const isOperator = (v: unknown): v is Record<string, unknown> =>
  isRecord(v) && Object.keys(v).length > 0 && Object.keys(v).every((k) => k.startsWith('$'));

const show = (v: unknown): string => {
  if (v === undefined) return 'nothing';
  const text = JSON.stringify(v);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
};

export const typeOf = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** A `$type` name as prose: `a string`, `an array`, `null`, and `nothing` for a missing value. */
const typeWord = (type: string): string => {
  if (type === 'undefined') return 'nothing';
  if (type === 'null') return 'null';
  return `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
};

/** Mismatches of `actual` against `expected`, each prefixed by its path; empty when it matches. */
export function match(actual: unknown, expected: unknown, path = ''): string[] {
  const at = path === '' ? '' : `${path}: `;
  if (isOperator(expected)) return matchOperators(actual, expected, path);
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${at}expected a list, got ${show(actual)}`];
    if (actual.length !== expected.length) {
      return [
        `${at}expected ${expected.length} item${expected.length === 1 ? '' : 's'}, got ${actual.length}`,
      ];
    }
    return expected.flatMap((item, i) => match(actual[i], item, `${path}[${i}]`));
  }
  if (isRecord(expected)) {
    if (!isRecord(actual)) return [`${at}expected an object, got ${show(actual)}`];
    return Object.entries(expected).flatMap(([key, value]) =>
      match(actual[key], value, path === '' ? key : `${path}.${key}`),
    );
  }
  return isDeepStrictEqual(actual, expected) ? [] : [`${at}expected ${show(expected)}, got ${show(actual)}`];
}

function matchOperators(actual: unknown, ops: Record<string, unknown>, path: string): string[] {
  const at = path === '' ? '' : `${path}: `;
  const out: string[] = [];
  const fail = (text: string) => out.push(`${at}${text}`);
  for (const [op, arg] of Object.entries(ops)) {
    switch (op) {
      case '$eq':
        out.push(...match(actual, arg, path));
        break;
      case '$ne':
        if (match(actual, arg, path).length === 0) fail(`expected anything but ${show(arg)}`);
        break;
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte': {
        if (typeof actual !== 'number' || typeof arg !== 'number') {
          fail(`expected a number ${op.slice(1)} ${show(arg)}, got ${show(actual)}`);
          break;
        }
        const okay =
          op === '$gt'
            ? actual > arg
            : op === '$gte'
              ? actual >= arg
              : op === '$lt'
                ? actual < arg
                : actual <= arg;
        if (!okay) fail(`expected ${op.slice(1)} ${arg}, got ${actual}`);
        break;
      }
      case '$contains':
      case '$notContains': {
        const has =
          typeof actual === 'string'
            ? actual.includes(String(arg))
            : Array.isArray(actual) && actual.some((item) => match(item, arg).length === 0);
        if (has !== (op === '$contains')) {
          fail(`expected ${op === '$contains' ? '' : 'not '}to contain ${show(arg)}, got ${show(actual)}`);
        }
        break;
      }
      case '$matches': {
        // A pattern from a reference is only known now: one RE2 cannot run is said, not run.
        const problem = patternProblem(String(arg));
        if (problem !== undefined) {
          fail(`$matches: ${problem}`);
          break;
        }
        // A number matches by its decimal text (the validator lets $matches stand on a numeric field).
        if (
          (typeof actual !== 'string' && typeof actual !== 'number') ||
          !patternMatches(String(arg), String(actual))
        ) {
          fail(`expected to match /${String(arg)}/, got ${show(actual)}`);
        }
        break;
      }
      case '$length': {
        const length = typeof actual === 'string' || Array.isArray(actual) ? actual.length : undefined;
        if (length === undefined) fail(`expected something with a length, got ${show(actual)}`);
        else out.push(...match(length, arg, `${path}.length`));
        break;
      }
      case '$exists':
        if ((actual !== undefined) !== Boolean(arg))
          fail(arg ? 'expected a value, got nothing' : `expected nothing, got ${show(actual)}`);
        break;
      case '$oneOf':
        if (!Array.isArray(arg) || !arg.some((option) => match(actual, option).length === 0)) {
          fail(`expected one of ${show(arg)}, got ${show(actual)}`);
        }
        break;
      case '$type':
        if (typeOf(actual) !== arg)
          fail(`expected ${typeWord(String(arg))}, got ${typeWord(typeOf(actual))}`);
        break;
      case '$every':
      case '$some': {
        if (!Array.isArray(actual)) {
          fail(`expected a list, got ${show(actual)}`);
          break;
        }
        const results = actual.map((item, i) => match(item, arg, `${path}[${i}]`));
        if (op === '$every') out.push(...results.flat());
        else if (!results.some((r) => r.length === 0)) fail(`expected some item to match ${show(arg)}`);
        break;
      }
      case '$not':
        if (match(actual, arg, path).length === 0) fail(`expected not to match ${show(arg)}`);
        break;
      default:
        fail(`unknown operator ${op}; operators: ${OPERATORS.join(' ')}`);
    }
  }
  return out;
}

/** Expectations keyed by path into a value (`items[0].source_id`, `list.length`). */
export function matchPaths(
  actual: unknown,
  expected: Readonly<Record<string, unknown>>,
  prefix: string,
): string[] {
  return Object.entries(expected).flatMap(([path, want]) => {
    const found = readPath(actual, parsePath(path));
    return match(found.value, want, `${prefix}.${path}`);
  });
}
