import { Validator } from '@seriousme/openapi-schema-validator';
import { CALL_NAMES, type CallName, Message, messageOf, registry, ServerCode } from '@topup/contracts';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { CONTROL } from './support/inject';

const NOW = new Date('2026-11-21T09:00:00Z');

function send(app: FastifyInstance, name: CallName, params: Record<string, unknown>) {
  const contract = registry[name];
  if (contract.method === 'GET') {
    return app.inject({ method: 'GET', url: contract.path, query: params as Record<string, string> });
  }
  if (contract.transport === 'form') {
    return app.inject({
      method: 'POST',
      url: contract.path,
      payload: new URLSearchParams(params as Record<string, string>).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  }
  return app.inject({ method: 'POST', url: contract.path, payload: params });
}

describe('the mock core', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ now: NOW });
  });
  afterAll(() => app.close());

  it('answers an unknown path with an envelope, not a stack trace @spec:code.10004', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ result: ServerCode.unknownCall });
  });

  it('answers a method a call does not take with 405 and the methods it does (TRACE too)', async () => {
    // light-my-request's types name seven methods; at run time it sends any method token, TRACE too.
    const TRACE = 'TRACE' as unknown as 'GET';
    for (const method of [TRACE, 'DELETE', 'POST'] as const) {
      const res = await app.inject({ method, url: '/api/sys/ts/?x=1' });
      expect([method, res.statusCode]).toEqual([method, 405]);
      expect(res.headers.allow).toBe('GET, HEAD');
      expect(res.json()).toMatchObject({ result: ServerCode.unknownCall });
    }
  });

  it('names the bad field of a request that breaks its schema', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/web/check_display_id/?display_id=10000001&source=seven',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.result).toBe(ServerCode.invalidParam);
    expect(body.message).toContain('source');
  });

  it.each(['12a45', '1234', '1234567890123', ' '])(
    'answers "%s", which is no display id, with no match',
    async (text) => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/web/check_display_id/',
        query: { display_id: text, source: '1' },
      });
      expect(res.json()).toMatchObject({ result: ServerCode.searchNoMatch, message: Message.searchNoMatch });
    },
  );

  it('answers a path with or without its trailing slash', async () => {
    const a = await app.inject({ method: 'GET', url: '/api/sys/ts/' });
    const b = await app.inject({ method: 'GET', url: '/api/sys/ts' });
    expect(a.json().result).toBe(0);
    expect(b.json().result).toBe(0);
    expect(a.json().data.ts).toBe(NOW.getTime());
  });

  it('wraps h5_info in the JSONP callback', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/sys/h5_info/?callback=cb_1' });
    expect(res.headers['content-type']).toContain('application/javascript');
    expect(res.body).toMatch(/^\/\*\*\/cb_1\(\{"result":0,.*\}\);$/);
  });

  it('refuses a JSONP callback that is not an identifier', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/sys/h5_info/?callback=alert(1)' });
    expect(res.json().result).toBe(ServerCode.invalidParam);
  });

  it('answers a batch as a map of JSON envelope strings', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/sys/batch_request/',
      payload: {
        requests: [
          { id: 'ts', method: 'GET', path: '/api/sys/ts/', params: {} },
          {
            id: 'who',
            method: 'GET',
            path: '/api/web/check_display_id/',
            params: { display_id: '10000003', source: 1 },
          },
          { id: 'bad', method: 'GET', path: '/api/nowhere/', params: {} },
        ],
      },
    });
    const body = res.json();
    expect(body.result).toBe(0);
    expect(JSON.parse(body.data.ts)).toMatchObject({ result: 0, data: { ts: NOW.getTime() } });
    expect(JSON.parse(body.data.who)).toMatchObject({ result: ServerCode.banned, message: Message.banned });
    expect(JSON.parse(body.data.bad)).toMatchObject({ result: ServerCode.unknownCall });
  });

  it('answers an oversized body with an envelope', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/sys/add_event/',
      payload: JSON.stringify({ event_name: 'x'.repeat(400_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ result: ServerCode.invalidParam });
  });

  it('answers malformed JSON with an envelope', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/sys/add_event/',
      payload: '{"event_name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ result: ServerCode.invalidParam });
  });
});

describe('the control API', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ now: NOW });
  });
  afterAll(() => app.close());

  it('forces the next N answers of a call to a result code', async () => {
    const force = await app.inject({
      method: 'POST',
      headers: CONTROL,
      url: '/__mock/force',
      payload: { call: 'serverTime', times: 2, answer: { result: 20051 } },
    });
    expect(force.json()).toMatchObject({ result: 0, data: { pending: { serverTime: 2 } } });
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push((await app.inject({ method: 'GET', url: '/api/sys/ts/' })).json().result);
    expect(answers).toEqual([20051, 20051, 0]);
  });

  it.each([
    [ServerCode.rateLimited, Message.rateLimited],
    [ServerCode.banned, messageOf(ServerCode.banned)],
    [ServerCode.internal, Message.internal],
    // A code the catalogue does not know: the internal error's message is all there is.
    [99_999, Message.internal],
  ])('a forced result %i carries its own catalogue message', async (result, message) => {
    await app.inject({
      method: 'POST',
      headers: CONTROL,
      url: '/__mock/force',
      payload: { call: 'serverTime', answer: { result } },
    });
    expect((await app.inject({ method: 'GET', url: '/api/sys/ts/' })).json()).toMatchObject({
      result,
      message,
    });
  });

  it('a forced message is kept as given', async () => {
    await app.inject({
      method: 'POST',
      headers: CONTROL,
      url: '/__mock/force',
      payload: { call: 'serverTime', answer: { result: 10002, message: 'x' } },
    });
    expect((await app.inject({ method: 'GET', url: '/api/sys/ts/' })).json()).toMatchObject({
      result: 10002,
      message: 'x',
    });
  });

  it('tells the forced answers not taken yet, by call', async () => {
    const pending = async () =>
      (await app.inject({ method: 'GET', headers: CONTROL, url: '/__mock/force' })).json().data.pending;
    await app.inject({
      method: 'POST',
      headers: CONTROL,
      url: '/__mock/force',
      payload: { call: 'serverTime', times: 2, answer: { fault: 'http', status: 502 } },
    });
    expect(await pending()).toEqual({ serverTime: 2 });
    await app.inject({ method: 'GET', url: '/api/sys/ts/' });
    expect(await pending()).toEqual({ serverTime: 1 });
    await app.inject({ method: 'GET', url: '/api/sys/ts/' });
    expect(await pending()).toEqual({});
  });

  it('forces an HTTP 5xx once', async () => {
    await app.inject({
      method: 'POST',
      headers: CONTROL,
      url: '/__mock/force',
      payload: { call: 'serverTime', answer: { fault: 'http', status: 503 } },
    });
    expect((await app.inject({ method: 'GET', url: '/api/sys/ts/' })).statusCode).toBe(503);
    expect((await app.inject({ method: 'GET', url: '/api/sys/ts/' })).json().result).toBe(0);
  });

  it('refuses an unknown call name, listing nothing internal', async () => {
    const res = await app.inject({
      method: 'POST',
      headers: CONTROL,
      url: '/__mock/force',
      payload: { call: 'nope', answer: { result: 1 } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ result: ServerCode.invalidParam });
    expect(res.json().message).toContain('call');
  });

  it('sets and advances the virtual clock', async () => {
    await app.inject({
      method: 'POST',
      headers: CONTROL,
      url: '/__mock/clock',
      payload: { set: '2027-01-01T00:00:00Z' },
    });
    await app.inject({
      method: 'POST',
      headers: CONTROL,
      url: '/__mock/clock',
      payload: { advanceMs: 1500 },
    });
    const ts = (await app.inject({ method: 'GET', url: '/api/sys/ts/' })).json().data.ts;
    expect(ts).toBe(Date.parse('2027-01-01T00:00:01.500Z'));
    const clock = (await app.inject({ method: 'GET', headers: CONTROL, url: '/__mock/clock' })).json().data;
    expect(clock).toEqual({ now: '2027-01-01T00:00:01.500Z', frozen: true });
  });

  it('keeps card numbers, CVVs and passwords out of the journal', async () => {
    await app.inject({ method: 'DELETE', headers: CONTROL, url: '/__mock/journal' });
    await app.inject({
      method: 'GET',
      url: '/api/user/account_login/?display_uid=10000001&password=Passw0rd!&uuid=u1',
    });
    await app.inject({
      method: 'GET',
      url: '/api/sys/ts/?number=4242424242424242&cvv=123&note=5555555555554444',
    });
    const journal = JSON.stringify(
      (await app.inject({ method: 'GET', headers: CONTROL, url: '/__mock/journal' })).json(),
    );
    for (const secret of ['Passw0rd!', '4242424242424242', '5555555555554444', '"123"']) {
      expect(journal).not.toContain(secret);
    }
    expect(journal).toContain('accountLogin');
  });

  it('journals each answer with its request, redacted the same way (what topup mock tail shows)', async () => {
    await app.inject({ method: 'DELETE', url: '/__mock/journal', headers: CONTROL });
    await app.inject({ method: 'GET', url: '/api/web/check_display_id/?display_id=10000003&source=1' });
    const login = await app.inject({
      method: 'GET',
      url: '/api/user/account_login/?display_uid=10000001&password=Passw0rd!&uuid=u1',
    });
    const sessionKey = String(login.json().data.session_key);
    expect(sessionKey.length).toBeGreaterThan(8);
    const entries = (await app.inject({ method: 'GET', url: '/__mock/journal', headers: CONTROL })).json()
      .data.entries;
    // The answer's session key is a secret like the request's password.
    expect(JSON.stringify(entries)).not.toContain(sessionKey);
    expect(entries[0]).toMatchObject({ call: 'checkDisplayId', result: 20001, answer: { result: 20001 } });
    expect(entries[1]).toMatchObject({ call: 'accountLogin', answer: { result: 0 } });
    expect(JSON.stringify(entries)).not.toContain('Passw0rd!');
  });

  it('documents itself in the OpenAPI document, tagged control', async () => {
    const doc = (await app.inject({ method: 'GET', headers: CONTROL, url: '/__mock/openapi.json' })).json();
    const validator = new Validator();
    expect((await validator.validate(doc)).errors ?? []).toEqual([]);
    expect(doc.paths['/__mock/force'].post.tags).toEqual(['control']);
    expect(doc.paths['/__mock/force'].post.security).toEqual([{ control: [] }]);
    expect(doc.components.securitySchemes.control).toMatchObject({ in: 'header', name: 'x-topup-control' });
    expect(doc.paths['/__mock/force'].post.requestBody).toBeDefined();
    expect(doc.paths['/api/web/check_display_id/'].get.operationId).toBe('checkDisplayId');
  });

  it('changes the app configuration until the next reset', async () => {
    const changed = await app.inject({
      method: 'POST',
      headers: CONTROL,
      url: '/__mock/config',
      payload: { website_version: '1.0.334' },
    });
    expect(changed.json().data.pkgInfo.website_version).toBe('1.0.334');
    const config = await app.inject({ method: 'POST', url: '/api/sys/config/?channel=app_pkg_info&pure=1' });
    expect(config.json().data.pkgInfo.website_version).toBe('1.0.334');
    const refused = await app.inject({
      method: 'POST',
      headers: CONTROL,
      url: '/__mock/config',
      payload: { cko_new_rate: 101 },
    });
    expect(refused.json().result).toBe(ServerCode.invalidParam);
  });

  it('resets the world', async () => {
    const res = await app.inject({ method: 'POST', headers: CONTROL, url: '/__mock/reset', payload: {} });
    expect(res.json()).toMatchObject({ result: 0, data: { now: NOW.toISOString() } });
    expect(
      (await app.inject({ method: 'GET', headers: CONTROL, url: '/__mock/journal' })).json().data.entries,
    ).toEqual([]);
    const config = await app.inject({ method: 'POST', url: '/api/sys/config/?channel=app_pkg_info' });
    expect(config.json().data.pkgInfo.website_version).toBe('1.0.333');
  });
});

describe('a forced delay', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ now: NOW });
  });
  afterAll(() => app.close());
  afterEach(() => vi.useRealTimers());

  it('answers once the delay has passed, not before', async () => {
    const forced = await app.inject({
      method: 'POST',
      url: '/__mock/force',
      headers: CONTROL,
      payload: { call: 'serverTime', answer: { fault: 'delay', ms: 150 } },
    });
    expect(forced.statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let answered = false;
    const answer = app.inject({ method: 'GET', url: '/api/sys/ts/' }).finally(() => {
      answered = true;
    });
    await vi.advanceTimersByTimeAsync(149);
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await answer).json()).toMatchObject({ result: 0 });
  });
});

describe('--no-control', () => {
  it('hides the control API', async () => {
    const app = await buildApp({ control: false });
    const res = await app.inject({ method: 'POST', headers: CONTROL, url: '/__mock/reset', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json().result).toBe(ServerCode.unknownCall);
    await app.close();
  });
});

describe('malformed requests', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ now: NOW, signInRateLimit: 100_000 });
  });
  afterAll(() => app.close());

  const junk = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.integer().map(String),
    fc.constantFrom(
      '',
      '-1',
      '1e309',
      'null',
      '[]',
      '{}',
      '{"a":',
      '%00',
      '\u202E',
      '<script>',
      '9'.repeat(40),
    ),
  );

  it('answer 1,000 malformed requests spread over every call with clear non-zero results and no 5xx', async () => {
    const names = CALL_NAMES;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: names.length - 1 }),
        fc.dictionary(
          fc.constantFrom(
            'uid',
            'display_id',
            'source',
            'session_key',
            'recharge_id',
            'pay_type',
            'order_id',
            'id',
            'files',
            'requests',
            'x',
          ),
          junk,
          { maxKeys: 4 },
        ),
        async (index, params) => {
          const name = names[index] as CallName;
          const res = await send(app, name, params);
          expect(res.statusCode).toBeLessThan(500);
          const body = res.body.startsWith('/**/')
            ? JSON.parse(res.body.slice(res.body.indexOf('(') + 1, -2))
            : res.json();
          expect(typeof body.result).toBe('number');
          if (body.result !== 0) expect(body.message.length).toBeGreaterThan(0);
          expect(res.body).not.toMatch(/at .*\.ts:\d+/);
        },
      ),
      { numRuns: 1000 },
    );
    // Still serving after all of it.
    expect((await app.inject({ method: 'GET', url: '/api/sys/ts/' })).json().result).toBe(0);
  }, 60_000); // 1,000 requests through the app: a bound for a hang on a busy machine, not a measure
});
