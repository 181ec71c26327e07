/**
 * Zod-free checkers for what the first load must check (issue 16): the start-up calls' requests and answers,
 * the envelope, and the values read back from storage. The zod schemas stay the source of truth; each checker
 * here mirrors one line for line, and `startup.test.ts` proves on real answers and on mutations of them that
 * both accept and refuse the same values and give the same output. Semantics follow zod 4: objects strip
 * unknown keys, a failed child still lets its siblings run, unions answer their first passing option,
 * `fallback` (zod's `_default`) fills a missing value when decoding only.
 */

export interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

interface Run {
  readonly issues: Issue[];
  /** Encoding: from the app's value to the wire form (zod's backward direction). */
  readonly backward: boolean;
}

/** A checker whose output (the app's value) is `Out`; the phantom `out` field carries the type only. */
export interface Check<Out = unknown> {
  readonly run: (value: unknown, path: readonly PropertyKey[], state: Run) => unknown;
  readonly absent?: 'optional' | 'defaulted';
  readonly out?: Out;
}

export type Output<C> = C extends Check<infer Out> ? Out : never;

export type Checked<T> =
  | { readonly success: true; readonly data: T }
  | { readonly success: false; readonly issues: readonly Issue[] };

function runAll<T>(check: Check<T>, value: unknown, backward: boolean): Checked<T> {
  const state: Run = { issues: [], backward };
  const data = check.run(value, [], state) as T;
  return state.issues.length === 0 ? { success: true, data } : { success: false, issues: state.issues };
}

/** Checks a decoded value (zod's `safeParse`). */
export function parse<T>(check: Check<T>, value: unknown): Checked<T> {
  return runAll(check, value, false);
}

/** The wire form of an app value (zod's `encode`); throws when the value is outside the checker. */
export function encode(check: Check, value: unknown): unknown {
  const result = runAll(check, value, true);
  if (!result.success) throw new TypeError(describe(result.issues));
  return result.data;
}

export function describe(issues: readonly Issue[]): string {
  return issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ');
}

type Rule<T> = readonly [test: (value: T) => boolean, message: string];

function primitive<T>(
  is: (value: unknown) => value is T,
  expected: string,
  rules: readonly Rule<T>[],
): Check<T> {
  return {
    run(value, path, state) {
      if (!is(value)) state.issues.push({ path, message: `expected ${expected}` });
      else for (const [test, message] of rules) if (!test(value)) state.issues.push({ path, message });
      return value;
    },
  };
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isInt = (value: unknown): value is number => Number.isSafeInteger(value);

export const minLength = (n: number): Rule<string | readonly unknown[]> => [(v) => v.length >= n, `min ${n}`];
export const maxLength = (n: number): Rule<string | readonly unknown[]> => [(v) => v.length <= n, `max ${n}`];
export const regex = (pattern: RegExp): Rule<string> => [(v) => pattern.test(v), `match ${pattern}`];
export const startsWith = (prefix: string): Rule<string> => [(v) => v.startsWith(prefix), `start ${prefix}`];
export const gte = (n: number): Rule<number> => [(v) => v >= n, `>= ${n}`];
export const lte = (n: number): Rule<number> => [(v) => v <= n, `<= ${n}`];
export const positive: Rule<number> = [(v) => v > 0, '> 0'];
export const nonnegative = gte(0);

export const string = (...rules: Rule<string>[]) => primitive(isString, 'string', rules);
export const number = (...rules: Rule<number>[]) => primitive(isNumber, 'number', rules);
export const int = (...rules: Rule<number>[]) => primitive(isInt, 'integer', rules);
export const boolean = () => primitive((v): v is boolean => typeof v === 'boolean', 'boolean', []);
export const unknown = (): Check<unknown> => ({ absent: 'optional', run: (value) => value });

export function literal<const T extends string | number | boolean | null>(...values: T[]): Check<T> {
  return primitive((v): v is T => values.includes(v as T), values.join('|'), []);
}

const isObject = (value: unknown): value is Record<PropertyKey, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

type Shape = Record<string, Check>;
type ObjectOut<S extends Shape> = {
  [K in keyof S as S[K]['absent'] extends 'optional' ? never : K]: Output<S[K]>;
} & {
  [K in keyof S as S[K]['absent'] extends 'optional' ? K : never]?: Output<S[K]>;
};

function shaped<S extends Shape>(
  shape: S,
  strict: boolean,
): Check<{ [K in keyof ObjectOut<S>]: ObjectOut<S>[K] }> {
  return {
    run(value, path, state) {
      if (!isObject(value)) {
        state.issues.push({ path, message: 'expected object' });
        return value;
      }
      const out: Record<string, unknown> = {};
      for (const [key, check] of Object.entries(shape)) {
        const present = key in value;
        const before = state.issues.length;
        const item = check.run(value[key], [...path, key], state);
        if (!present && check.absent === undefined) {
          if (state.issues.length === before)
            state.issues.push({ path: [...path, key], message: 'required' });
          continue;
        }
        // A missing optional key is left out of the output, whatever its checker said (as zod does).
        if (!present && check.absent === 'optional' && item === undefined) {
          state.issues.length = before;
          continue;
        }
        if (item !== undefined || present) out[key] = item;
      }
      if (strict) {
        for (const key of Object.keys(value)) {
          if (!Object.hasOwn(shape, key)) state.issues.push({ path: [...path, key], message: 'unknown key' });
        }
      }
      return out;
    },
  };
}

/** zod's `object`: unknown keys are dropped. */
export const object = <S extends Shape>(shape: S) => shaped(shape, false);
/** zod's `strictObject`: an unknown key is refused. */
export const strictObject = <S extends Shape>(shape: S) => shaped(shape, true);

export function array<T>(item: Check<T>, ...rules: Rule<readonly unknown[]>[]): Check<T[]> {
  return {
    run(value, path, state) {
      if (!Array.isArray(value)) {
        state.issues.push({ path, message: 'expected array' });
        return value;
      }
      const out = value.map((entry, index) => item.run(entry, [...path, index], state));
      for (const [test, message] of rules) if (!test(value)) state.issues.push({ path, message });
      return out;
    },
  };
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (!isObject(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === null || proto === Object.prototype;
};

/** zod's `record` of string keys: every own enumerable key and its value checked. */
export function record<T>(key: Check<string>, item: Check<T>): Check<Record<string, T>> {
  return {
    run(value, path, state) {
      if (!isPlainObject(value)) {
        state.issues.push({ path, message: 'expected record' });
        return value;
      }
      const out: Record<string, unknown> = {};
      for (const name of Object.keys(value)) {
        if (name === '__proto__') continue;
        key.run(name, [...path, name], state);
        out[name] = item.run(value[name], [...path, name], state);
      }
      return out;
    },
  };
}

/** The first option that passes; a value no option takes is refused. */
export function union<const C extends readonly Check[]>(...options: C): Check<Output<C[number]>> {
  return {
    run(value, path, state) {
      for (const option of options) {
        const trial: Run = { issues: [], backward: state.backward };
        const out = option.run(value, path, trial);
        if (trial.issues.length === 0) return out;
      }
      state.issues.push({ path, message: 'no option matches' });
      return value;
    },
  };
}

export function optional<T>(inner: Check<T>): Check<T | undefined> {
  return {
    absent: 'optional',
    run: (value, path, state) => (value === undefined ? value : inner.run(value, path, state)),
  };
}

/** zod's `_default`: a missing value decodes as `value`; encoding needs the value itself. */
export function fallback<T>(inner: Check<T>, value: T): Check<T> {
  return {
    absent: 'defaulted',
    run(input, path, state) {
      if (input === undefined && !state.backward) return value;
      const out = inner.run(input, path, state);
      return out === undefined && !state.backward ? value : out;
    },
  };
}

/** zod's `codec`: `wire` on the wire, `app` in the app, and the two conversions. */
export function codec<W, A>(
  wire: Check<W>,
  app: Check<A>,
  decode: (value: W, fail: () => void) => unknown,
  encodeValue: (value: A) => unknown,
): Check<A> {
  return {
    ...(wire.absent !== undefined ? { absent: wire.absent } : {}),
    run(value, path, state) {
      const [from, to] = state.backward ? [app, wire] : [wire, app];
      const before = state.issues.length;
      const first = from.run(value, path, state);
      if (state.issues.length !== before) return first;
      let failed = false;
      const converted = state.backward
        ? encodeValue(first as A)
        : decode(first as W, () => {
            failed = true;
          });
      if (failed) {
        state.issues.push({ path, message: 'expected a JSON string' });
        return converted;
      }
      return to.run(converted, path, state);
    },
  };
}

/** zod's `pipe` with no conversion between: both must pass, in order (backwards when encoding). */
export function pipe<T>(first: Check, second: Check<T>): Check<T> {
  return {
    ...(first.absent !== undefined ? { absent: first.absent } : {}),
    run(value, path, state) {
      const [a, b] = state.backward ? [second, first] : [first, second];
      const before = state.issues.length;
      const out = a.run(value, path, state);
      return state.issues.length !== before ? out : b.run(out, path, state);
    },
  };
}

/** wire.ts's `wireInt`: digits on the wire, an integer in the app. */
export const wireInt = () =>
  codec(
    union(string(regex(/^-?\d{1,15}$/)), int()),
    int(),
    (value) => Number(value),
    (value) => String(value),
  );

/** wire.ts's `wireJson`: a JSON string on the wire of at most `max` characters. */
export const wireJson = <T>(inner: Check<T>, max = 65536) =>
  codec(
    string(maxLength(max)),
    inner,
    (text, fail) => {
      try {
        return JSON.parse(text);
      } catch {
        fail();
        return undefined;
      }
    },
    (value) => JSON.stringify(value),
  );

/** wire.ts's `wireText`. */
export const wireText = (max = 256) => string(maxLength(max));
