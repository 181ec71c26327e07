import { z } from 'zod/mini';

/**
 * Codecs for parameters that travel as strings (query strings, form bodies) or as JSON inside a string.
 * A request schema's input is the wire form and its output the app's value: the server decodes
 * (`schema.parse`), the typed client encodes (`z.encode`), and both sides share one schema.
 */

/**
 * What a codec below sends on the wire, so the OpenAPI document can describe the wire form with the decoded
 * value's enums and bounds (an integer parameter, a JSON string) instead of the codec's loose input union.
 */
export type WireForm = { form: 'int' } | { form: 'number' } | { form: 'json'; maxLength: number };
export const wireForms = /* @__PURE__ */ z.registry<WireForm>();

/** The largest integer the wire's digits (at most 15 of them) can carry. */
export const WIRE_INT_MAX = 999_999_999_999_999;

/** An integer sent as digits in a query or form, or as a number in a JSON body. */
export const wireInt = () => {
  const codec = z.codec(
    z.union([z.string().check(z.regex(/^-?\d{1,15}$/, 'expected an integer')), z.int()]),
    z.int(),
    { decode: (value) => Number(value), encode: (value) => String(value) },
  );
  wireForms.add(codec, { form: 'int' });
  return codec;
};

/** The digits of a decimal number on the wire: at most 12 before the point and 6 after it. */
export const WIRE_NUMBER_PATTERN = /^-?\d{1,12}(\.\d{1,6})?$/;

/** A decimal number (an amount) sent as a string or a number. */
export const wireNumber = () => {
  const codec = z.codec(
    z.union([z.string().check(z.regex(WIRE_NUMBER_PATTERN, 'expected a number')), z.number()]),
    z.number(),
    {
      decode: (value) => Number(value),
      encode: (value) => String(value),
    },
  );
  wireForms.add(codec, { form: 'number' });
  return codec;
};

/** A boolean sent as 1/0 or true/false. */
export const wireBool = () =>
  z.codec(
    z.union([z.enum(['0', '1', 'true', 'false']), z.boolean(), z.literal(0), z.literal(1)]),
    z.boolean(),
    {
      decode: (value) => value === true || value === 1 || value === '1' || value === 'true',
      encode: (value) => (value ? '1' : '0'),
    },
  );

/** A structured value sent as a JSON string (SPEC §7: files, records, ext, platform_data, requests). */
export const wireJson = <T extends z.core.$ZodType>(schema: T, maxLength = 65536) => {
  const codec = z.codec(z.string().check(z.maxLength(maxLength)), schema, {
    decode: (text, ctx) => {
      try {
        return JSON.parse(text);
      } catch {
        ctx.issues.push({
          code: 'invalid_format',
          format: 'json',
          input: text,
          message: 'expected a JSON string',
        });
        return z.NEVER;
      }
    },
    encode: (value) => JSON.stringify(value),
  });
  wireForms.add(codec, { form: 'json', maxLength });
  return codec;
};

/** A bounded piece of text from a query or form. */
export const wireText = (max = 256) => z.string().check(z.maxLength(max));
