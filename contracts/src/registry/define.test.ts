import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { partQuery } from './call';
import { defineCall } from './define';

const contract = defineCall({
  method: 'GET',
  path: '/api/test/call/',
  transport: 'query',
  summary: 'a call for defineCall tests',
  tag: 'test',
  request: z.object({
    n: z.codec(z.string().check(z.regex(/^\d+$/)), z.int(), { decode: Number, encode: String }),
  }),
  data: z.object({ ok: z.boolean() }),
  codes: [],
  access: 'public',
  readOnly: true,
});

describe('defineCall', () => {
  it('keeps the plain fields and the schemas as given', () => {
    expect([contract.method, contract.path, contract.transport, contract.codes, contract.access]).toEqual([
      'GET',
      '/api/test/call/',
      'query',
      [],
      'public',
    ]);
    expect(contract.request.safeParse({ n: '3' }).success).toBe(true);
    expect(contract.data.safeParse({ ok: 1 }).success).toBe(false);
  });

  it('encodes the app value to the wire form, and refuses one outside the contract', () => {
    expect(contract.encode({ n: 42 })).toEqual({ n: '42' });
    expect(() => contract.encode({ n: 'x' })).toThrow();
  });

  it('parses success data, and reports the path of what it refuses', () => {
    expect(contract.parse({ ok: false })).toEqual({ success: true, data: { ok: false } });
    const refused = contract.parse({ ok: 'yes' });
    expect(refused.success).toBe(false);
    expect(refused.success ? [] : refused.issues.map((i) => i.path)).toEqual([['ok']]);
  });
});

describe('partQuery', () => {
  it.each<[string, readonly string[] | undefined, Record<string, string>, object, object]>([
    ['no query fields: all in the body', undefined, { a: '1' }, {}, { a: '1' }],
    [
      'config: channel and pure in the query',
      ['channel', 'pure'],
      { channel: 'c', pure: '1' },
      { channel: 'c', pure: '1' },
      {},
    ],
    ['the rest stays in the body', ['channel'], { channel: 'c', x: '2' }, { channel: 'c' }, { x: '2' }],
    [
      'a __proto__ field stays a field',
      undefined,
      JSON.parse('{"__proto__":"x"}'),
      {},
      JSON.parse('{"__proto__":"x"}'),
    ],
  ])('%s', (_, query, wire, inQuery, inBody) => {
    const parted = partQuery(query === undefined ? {} : { query }, wire);
    expect(parted.query).toStrictEqual(inQuery);
    expect(parted.body).toStrictEqual(inBody);
    expect(Object.keys(parted.body)).toEqual(Object.keys(inBody));
  });
});
