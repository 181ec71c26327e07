import { registry } from '@topup/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { encoderOf, isDirectionFree } from './encode';

const asText = z.codec(z.string(), z.number(), {
  decode: (text) => Number(text),
  encode: (value) => String(value),
});

interface Tree {
  name: string;
  children: Tree[];
}
const tree: z.ZodType<Tree> = z.lazy(() => z.object({ name: z.string(), children: z.array(tree) }));

describe('isDirectionFree', () => {
  it.each([
    ['a plain object', z.object({ uid: z.number().int(), name: z.string().min(1), ok: z.boolean() }), true],
    [
      'optional, nullable and enum fields',
      z.object({ a: z.string().optional(), b: z.enum(['X', 'Y']).nullable() }),
      true,
    ],
    [
      'arrays, records, tuples and unions',
      z.object({
        a: z.array(z.union([z.literal(1), z.string()])),
        r: z.record(z.string(), z.tuple([z.number()])),
      }),
      true,
    ],
    [
      'a discriminated union',
      z.discriminatedUnion('k', [
        z.object({ k: z.literal('a') }),
        z.object({ k: z.literal('b'), n: z.number() }),
      ]),
      true,
    ],
    ['a recursive schema', tree, true],
    ['a codec', asText, false],
    ['a codec deep inside', z.object({ list: z.array(z.object({ at: asText })) }), false],
    ['a codec in a union', z.object({ v: z.union([z.boolean(), asText]) }), false],
    ['a default', z.object({ n: z.number().default(1) }), false],
    ['a prefault', z.object({ n: z.number().prefault(1) }), false],
    ['a catch', z.object({ n: z.number().catch(0) }), false],
    ['a transform', z.object({ n: z.string().transform((s) => s.length) }), false],
    ['a readonly object', z.object({ n: z.number() }).readonly(), false],
    ['a catchall with a codec', z.object({}).catchall(asText), false],
  ] as const)('%s', (_, schema, free) => {
    expect(isDirectionFree(schema)).toBe(free);
  });
});

describe('encoderOf', () => {
  const account = registry.checkDisplayId.data;
  const row = {
    uid: 1001,
    display_id: '10000001',
    is_guest: false,
    nickname: 'ريم',
    icon: '/a.png',
    status: 0,
    streamer_state: 'NONE',
    room_id: 0,
  } as const;

  it('answers what z.encode answers for a schema without codecs', () => {
    expect(encoderOf(account)({ ...row, extra: 'dropped' } as typeof row)).toEqual(z.encode(account, row));
    expect(encoderOf(account)(row)).toEqual(row);
  });

  it('refuses an off-contract answer as z.encode does', () => {
    const wrong = { ...row, uid: 1.5 };
    expect(() => z.encode(account, wrong)).toThrow();
    expect(() => encoderOf(account)(wrong)).toThrow(/uid/);
    expect(() => encoderOf(account)({ ...row, status: undefined } as never)).toThrow(/status/);
  });

  it('still encodes a codec: a JSON field is sent as its string', () => {
    const domains = registry.backupDomains.data;
    const value = z.decode(domains, '{"domains":{"a":["b"]}}');
    expect(encoderOf(domains)(value)).toBe(z.encode(domains, value));
    expect(encoderOf(z.object({ n: asText }))({ n: 5 })).toEqual({ n: '5' });
  });
});
