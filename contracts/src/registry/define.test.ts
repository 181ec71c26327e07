import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { type CallSpec, defineCall } from './define';

/** A call whose thunks count how often they run, and can be told to throw. */
function counted(fail: { request?: boolean; data?: boolean } = {}) {
  const built = { request: 0, data: 0 };
  const spec = {
    method: 'GET',
    path: '/api/test/counted/',
    transport: 'query',
    summary: 'a call for defineCall tests',
    tag: 'test',
    request: () => {
      built.request += 1;
      if (fail.request === true) throw new Error('request schema failed');
      return z.object({
        n: z.codec(z.string().check(z.regex(/^\d+$/)), z.int(), { decode: Number, encode: String }),
      });
    },
    data: () => {
      built.data += 1;
      if (fail.data === true) throw new Error('data schema failed');
      return z.object({ ok: z.boolean() });
    },
    codes: [],
    access: 'public',
    readOnly: true,
  } as const satisfies CallSpec<z.ZodMiniType, z.ZodMiniType>;
  return { contract: defineCall(spec), built };
}

type Contract = ReturnType<typeof counted>['contract'];

/** Ways to touch a contract, and which schema each one needs. */
const USES: readonly (readonly [string, 'request' | 'data', (c: Contract) => unknown])[] = [
  ['reading request', 'request', (c) => c.request],
  ['reading data', 'data', (c) => c.data],
  ['encode', 'request', (c) => c.encode({ n: 7 })],
  ['parse', 'data', (c) => c.parse({ ok: true })],
];

describe('defineCall', () => {
  it('builds neither schema when the call is defined, nor when its plain fields are read', () => {
    const { contract, built } = counted();
    expect([contract.method, contract.path, contract.transport, contract.codes, contract.access]).toEqual([
      'GET',
      '/api/test/counted/',
      'query',
      [],
      'public',
    ]);
    expect(built).toEqual({ request: 0, data: 0 });
  });

  it.each(USES)('%s builds only the %s schema, once, however often it is used', (_, schema, use) => {
    const { contract, built } = counted();
    use(contract);
    use(contract);
    use(contract);
    expect(built).toEqual({ request: schema === 'request' ? 1 : 0, data: schema === 'data' ? 1 : 0 });
  });

  it('reads the same schema object every time, and encode and parse use that one', () => {
    const { contract, built } = counted();
    expect(contract.request).toBe(contract.request);
    expect(contract.data).toBe(contract.data);
    expect(contract.encode({ n: 7 })).toEqual({ n: '7' });
    expect(contract.parse({ ok: true })).toEqual({ success: true, data: { ok: true } });
    expect(built).toEqual({ request: 1, data: 1 });
  });

  it.each([
    ['before', false],
    ['after', true],
  ])('encode and parse work %s request and data were read', (_, readFirst) => {
    const { contract } = counted();
    if (readFirst) {
      expect(contract.request.safeParse({ n: '3' }).success).toBe(true);
      expect(contract.data.safeParse({ ok: 1 }).success).toBe(false);
    }
    expect(contract.encode({ n: 42 })).toEqual({ n: '42' });
    expect(() => contract.encode({ n: 'x' })).toThrow();
    expect(contract.parse({ ok: false })).toEqual({ success: true, data: { ok: false } });
    const refused = contract.parse({ ok: 'yes' });
    expect(refused.success).toBe(false);
    expect(refused.success ? [] : refused.issues.map((i) => i.path)).toEqual([['ok']]);
  });

  it('keeps request and data enumerable like the plain properties they replace (a spread copies schemas)', () => {
    const { contract } = counted();
    const copy = { ...contract };
    expect(copy.request).toBe(contract.request);
    expect(copy.data).toBe(contract.data);
    expect(Object.keys(contract)).toEqual(expect.arrayContaining(['request', 'data', 'encode', 'parse']));
  });

  it.each([
    ['request', (c: Contract) => c.request],
    ['request', (c: Contract) => c.encode({ n: 1 })],
    ['data', (c: Contract) => c.data],
    ['data', (c: Contract) => c.parse({ ok: true })],
  ] as const)(
    'a %s thunk that throws surfaces where it is used, each time, and spares the other',
    (which, use) => {
      const { contract, built } = counted({ [which]: true });
      const message = `${which} schema failed`;
      expect(() => use(contract)).toThrow(message);
      expect(() => use(contract)).toThrow(message);
      expect(built[which]).toBe(2);
      const other = which === 'request' ? 'data' : 'request';
      expect(() => contract[other]).not.toThrow();
    },
  );
});
