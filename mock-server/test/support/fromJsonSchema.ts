import fc from 'fast-check';

/** A JSON Schema node as the OpenAPI document writes it (draft 2020-12). */
export type JsonSchema = { readonly [key: string]: unknown };

const SMALL = 3;
const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

function integerOf(s: JsonSchema): fc.Arbitrary<number> {
  const exclusiveMin = num(s.exclusiveMinimum);
  const exclusiveMax = num(s.exclusiveMaximum);
  const min = num(s.minimum) ?? (exclusiveMin === undefined ? Number.MIN_SAFE_INTEGER : exclusiveMin + 1);
  const max = num(s.maximum) ?? (exclusiveMax === undefined ? Number.MAX_SAFE_INTEGER : exclusiveMax - 1);
  return fc.oneof(fc.constantFrom(min, max), fc.integer({ min, max }));
}

function stringOf(s: JsonSchema): fc.Arbitrary<string> {
  const minLength = num(s.minLength) ?? 0;
  const maxLength = num(s.maxLength) ?? 64;
  if (s.contentMediaType === 'application/json' && s.contentSchema !== undefined) {
    return arbitraryOf(s.contentSchema as JsonSchema)
      .map((value) => JSON.stringify(value))
      .filter((text) => text.length <= maxLength);
  }
  if (typeof s.pattern === 'string') {
    return fc
      .stringMatching(new RegExp(s.pattern, 'u'))
      .filter((text) => text.length >= minLength && text.length <= maxLength);
  }
  // The longest value the document allows, and short ones in any characters (Arabic and emoji included).
  return fc.oneof(
    fc.constant('x'.repeat(Math.max(minLength, maxLength))),
    fc.string({ unit: 'grapheme', minLength, maxLength: Math.min(maxLength, Math.max(minLength, 24)) }),
  );
}

function objectOf(s: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
  const required = (s.required ?? []) as string[];
  const model = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, arbitraryOf(v)]));
  const known = fc.record(model, { requiredKeys: required.filter((k) => k in model) });
  const extra = s.additionalProperties;
  if (Object.keys(properties).length > 0 || extra === false || extra === undefined) return known;
  const value = extra === true ? fc.jsonValue({ maxDepth: 1 }) : arbitraryOf(extra as JsonSchema);
  return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), value, { maxKeys: SMALL });
}

/**
 * A fast-check arbitrary of the values a JSON Schema allows: enums and consts, integer bounds (each bound
 * itself among them), string lengths, patterns and JSON content, objects with their required keys, bounded
 * arrays, unions. Only what the project's document uses: a keyword it does not know is an error, not a guess.
 */
export function arbitraryOf(s: JsonSchema): fc.Arbitrary<unknown> {
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  if ('const' in s) return fc.constant(s.const);
  const variants = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
  if (variants !== undefined) return fc.oneof(...variants.map(arbitraryOf));
  switch (s.type) {
    case 'integer':
      return integerOf(s);
    case 'number':
      return fc.double({
        noNaN: true,
        noDefaultInfinity: true,
        min: num(s.minimum) ?? -Number.MAX_VALUE,
        max: num(s.maximum) ?? Number.MAX_VALUE,
      });
    case 'boolean':
      return fc.boolean();
    case 'string':
      return stringOf(s);
    case 'null':
      return fc.constant(null);
    case 'array': {
      const item = s.items === undefined ? fc.jsonValue({ maxDepth: 1 }) : arbitraryOf(s.items as JsonSchema);
      const minLength = num(s.minItems) ?? 0;
      return fc.array(item, { minLength, maxLength: Math.min(num(s.maxItems) ?? SMALL, minLength + SMALL) });
    }
    case 'object':
      return objectOf(s);
    case undefined:
      if (Object.keys(s).every((k) => k === 'description' || k === 'default'))
        return fc.jsonValue({ maxDepth: 1 });
  }
  throw new Error(`no generator for the schema ${JSON.stringify(s).slice(0, 200)}`);
}
