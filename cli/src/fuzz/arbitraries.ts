import fc from 'fast-check';
import { z } from 'zod/mini';
import type { JsonSchema } from '../scenario/answerSchemas';

/**
 * fast-check arbitraries derived from zod schemas, with Zod 4's public API only: the structure is read from
 * each schema's `.def` (its `type`, `shape`, `options`, `innerType`…, the accessors Zod documents on every
 * schema of zod and zod/mini), and a leaf's bounds from `z.toJSONSchema` (minLength, pattern, minimum…), so
 * no generator is written per call and nothing reads zod's internals. `appValue` generates the app's side of
 * a codec (what `z.encode` takes); `limitsOf` reads the bounds of a wire field so the invalid generators can
 * step just outside them.
 */

type Def = { readonly type: string; readonly [key: string]: unknown };
type AnySchema = z.core.$ZodType;

/** A schema's definition through its public `.def` (every zod and zod/mini schema has one). */
export function defOf(schema: AnySchema): Def {
  if (!('def' in schema)) throw new TypeError('not a zod or zod/mini schema: it has no def');
  return schema.def as Def;
}
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
  /** Further patterns a string must match too. */
  alsoMatching?: RegExp[];
  min?: number;
  minInclusive?: boolean;
  max?: number;
  maxInclusive?: boolean;
  integer?: boolean;
}

const jsonSchemas = new WeakMap<AnySchema, JsonSchema>();

/** A leaf's JSON Schema (its input side, as it is sent), kept per schema. */
function jsonSchemaOf(schema: AnySchema): JsonSchema {
  let json = jsonSchemas.get(schema);
  if (json === undefined) {
    try {
      json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    } catch {
      // A schema JSON Schema cannot state (a cycle, a custom type): no bounds known.
      json = {};
    }
    jsonSchemas.set(schema, json);
  }
  return json;
}

/** The bounds a schema states (length, pattern, range, integer), as its JSON Schema gives them. */
export function limitsOf(schema: AnySchema): Limits {
  const json = jsonSchemaOf(schema);
  const limits: Limits = {};
  const number = (key: string) => (typeof json[key] === 'number' ? (json[key] as number) : undefined);
  if (json.type === 'integer') limits.integer = true;
  const minLength = number('minLength') ?? number('minItems');
  const maxLength = number('maxLength') ?? number('maxItems');
  if (minLength !== undefined && minLength === maxLength) limits.exactLength = minLength;
  else {
    if (minLength !== undefined) limits.minLength = minLength;
    if (maxLength !== undefined) limits.maxLength = maxLength;
  }
  // Several regex checks are an allOf of patterns: the first generates, every one must hold.
  const patterns = [json, ...(Array.isArray(json.allOf) ? (json.allOf as JsonSchema[]) : [])]
    .map((node) => node.pattern)
    .filter((p): p is string => typeof p === 'string');
  if (patterns.length > 0) limits.pattern = new RegExp(patterns[0] ?? '', 'u');
  if (patterns.length > 1) limits.alsoMatching = patterns.slice(1).map((p) => new RegExp(p, 'u'));
  const exclusiveMin = number('exclusiveMinimum');
  const min = number('minimum');
  if (exclusiveMin !== undefined) {
    limits.min = exclusiveMin;
    limits.minInclusive = false;
  } else if (min !== undefined) {
    limits.min = min;
    limits.minInclusive = true;
  }
  const exclusiveMax = number('exclusiveMaximum');
  const max = number('maximum');
  if (exclusiveMax !== undefined) {
    limits.max = exclusiveMax;
    limits.maxInclusive = false;
  } else if (max !== undefined) {
    limits.max = max;
    limits.maxInclusive = true;
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
    const others = limits.alsoMatching ?? [];
    return fc
      .stringMatching(pattern)
      .filter(
        (s) =>
          s.length >= minLength &&
          s.length <= (limits.exactLength ?? limits.maxLength ?? Number.POSITIVE_INFINITY) &&
          others.every((other) => other.test(s)),
      );
  }
  const body = fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }) },
    { weight: 2, arbitrary: hostileText(minLength, maxLength) },
  );
  return body.map((s) => {
    let text = s.slice(0, maxLength);
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
