import { buildOpenApi } from '@topup/contracts/openapi/build';
import { queryBytes, REQUEST_HEAD_MAX_BYTES } from '@topup/contracts/requestSize';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { arbitraryOf, type JsonSchema } from './support/fromJsonSchema';
import { callInjectWire, TEST_DEVICE } from './support/inject';
import { getHead, rawStatus } from './support/rawHttp';

/**
 * The mock fuzzed from the OpenAPI document alone. Each operation's requests are generated from the
 * document's parameter and body schemas (seeded, a few dozen each) and sent through `app.inject`; none may be
 * refused as malformed. A shape refusal is recognised by its `data.issues` (dispatch.ts, app.ts); a business
 * refusal (no such package, no such order, signed out) is not one and is allowed.
 */
type Parameter = {
  name: string;
  in: string;
  required?: boolean;
  schema?: JsonSchema;
  content?: Record<string, { schema: JsonSchema }>;
  'x-max-length'?: number;
};
type Operation = {
  operationId: string;
  'x-max-query-bytes'?: number;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};
type Request = { query: Record<string, string>; body?: { type: string; payload: string } };

const RUNS = 30;
const doc = buildOpenApi() as { paths: Record<string, Record<string, Operation>> };
const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

function parameterArbitrary(p: Parameter): fc.Arbitrary<unknown> {
  const json = p.content?.['application/json'];
  if (json === undefined) return arbitraryOf(p.schema ?? {});
  const max = p['x-max-length'] ?? Infinity;
  return arbitraryOf(json.schema)
    .map((value) => JSON.stringify(value))
    .filter((serialised) => serialised.length <= max);
}

function requestArbitrary(op: Operation): fc.Arbitrary<Request> {
  const query = (op.parameters ?? []).filter((p) => p.in === 'query');
  const model = Object.fromEntries(query.map((p) => [p.name, parameterArbitrary(p)]));
  const required = query.filter((p) => p.required).map((p) => p.name);
  const queryArb = fc
    .record(model, { requiredKeys: required })
    .map((values) => {
      const out: Record<string, string> = {};
      for (const [name, value] of Object.entries(values)) {
        // A form-exploded object parameter (style: form, explode: true) sends each of its fields.
        if (name === 'params' && typeof value === 'object' && value !== null)
          for (const [k, v] of Object.entries(value)) out[k] = text(v);
        else out[name] = text(value);
      }
      return out;
    })
    // The document allows a query only up to the operation's x-max-query-bytes, as sent.
    .filter((q) => queryBytes(q) <= (op['x-max-query-bytes'] ?? Number.POSITIVE_INFINITY));
  const [type, media] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
  if (type === undefined || media === undefined) return queryArb.map((q) => ({ query: q }));
  const bodyArb = arbitraryOf(media.schema).map((value) => {
    if (type === 'application/json') return { type, payload: JSON.stringify(value) };
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) form.set(k, text(v));
    return { type, payload: form.toString() };
  });
  return fc.record({ query: queryArb, body: bodyArb });
}

const operations = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
  Object.entries(byMethod)
    // A multipart upload's file part has no JSON Schema a generator can send as a file.
    .filter(([, op]) => op.requestBody?.content['multipart/form-data'] === undefined)
    .map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
);

describe('the mock fuzzed from its OpenAPI document', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ now: new Date(Date.UTC(2026, 10, 25, 12)) });
  });
  afterAll(async () => {
    await app.close();
  });

  it('marks a refusal of the request’s shape with data.issues, and a business refusal without it', async () => {
    const order = {
      recharge_id: 'no-such-package',
      uid: '10001',
      pay_type: '23',
      source: '1',
      ext: JSON.stringify({ h5_deviceid: TEST_DEVICE }),
    };
    const business = await callInjectWire(app, 'createCoinPay', order);
    expect(business).toMatchObject({ result: 10001, data: null });
    expect(business.message).toContain('recharge_id');
    const shape = await callInjectWire(app, 'createCoinPay', { ...order, source: '0' });
    expect(shape).toMatchObject({ result: 10001, data: { issues: [{ path: ['source'] }] } });
  });

  it('states the whole query string’s limit on every GET operation, within the server’s head limit', async () => {
    const gets = operations.filter((o) => o.method === 'GET' && !o.path.startsWith('/__'));
    expect(gets.length).toBeGreaterThan(20);
    for (const { op } of gets) {
      expect(op['x-max-query-bytes'], op.operationId).toBeLessThan(REQUEST_HEAD_MAX_BYTES);
      expect(op.description, op.operationId).toContain(`${op['x-max-query-bytes']} bytes in all`);
    }
  });

  it('reads a GET whose query is as long as the document allows, with a browser’s headers; refuses past its head limit', async () => {
    for (const { path, op } of operations.filter((o) => o.method === 'GET' && o.op['x-max-query-bytes'])) {
      const max = op['x-max-query-bytes'] ?? 0;
      // Arabic letters, six bytes each once escaped: the longest query the document allows, to the byte.
      const name = 'pad';
      const letters = Math.floor((max - name.length - 1) / 6);
      const padding = 'a'.repeat(max - name.length - 1 - letters * 6);
      const query = { [name]: `${'ش'.repeat(letters)}${padding}` };
      expect(queryBytes(query)).toBe(max);
      const head = getHead(`${path}?${new URLSearchParams(query)}`);
      expect(await rawStatus(app, head), op.operationId).not.toBe(431);
    }
    const over = getHead(`/api/sys/ts/?pad=${'a'.repeat(REQUEST_HEAD_MAX_BYTES)}`);
    expect(await rawStatus(app, over)).toBe(431);
  });

  it.each(operations.map((o) => [o.op.operationId, o] as const))(
    '%s: no request the document allows is refused as malformed',
    async (_name, { path, method, op }) => {
      const requests = fc.sample(requestArbitrary(op), { numRuns: RUNS, seed: 28 });
      const refused: string[] = [];
      for (const request of requests) {
        // Through the server's own HTTP parser as well: no request the document allows is too large for it.
        if (method === 'GET') {
          const status = await rawStatus(app, getHead(`${path}?${new URLSearchParams(request.query)}`));
          if (status === 431 || status === 414)
            refused.push(`${status} too large ← ${queryBytes(request.query)} bytes`);
        }
        const res = await app.inject({
          method: method as 'GET' | 'POST',
          url: path,
          query: request.query,
          headers: {
            'x-device-token': TEST_DEVICE,
            ...(request.body ? { 'content-type': request.body.type } : {}),
          },
          ...(request.body ? { payload: request.body.payload } : {}),
        });
        const raw = res.body.startsWith('/**/')
          ? res.body.slice(res.body.indexOf('(') + 1, res.body.lastIndexOf(')'))
          : res.body;
        const envelope = JSON.parse(raw) as {
          result: number;
          message: string;
          data?: { issues?: unknown } | null;
        };
        if (res.statusCode === 400 || envelope.data?.issues !== undefined)
          refused.push(`${res.statusCode} ${envelope.message} ← ${JSON.stringify(request).slice(0, 300)}`);
      }
      expect(requests).toHaveLength(RUNS);
      expect(refused).toEqual([]);
    },
  );
});
