import { CALL_NAMES, type CallName, registry } from '@topup/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { appValue, HOSTILE_UNITS, hostileText, limitsOf } from './arbitraries';
import { curlLine, shellQuote } from './curl';
import {
  asTransported,
  fuzzRequests,
  isValidRequest,
  MAX_QUERY,
  mutatedRequests,
  validRequests,
} from './requests';

const SEED = 20261123;

describe('arbitraries derived from zod schemas', () => {
  it.each([
    ['bounded text', z.string().check(z.minLength(2), z.maxLength(5))],
    ['a pattern', z.string().check(z.regex(/^\d{4}$/))],
    ['a positive int', z.int().check(z.positive())],
    ['an amount', z.number().check(z.positive())],
    ['an enum', z.enum(['a', 'b'])],
    ['an object with optional fields', z.object({ a: z.string(), b: z.optional(z.int()) })],
    ['a bounded array', z.array(z.int()).check(z.maxLength(2))],
    ['a record', z.record(z.string(), z.boolean())],
    ['a union', z.union([z.literal(1), z.literal('x'), z.null()])],
  ] as const)('generates only values %s accepts', (_name, schema) => {
    fc.assert(
      fc.property(appValue(schema), (value) => schema.safeParse(value).success),
      { seed: SEED, numRuns: 200 },
    );
  });

  it('reads the bounds a schema states', () => {
    expect(limitsOf(z.string().check(z.minLength(1), z.maxLength(64)))).toEqual({
      minLength: 1,
      maxLength: 64,
    });
    expect(limitsOf(z.int().check(z.positive()))).toMatchObject({
      integer: true,
      min: 0,
      minInclusive: false,
    });
  });

  it('makes hostile text: bidi overrides and isolates, NUL and lone surrogates come up', () => {
    const seen = new Set(fc.sample(hostileText(), { seed: SEED, numRuns: 300 }).join(''));
    for (const unit of ['\u202E', '\u2066', '\u0000', '\uD800', '\u200B']) expect(seen.has(unit)).toBe(true);
    expect(HOSTILE_UNITS.length).toBeGreaterThan(10);
  });
});

describe('requests generated from the registry', () => {
  it.each(CALL_NAMES.map((call) => [call]))('%s: every valid request is one its contract accepts', (call) => {
    const sample = fc.sample(validRequests(call as CallName), { seed: SEED, numRuns: 25 });
    expect(sample).toHaveLength(25);
    for (const wire of sample) expect(isValidRequest(call as CallName, wire)).toBe(true);
  });

  it('mutates one field at a time, and the contract says which mutations are invalid', () => {
    const mutated = fc.sample(mutatedRequests('checkDisplayId', validRequests('checkDisplayId')), {
      seed: SEED,
      numRuns: 300,
    });
    const kinds = new Set(mutated.map((r) => r.mutation?.how));
    expect([...kinds].sort()).toEqual([
      'bidi-wrapped',
      'extra-field',
      'hostile-unicode',
      'missing',
      'out-of-range',
      'oversize',
      'wrong-type',
    ]);
    // display_id is required and at most 32 characters: its removal and its oversize are always invalid.
    for (const r of mutated.filter((m) => m.mutation?.field === 'display_id')) {
      if (r.mutation?.how === 'missing' || r.mutation?.how === 'oversize') {
        expect(isValidRequest('checkDisplayId', r.wire)).toBe(false);
      }
    }
    // An extra field is stripped by the schema, so it stays valid.
    const extra = mutated.find(
      (m) => m.mutation?.how === 'extra-field' && m.mutation.field === 'unexpected_field',
    );
    expect(extra && isValidRequest('checkDisplayId', extra.wire)).toBe(true);
  });

  it('mixes valid and invalid requests for every call', () => {
    for (const call of ['createCoinPay', 'clickCancel', 'accountLogin'] as const) {
      const sample = fc.sample(fuzzRequests(call), { seed: SEED, numRuns: 60 });
      const valid = sample.filter((r) => isValidRequest(call, r.wire)).length;
      expect(valid).toBeGreaterThan(10);
      expect(valid).toBeLessThan(60);
    }
  });

  it('treats a JSON body with __proto__ and a query longer than a URL carries as invalid', () => {
    const poisoned = JSON.parse('{"order_id":"o1","__proto__":{"x":1}}') as Record<string, unknown>;
    expect(isValidRequest('getOrderInfo', poisoned)).toBe(false);
    expect(isValidRequest('getOrderInfo', { order_id: 'o1' })).toBe(true);
    expect(isValidRequest('getPayError', { order_id: 'o1', source: '1', x: 'a'.repeat(MAX_QUERY) })).toBe(
      false,
    );
  });

  it('sends query parameters as strings, JSON bodies as they are', () => {
    expect(asTransported('checkDisplayId', { display_id: 12345, source: 1, x: [1] })).toEqual({
      display_id: '12345',
      source: '1',
      x: '[1]',
    });
    expect(asTransported('clickCancel', { app_order: 5 })).toEqual({ app_order: 5 });
  });
});

describe('curl lines', () => {
  it('quotes for a POSIX shell', () => {
    expect(shellQuote(`it's $HOME`)).toBe(`'it'\\''s $HOME'`);
  });

  it('adds the headers a signed-in call carries', () => {
    expect(
      curlLine('http://h/', 'getCardSource', { h5_deviceid: 'd' }, { 'x-session-key': 'sk-1' }),
    ).toContain("-H 'x-session-key: sk-1'");
  });

  it.each([
    [
      'checkDisplayId',
      { display_id: '‮10000001', source: '1' },
      /-X GET .*'http:\/\/h\/api\/web\/check_display_id\/\?display_id=%E2%80%AE10000001&source=1'$/,
    ],
    [
      'clickCancel',
      { app_order: "o'1", reason: 'x' },
      /-X POST --data-binary '\{"app_order":"o'\\''1","reason":"x"\}' .*content-type: application\/json/,
    ],
    [
      'getRechargeListV3',
      { uid: '1001', source: '1' },
      /--data-binary 'uid=1001&source=1' .*x-www-form-urlencoded/,
    ],
    ['createCoinPay', { recharge_id: 'rc' }, /-H 'x-cli-rid: fuzz-replay'/],
  ] as const)('%s travels as its contract says', (call, wire, pattern) => {
    const line = curlLine('http://h/', call, wire);
    expect(line).toMatch(/^curl -sS /);
    expect(line).toMatch(pattern);
    expect(registry[call].path.length).toBeGreaterThan(0);
  });
});
