import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { wireBool, wireInt, wireJson, wireNumber } from './wire';

describe('wire codecs', () => {
  it.each([
    [wireInt(), '42', 42],
    [wireInt(), 42, 42],
    [wireInt(), '-10000', -10000],
    [wireNumber(), '4.99', 4.99],
    [wireBool(), '1', true],
    [wireBool(), 'false', false],
    [wireBool(), 0, false],
    [wireJson(z.array(z.number())), '[1,2]', [1, 2]],
  ] as const)('decodes %#', (schema, wire, value) => {
    expect((schema as z.core.$ZodType as z.ZodType).parse(wire)).toEqual(value);
  });

  it.each([
    [wireInt(), '4.2'],
    [wireInt(), 'abc'],
    [wireNumber(), '1e9'],
    [wireBool(), 'yes'],
    [wireJson(z.array(z.number())), '{not json'],
    [wireJson(z.array(z.number())), '["a"]'],
  ] as const)('refuses %#', (schema, wire) => {
    expect((schema as z.core.$ZodType as z.ZodType).safeParse(wire).success).toBe(false);
  });

  it('encodes app values back to the wire', () => {
    const schema = z.object({ uid: wireInt(), remember: wireBool(), files: wireJson(z.array(z.string())) });
    const wire = z.encode(schema, { uid: 1001, remember: true, files: ['a'] });
    expect(wire).toEqual({ uid: '1001', remember: '1', files: '["a"]' });
    expect(schema.parse(wire)).toEqual({ uid: 1001, remember: true, files: ['a'] });
  });
});
