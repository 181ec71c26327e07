import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { z } from 'zod/mini';
import { type Check, encode, parse } from './check';

/**
 * Test kit (not part of the app): holds a zod-free checker equal to the zod schema it mirrors. Both must
 * accept and refuse the same values and give the same output, decoding (`safeParse`) and encoding
 * (`z.encode`), on real values and on many mutations of them.
 */

export type Verdict = { readonly ok: true; readonly data: unknown } | { readonly ok: false };

export function zodVerdict(schema: z.ZodMiniType, value: unknown, direction: 'decode' | 'encode'): Verdict {
  if (direction === 'decode') {
    const parsed = schema.safeParse(value);
    return parsed.success ? { ok: true, data: parsed.data } : { ok: false };
  }
  try {
    return { ok: true, data: z.encode(schema, value as never) };
  } catch {
    return { ok: false };
  }
}

export function checkVerdict(check: Check, value: unknown, direction: 'decode' | 'encode'): Verdict {
  if (direction === 'decode') {
    const parsed = parse(check, value);
    return parsed.success ? { ok: true, data: parsed.data } : { ok: false };
  }
  try {
    return { ok: true, data: encode(check, value) };
  } catch {
    return { ok: false };
  }
}

type Step = readonly (string | number)[];

/** Every place in a JSON-like value: the root, each key of an object, each index of an array. */
function placesOf(value: unknown, at: Step = []): Step[] {
  const places: Step[] = [at];
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) places.push(...placesOf(item, [...at, i]));
  } else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) places.push(...placesOf(item, [...at, key]));
  return places;
}

/** Values that break a field: wrong types, out-of-range and non-integer numbers, long and odd strings. */
const REPLACEMENTS: readonly unknown[] = [
  null,
  undefined,
  true,
  false,
  0,
  -1,
  1,
  1.5,
  -0.5,
  100,
  101,
  60001,
  2 ** 53,
  -(2 ** 53),
  1e21,
  '',
  'x',
  '1',
  '0',
  '-7',
  '12.5',
  '1e3',
  '0x10',
  ' 42',
  'abc',
  '/api/x',
  '/web/x',
  'https://api.example.com/v1',
  'javascript:alert(1)',
  'GET',
  'app_pkg_info',
  '{"a":1}',
  '[1,2]',
  '{',
  '3b241101-e2bb-4255-8caf-4136c566a962',
  '0123456789abcdef0123456789abcdef',
  '424242',
  '4242',
  'x'.repeat(33),
  'x'.repeat(65),
  'x'.repeat(129),
  'x'.repeat(201),
  'x'.repeat(257),
  'x'.repeat(2049),
  [],
  [1],
  ['x'],
  {},
  { a: 1 },
];

/** Numbers at and around the bounds the schemas use. */
const NUMBERS = [
  -1,
  -0.5,
  0,
  0.5,
  1,
  1.5,
  98,
  99,
  99.5,
  100,
  100.5,
  101,
  59999,
  60000,
  60001,
  2 ** 53 - 1,
  2 ** 53,
];
/** String and array lengths at and around the bounds the schemas use. */
const LENGTHS = [
  0, 1, 2, 19, 20, 21, 31, 32, 33, 40, 41, 42, 63, 64, 65, 127, 128, 129, 199, 200, 201, 255, 256, 257, 2048,
  2049,
];

const OPS = ['replace', 'delete', 'extraKey', 'resize'] as const;

function resized(target: unknown, size: number, choice: number): unknown {
  if (typeof target === 'number') return NUMBERS[choice % NUMBERS.length];
  if (typeof target === 'string') return (target || 'x').repeat(size + 1).slice(0, size);
  if (Array.isArray(target))
    return Array.from({ length: size }, (_, i) =>
      structuredClone(target[i % Math.max(target.length, 1)] ?? 1),
    );
  return target;
}

function mutate(
  base: unknown,
  [choice, shallow, op, replacement, size]: [number, boolean, (typeof OPS)[number], unknown, number],
): unknown {
  const root: { v: unknown } = { v: structuredClone(base) };
  // Half the time near the root, so a large value's own bounds (a list's length) are hit as often as a leaf's.
  const places = placesOf(root.v).filter((at) => !shallow || at.length <= 1);
  const place = places[choice % places.length] ?? [];
  let parent: Record<string | number, unknown> = root;
  let key: string | number = 'v';
  for (const step of place) {
    parent = parent[key] as Record<string | number, unknown>;
    key = step;
  }
  const target = parent[key];
  switch (op) {
    case 'replace':
      parent[key] = structuredClone(replacement);
      break;
    case 'delete':
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key];
      break;
    case 'extraKey':
      if (target !== null && typeof target === 'object' && !Array.isArray(target))
        (target as Record<string, unknown>)[`extra_${choice % 3}`] = structuredClone(replacement);
      else parent[key] = structuredClone(replacement);
      break;
    case 'resize':
      parent[key] = resized(target, size, choice);
      break;
  }
  return root.v;
}

/**
 * Every single mutation of `base`: each place replaced by each breaking value, deleted, given an extra key,
 * and (numbers, strings, arrays) set to each value or size around the schemas' bounds.
 */
export function* everyMutationOf(base: unknown): Generator<unknown> {
  const count = placesOf(base).length;
  for (let choice = 0; choice < count; choice++) {
    for (const replacement of REPLACEMENTS) yield mutate(base, [choice, false, 'replace', replacement, 0]);
    yield mutate(base, [choice, false, 'delete', null, 0]);
    yield mutate(base, [choice, false, 'extraKey', 1, 0]);
    for (const size of LENGTHS) yield mutate(base, [choice, false, 'resize', null, size]);
    for (let n = 0; n < NUMBERS.length; n++)
      yield mutate(base, [n * count + choice, false, 'resize', null, 0]);
  }
}

/** One to three mutations of `base`. */
export function mutationsOf(base: unknown): fc.Arbitrary<unknown> {
  const one = fc.tuple(
    fc.nat(),
    fc.boolean(),
    fc.constantFrom(...OPS),
    fc.constantFrom(...REPLACEMENTS),
    fc.constantFrom(...LENGTHS),
  );
  return fc
    .array(one, { minLength: 1, maxLength: 3 })
    .map((steps) => steps.reduce((value, step) => mutate(value, step), base));
}

function sameVerdicts(schema: z.ZodMiniType, check: Check, value: unknown): boolean {
  for (const direction of ['decode', 'encode'] as const) {
    const zod = zodVerdict(schema, value, direction);
    const mine = checkVerdict(check, value, direction);
    if (zod.ok !== mine.ok || (zod.ok && mine.ok && !isDeepStrictEqual(zod.data, mine.data))) return false;
  }
  return true;
}

/**
 * The values among `bases`, every single mutation of the first and `runs` random multi-mutations of any on which
 * `check` and `schema` differ (decoding or encoding); empty when they agree. Stops at the first few.
 */
export function disagreements(
  schema: z.ZodMiniType,
  check: Check,
  bases: readonly unknown[],
  runs = 200,
): unknown[] {
  const found: unknown[] = [];
  for (const value of [...bases, ...everyMutationOf(shrunk(bases[0]))]) {
    if (!sameVerdicts(schema, check, value)) found.push(value);
    if (found.length >= 3) return found;
  }
  const random = fc.sample(fc.constantFrom(...bases).chain(mutationsOf), { numRuns: runs, seed: 16 });
  for (const value of random) {
    if (!sameVerdicts(schema, check, value)) found.push(value);
    if (found.length >= 3) break;
  }
  return found;
}

/** `value` with its arrays cut to two entries, for the exhaustive sweep. */
export function shrunk(value: unknown): unknown {
  if (Array.isArray(value)) return value.slice(0, 2).map(shrunk);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shrunk(item)]));
  return value;
}
