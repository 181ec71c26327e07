import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { PAY_TYPES } from '../payTypes';
import { CALL_NAMES, registry } from '../registry/index';
import { buildOpenApi, QUERY_VALUE_MAX } from './build';

type Operation = {
  parameters?: {
    name: string;
    in: string;
    schema?: { type?: string; maxLength?: number; enum?: unknown[] };
    content?: unknown;
  }[];
  responses: Record<string, unknown>;
};
const doc = buildOpenApi() as { paths: Record<string, Record<string, Operation>> };
const operation = (name: (typeof CALL_NAMES)[number]) => {
  const { path, method } = registry[name];
  const found = doc.paths[path]?.[method.toLowerCase()];
  if (found === undefined) throw new Error(`${name} is not in the document`);
  return found;
};

/** The document carries what the server answers and enforces, not only status 200. */
describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(buildOpenApi());
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every status the server can answer for each call', () => {
    for (const name of CALL_NAMES) {
      const { transport } = registry[name];
      const body = transport !== 'query' && transport !== 'jsonp';
      const expected = ['200', '400', '405', '408', '429', '431', ...(body ? ['413', '415'] : [])].sort();
      expect([name, Object.keys(operation(name).responses).sort()]).toEqual([name, expected]);
    }
  });

  it('bounds every text query value under the header limit, and decodes ids and JSON values', () => {
    for (const name of CALL_NAMES) {
      for (const p of operation(name).parameters ?? []) {
        if (p.in === 'query' && p.schema?.type === 'string' && p.schema.enum === undefined)
          expect(p.schema.maxLength ?? Infinity).toBeLessThanOrEqual(QUERY_VALUE_MAX);
      }
    }
    const pay = operation('createCoinPay').parameters ?? [];
    expect(pay.find((p) => p.name === 'uid')?.schema).toMatchObject({ type: 'integer', exclusiveMinimum: 0 });
    expect(pay.find((p) => p.name === 'platform_data')?.content).toHaveProperty('application/json');
  });
});

type Parameter = NonNullable<Operation['parameters']>[number] & { 'x-max-length'?: number };
type Body = {
  requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
};
const queryParam = (name: (typeof CALL_NAMES)[number], param: string): Parameter | undefined =>
  operation(name).parameters?.find((p) => p.in === 'query' && p.name === param);
const bodyField = (name: (typeof CALL_NAMES)[number], field: string) => {
  const content = (operation(name) as Body).requestBody?.content ?? {};
  return Object.values(content)[0]?.schema.properties[field];
};

describe('fields a POST sends in its query', () => {
  it("are config's query parameters, and its body is gone (SPEC §7)", () => {
    const config = operation('config');
    expect(
      config.parameters
        ?.filter((p) => p.in === 'query')
        .map((p) => [p.name, (p as { required?: boolean }).required]),
    ).toEqual([
      ['channel', true],
      ['pure', false],
    ]);
    expect(config).not.toHaveProperty('requestBody');
  });
});

/** Each value the mock refused although the document allowed it is now outside the document. */
describe('the OpenAPI document carries the contracts’ enums and bounds', () => {
  it.each([
    [
      'source is 1 or 4',
      () => queryParam('createCoinPay', 'source')?.schema,
      { type: 'integer', enum: [1, 4] },
    ],
    [
      'source in a form body',
      () => bodyField('getRechargeListV3', 'source'),
      { type: 'integer', enum: [1, 4] },
    ],
    [
      'pay_type is a pay type',
      () => queryParam('createCoinPay', 'pay_type')?.schema,
      { enum: [...PAY_TYPES] },
    ],
    ['pay_type of a fine', () => queryParam('createFinePay', 'pay_type')?.schema, { enum: [...PAY_TYPES] }],
    ['a uid is positive', () => queryParam('createCoinPay', 'uid')?.schema, { exclusiveMinimum: 0 }],
    ['a fine id is positive', () => queryParam('getFineInfo', 'id')?.schema, { exclusiveMinimum: 0 }],
    [
      'a form uid is positive',
      () => bodyField('checkUidPost', 'uid'),
      { type: 'integer', exclusiveMinimum: 0 },
    ],
    ['a page is at most 100', () => queryParam('rechargeFillRecord', 'limit')?.schema, { maximum: 100 }],
    [
      'integers fit the wire’s 15 digits',
      () => bodyField('googleLogin', 'version_code'),
      { maximum: 999_999_999_999_999 },
    ],
    [
      'platform_data is JSON',
      () => queryParam('createCoinPay', 'platform_data'),
      { content: { 'application/json': { schema: { type: 'object' } } }, 'x-max-length': QUERY_VALUE_MAX },
    ],
  ])('%s', (_why, actual, expected) => {
    expect(actual()).toMatchObject(expected);
  });

  it('keeps every query value, JSON ones included, within the query limit', () => {
    for (const name of CALL_NAMES) {
      for (const p of (operation(name).parameters ?? []) as Parameter[]) {
        if (p.in !== 'query' || p.name === 'params') continue;
        if (p.content !== undefined)
          expect([name, p.name, p['x-max-length']]).toEqual([name, p.name, QUERY_VALUE_MAX]);
        else if (p.schema?.type === 'string')
          expect(p.schema.maxLength ?? Infinity).toBeLessThanOrEqual(QUERY_VALUE_MAX);
      }
    }
  });
});
