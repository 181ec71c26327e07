import { CALL_NAMES, registry, ServerCode } from '@topup/contracts';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { JSON_MAX_DEPTH, jsonDepth } from '../src/contract/hostile';
import { type RunningMock, startMockServer } from '../src/server';
import { CONTROL } from './support/inject';

/**
 * The malformed-request fuzz: deep nesting, bad JSON, huge bodies, bad URLs and
 * odd content types are each answered with an envelope that says what is wrong, never a 5xx.
 */

const NOW = new Date('2026-11-21T09:00:00Z');

const nested = (depth: number, inner = '1') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
const nestedObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

interface Answer {
  statusCode: number;
  body: string;
}

/** The answer is an envelope: JSON (JSONP unwrapped) with a numeric result and, on failure, a message. */
function expectEnvelope(res: Answer, what: string): void {
  expect(res.statusCode, what).toBeLessThan(500);
  const text = res.body.replace(/^\/\*\*\/[\w$.]+\(([\s\S]*)\);$/, '$1');
  let body: { result?: unknown; message?: unknown };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    throw new Error(`${what}: not JSON (${res.statusCode}): ${res.body.slice(0, 120)}`);
  }
  expect(typeof body.result, what).toBe('number');
  if (body.result !== 0) {
    expect(typeof body.message, what).toBe('string');
    expect((body.message as string).length, what).toBeGreaterThan(3);
  }
}

describe('jsonDepth', () => {
  it.each([
    ['1', 0],
    ['[]', 1],
    ['{"a":[1,{"b":[]}]}', 4],
    ['"[[[[["', 0],
    ['["\\"[[[", [1]]', 2],
    [nested(5000), 5000],
  ])('%s', (text, depth) => {
    expect(jsonDepth(text)).toBe(depth);
  });
});

describe('malformed requests', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ now: NOW });
  });
  afterAll(() => app.close());

  it.each([
    ['deep array', nested(100_000)],
    ['deep object', nestedObject(10_000)],
    [
      'deep inside a batch',
      `{"requests":[{"id":"a","method":"GET","path":"/api/sys/ts/","params":{"x":${nested(2000)}}}]}`,
    ],
  ])('refuses %s JSON with a message, before anything recurses on it', async (_what, payload) => {
    for (const url of ['/api/sys/batch_request/', '/api/order/click_cancel/', '/api/sys/add_event/']) {
      const res = await app.inject({
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ result: ServerCode.invalidParam });
      expect(res.json().message).toContain(`deeper than ${JSON_MAX_DEPTH}`);
    }
  });

  it('still takes JSON nested as deep as the cap', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/order/click_cancel/',
      payload: `{"app_order":"PO-none","reason":"","x":${nested(JSON_MAX_DEPTH - 1)}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.json().result).toBe(ServerCode.orderNotFound);
  });

  it('answers a URL that does not decode with an envelope, not Fastify’s own shape', async () => {
    for (const url of ['/api/%zz/', '/api/sys/ts/%E0%A4%A', '/__mock/%']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ result: ServerCode.invalidParam });
      expect(res.json().statusCode, url).toBeUndefined();
    }
  });

  it('refuses a body that poisons the prototype', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/order/click_cancel/',
      payload: '{"app_order":"a","reason":"","__proto__":{"polluted":true}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ result: ServerCode.invalidParam });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers 10,000 seeded malformed requests with envelopes and no 5xx', async () => {
    const paths = [
      ...new Set(CALL_NAMES.map((name) => registry[name].path)),
      '/api/nowhere/',
      '/__mock/config',
      '/__mock/reset',
      '/__mock/journal',
      '/__mock/rooms/5002/push',
      '/api/%zz/',
      '/api/sys/ts/%',
      '/%2e%2e/%2e%2e/etc/passwd',
    ];
    const huge = 'x'.repeat(300 * 1024);
    const body = fc.oneof(
      fc.constant(''),
      fc.string({ maxLength: 60 }),
      fc.constantFrom('{', '{"a":', '[1,2', 'null', 'true', '"str"', '{"a":1}{', '\u0000', '{"a":"\\ud800"}'),
      fc.integer({ min: 1, max: 400 }).map((d) => nested(d)),
      fc.integer({ min: 1, max: 200 }).map((d) => nestedObject(d)),
      fc.constant(huge),
      fc.constant(
        `{"requests":[${Array.from({ length: 25 }, (_, i) => `{"id":"${i}","method":"GET","path":"/api/sys/ts/"}`).join(',')}]}`,
      ),
      fc.constant('{"__proto__":{"x":1},"constructor":{"prototype":{"y":1}}}'),
      fc
        .dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 })
        .map((v) => JSON.stringify(v)),
    );
    const contentType = fc.constantFrom(
      undefined,
      'application/json',
      'application/json; charset=utf-8',
      'application/x-www-form-urlencoded',
      'text/plain',
      'application/xml',
      'multipart/form-data',
      'multipart/form-data; boundary=x',
      'application/json; charset=latin1',
      '*/*',
    );
    const query = fc.oneof(
      fc.constant(''),
      fc.constantFrom(
        '?a=%zz',
        '?session_key=',
        '?display_id[]=1',
        '?source=1&source=2',
        '?callback=alert(1)',
      ),
      fc
        .dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 20 }), { maxKeys: 4 })
        .map((q) => `?${new URLSearchParams(q)}`),
    );
    let cases = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'),
        fc.constantFrom(...paths),
        query,
        body,
        contentType,
        fc.boolean(),
        async (method, path, q, payload, type, control) => {
          cases += 1;
          const headers: Record<string, string> = {
            ...(type === undefined ? {} : { 'content-type': type }),
            ...(control ? CONTROL : {}),
            'x-session-key': 'sk-10000001',
          };
          const res = await app.inject({
            method: method as 'GET',
            url: `${path}${q}`,
            headers,
            ...(method === 'GET' ? {} : { payload }),
          });
          expectEnvelope(res, `${method} ${path}${q} ${type ?? ''} ${payload.slice(0, 40)}`);
        },
      ),
      { numRuns: 10_000, seed: 20261121 },
    );
    expect(cases).toBe(10_000);
  }, 300_000);
});

describe('malformed requests on a loopback listener', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMockServer({ now: NOW });
  });
  afterAll(() => mock.close());

  it('answers oversized headers with an envelope', async () => {
    const res = await fetch(`${mock.url}/api/sys/ts/`, { headers: { 'x-big': 'x'.repeat(40_000) } });
    expect(res.status).toBe(431);
    expect(await res.json()).toMatchObject({ result: ServerCode.invalidParam });
  });
});
