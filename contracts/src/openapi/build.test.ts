import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
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

/** Issue 28: the document carries what the server answers and enforces, not only status 200. */
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
