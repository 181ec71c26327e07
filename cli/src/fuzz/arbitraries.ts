import fc from 'fast-check';
import type { z } from 'zod/mini';

/**
 * fast-check arbitraries derived from zod schemas, by walking the schema's definition: no generator is
 * written per call. `appValue` generates the app's side of a codec (what `z.encode` takes); `wireLimits`
 * reads the bounds of a wire field so the invalid generators can step just outside them.
 */

type Def = {
  readonly type: string;
  readonly format?: string;
  readonly checks?: readonly { readonly _zod: { readonly def: CheckDef } }[];
  readonly [key: string]: unknown;
};
type CheckDef = {
  readonly check: string;
  readonly format?: string;
  readonly value?: unknown;
  readonly inclusive?: boolean;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly length?: number;
  readonly pattern?: RegExp;
  readonly prefix?: string;
};
type AnySchema = z.core.$ZodType;

export const defOf = (schema: AnySchema): Def => schema._zod.def as unknown as Def;
const child = (def: Def, key: string): AnySchema => def[key] as AnySchema;

/**
 * Characters that break naive text handling: bidi overrides and isolates, zero-width joiners, a byte-order
 * mark, NUL, a lone surrogate, combining marks, Arabic letters and digits, an emoji with a modifier.
 */
export const HOSTILE_UNITS = [
  '\u202E', // right-to-left override
  '\u202D', // left-to-right override
  '\u2066', // left-to-right isolate
  '\u2067', // right-to-left isolate
  '\u2069', // pop directional isolate
  '\u200F', // right-to-left mark
  '\u200B', // zero width space
  '\u200D', // zero width joiner
  '\uFEFF', // byte-order mark
  '\u0000',
  '\uD800', // lone high surrogate
  '\u0301', // combining acute
  'ي',
  'ش',
  '٣', // Arabic-Indic digit three
  '👩🏽',
  '<',
  '"',
  "'",
  '%',
  '\n',
] as const;

/** A string of hostile and ordinary characters, cut to at most `max` UTF-16 units. */
export function hostileText(minLength = 1, maxLength = 24): fc.Arbitrary<string> {
  return fc
    .array(fc.oneof(fc.constantFrom(...HOSTILE_UNITS), fc.string({ minLength: 1, maxLength: 3 })), {
      minLength,
      maxLength,
    })
    .map((parts) => parts.join('').slice(0, Math.max(maxLength, minLength)));
}

export interface Limits {
  minLength?: number;
  maxLength?: number;
  exactLength?: number;
  pattern?: RegExp;
  prefix?: string;
  min?: number;
  minInclusive?: boolean;
  max?: number;
  maxInclusive?: boolean;
  integer?: boolean;
}

/** The bounds a schema's own checks set (length, pattern, range, integer). */
export function limitsOf(schema: AnySchema): Limits {
  const def = defOf(schema);
  const limits: Limits = {};
  if (def.format === 'safeint' || def.format === 'int32' || def.format === 'uint32') limits.integer = true;
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === 'min_length') limits.minLength = c.minimum ?? 0;
    else if (c.check === 'max_length') limits.maxLength = c.maximum ?? 0;
    else if (c.check === 'length_equals') limits.exactLength = c.length ?? 0;
    else if (c.check === 'string_format' && c.format === 'regex' && c.pattern) limits.pattern = c.pattern;
    else if (c.check === 'string_format' && c.format === 'starts_with') limits.prefix = c.prefix ?? '';
    else if (c.check === 'greater_than') {
      limits.min = Number(c.value);
      limits.minInclusive = c.inclusive === true;
    } else if (c.check === 'less_than') {
      limits.max = Number(c.value);
      limits.maxInclusive = c.inclusive === true;
    } else if (c.check === 'number_format' && c.format !== undefined) limits.integer = true;
  }
  return limits;
}

/** How deep generated values nest; beyond it containers are empty (recursive schemas stay finite). */
const MAX_DEPTH = 4;
/** Generated ints stay in a range a backend can hold; the invalid generators go past it on purpose. */
const INT_RANGE = 2_000_000_000;

function stringArbitrary(limits: Limits): fc.Arbitrary<string> {
  const minLength = limits.exactLength ?? limits.minLength ?? 0;
  const maxLength = limits.exactLength ?? Math.min(limits.maxLength ?? 64, minLength + 64);
  if (limits.pattern !== undefined) {
    const pattern = limits.pattern;
    return fc
      .stringMatching(pattern)
      .filter((s) => s.length >= minLength && s.length <= (limits.maxLength ?? Number.POSITIVE_INFINITY));
  }
  const prefix = limits.prefix ?? '';
  const body = fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }) },
    { weight: 2, arbitrary: hostileText(minLength, maxLength) },
  );
  return body.map((s) => {
    let text = `${prefix}${s}`.slice(0, maxLength);
    while (text.length < minLength) text += 'a';
    return text;
  });
}

function numberArbitrary(limits: Limits): fc.Arbitrary<number> {
  if (limits.integer) {
    let min = limits.min === undefined ? -INT_RANGE : Math.ceil(limits.min);
    if (limits.min !== undefined && !limits.minInclusive && min === limits.min) min += 1;
    let max = limits.max === undefined ? INT_RANGE : Math.floor(limits.max);
    if (limits.max !== undefined && !limits.maxInclusive && max === limits.max) max -= 1;
    return fc.integer({ min, max });
  }
  // Amounts: hundredths, as prices are written (a wire decimal holds at most six places).
  const lowest = limits.min === undefined ? -1e11 : Math.ceil(limits.min * 100);
  const highest = limits.max === undefined ? 1e11 : Math.floor(limits.max * 100);
  const min =
    limits.min !== undefined && !limits.minInclusive && lowest === limits.min * 100 ? lowest + 1 : lowest;
  const max =
    limits.max !== undefined && !limits.maxInclusive && highest === limits.max * 100 ? highest - 1 : highest;
  return fc.integer({ min, max }).map((hundredths) => hundredths / 100);
}

function isOptional(schema: AnySchema): boolean {
  const type = defOf(schema).type;
  return type === 'optional' || type === 'default' || type === 'prefault';
}

/** An arbitrary of the app's values of a schema (a codec's output side), inside every check it states. */
export function appValue(schema: AnySchema, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return stringArbitrary(limitsOf(schema));
    case 'number':
      return numberArbitrary(limitsOf(schema));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'unknown':
    case 'any':
      return fc.jsonValue({ maxDepth: 2 });
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.option(appValue(child(def, 'innerType'), depth), { nil: undefined });
    case 'nullable':
      return fc.option(appValue(child(def, 'innerType'), depth), { nil: null });
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return appValue(child(def, 'innerType'), depth);
    case 'pipe':
      return appValue(child(def, 'out'), depth);
    case 'lazy':
      return depth >= MAX_DEPTH ? fc.constant(null) : appValue((def.getter as () => AnySchema)(), depth + 1);
    case 'union':
      return fc.oneof(...(def.options as AnySchema[]).map((o) => appValue(o, depth)));
    case 'object': {
      const shape = def.shape as Record<string, AnySchema>;
      const keys = Object.keys(shape);
      const model = Object.fromEntries(keys.map((k) => [k, appValue(shape[k] as AnySchema, depth + 1)]));
      return fc.record(model, { requiredKeys: keys.filter((k) => !isOptional(shape[k] as AnySchema)) });
    }
    case 'array': {
      const limits = limitsOf(schema);
      const minLength = limits.exactLength ?? limits.minLength ?? 0;
      const maxLength = depth >= MAX_DEPTH ? minLength : Math.min(limits.maxLength ?? 3, minLength + 3);
      return fc.array(appValue(child(def, 'element'), depth + 1), { minLength, maxLength });
    }
    case 'record':
      return fc.dictionary(
        appValue(child(def, 'keyType'), depth + 1).map(String),
        appValue(child(def, 'valueType'), depth + 1),
        { maxKeys: depth >= MAX_DEPTH ? 0 : 3 },
      );
    case 'tuple':
      return fc.tuple(...(def.items as AnySchema[]).map((item) => appValue(item, depth + 1)));
    default:
      // A schema kind no contract uses yet: any JSON, which the encoder then accepts or refuses.
      return fc.jsonValue({ maxDepth: 1 });
  }
}

/** The wire side of a field: through optional, default and codec wrappers to the schema that is sent. */
export function wireLeaves(schema: AnySchema): AnySchema[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault':
    case 'nullable':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return wireLeaves(child(def, 'innerType'));
    case 'pipe':
      return wireLeaves(child(def, 'in'));
    case 'union':
      return (def.options as AnySchema[]).flatMap(wireLeaves);
    default:
      return [schema];
  }
}

/** The top-level fields of a request schema, with whether each is required on the wire. */
export function requestFields(schema: AnySchema): { name: string; field: AnySchema; required: boolean }[] {
  const def = defOf(schema);
  if (def.type === 'pipe') return requestFields(child(def, 'in'));
  if (def.type === 'union') {
    const seen = new Map<string, { name: string; field: AnySchema; required: boolean }>();
    for (const option of def.options as AnySchema[]) {
      for (const f of requestFields(option)) if (!seen.has(f.name)) seen.set(f.name, f);
    }
    return [...seen.values()];
  }
  if (def.type !== 'object') return [];
  return Object.entries(def.shape as Record<string, AnySchema>).map(([name, field]) => ({
    name,
    field,
    required: !isOptional(field),
  }));
}
