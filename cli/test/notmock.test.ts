// Integration test: servers of the test's own on loopback, port 0, that are not the mock's control API.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { CATALOGUE_FIXTURES } from '../src/scenario/fixtures';
import { captureIo } from './support/capture';
import { startServer } from './support/drifting';

/**
 * A URL is the mock only when its control API answers as the mock's does: a read of the clock answering
 * `{ now: ISO time, frozen }`. A server answering `{"result":0,"data":{}}` to every path (a catch-all, a
 * stub) is not: the triggers send it nothing but that one read, and `--mock` never hands it the catalogue.
 */
interface Seen {
  readonly route: string;
  readonly body: string;
}
const seen: Seen[] = [];
beforeEach(() => {
  seen.length = 0;
});

type Answer = (path: string) => { status?: number; type?: string; body: string };

async function fake(answer: Answer) {
  return startServer((app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    app.all('/*', async (request, reply) => {
      const route = `${request.method} ${request.url.split('?')[0]}`;
      seen.push({ route, body: typeof request.body === 'string' ? request.body : '' });
      const a = answer(request.url.split('?')[0] ?? '');
      return reply
        .code(a.status ?? 200)
        .type(a.type ?? 'application/json')
        .send(a.body);
    });
  });
}

const EMPTY = '{"result":0,"message":"success","data":{}}';
const PROBE = 'GET /__mock/clock';
let okEmpty: Awaited<ReturnType<typeof fake>>;
let okText: Awaited<ReturnType<typeof fake>>;
let wrongClock: Awaited<ReturnType<typeof fake>>;
beforeAll(async () => {
  okEmpty = await fake(() => ({ body: EMPTY }));
  okText = await fake(() => ({ type: 'text/plain', body: 'ok' }));
  // The clock path answers, but not with a clock: `now` a number, no `frozen`.
  wrongClock = await fake((path) =>
    path === '/__mock/clock'
      ? { body: JSON.stringify({ result: 0, message: '', data: { now: Date.now() } }) }
      : { body: EMPTY },
  );
});
afterAll(async () => {
  await okEmpty.close();
  await okText.close();
  await wrongClock.close();
});

const cli = async (args: readonly string[]) => {
  const io = captureIo();
  const code = await runCli(args, io);
  return { code, out: io.stdout(), err: io.stderr() };
};

describe('the triggers refuse a --mock URL that is not the mock, having sent it only the clock read', () => {
  const cases: [string, string[]][] = [
    ['mock force', ['mock', 'force', 'createCoinPay', '25001']],
    ['mock unforce', ['mock', 'unforce']],
    ['mock tail', ['mock', 'tail', '--count', '1', '--interval', '1']],
    ['room push', ['room', 'push', '5002', '[{"op":"mset","values":{"fans_count":1}}]']],
    ['room fault', ['room', 'fault', '5002', '--sn', '3', '--fault', 'drop']],
    ['room close', ['room', 'close', '5002']],
  ];

  it.each(cases)('%s: a server answering result 0 to every path (exit 2)', async (command, args) => {
    const run = await cli([...args, '--target', okEmpty.url, '--mock']);
    expect(run.err).toBe(
      `topup: ${command}: ${okEmpty.url}/ does not answer the mock's control API (GET /__mock/clock answered HTTP 200, result 0, not the mock's clock (an envelope with result 0 and data { now, frozen })): a real backend, another server, or a mock started with --no-control; nothing else was sent\n`,
    );
    expect(run.out).toBe('');
    expect(run.code).toBe(2);
    expect(seen.map((s) => s.route)).toEqual([PROBE]);
  });

  it.each(cases)(
    '%s: a clock path answering something else than a clock (exit 2)',
    async (_command, args) => {
      const run = await cli([...args, '--target', wrongClock.url, '--mock']);
      expect(run.err).toContain("does not answer the mock's control API");
      expect(run.code).toBe(2);
      expect(seen.map((s) => s.route)).toEqual([PROBE]);
    },
  );

  it('a server answering the text "ok" (exit 2, no "refused … : ok")', async () => {
    const run = await cli(['mock', 'force', 'createCoinPay', '25001', '--target', okText.url, '--mock']);
    expect(run.err).toBe(
      `topup: mock force: ${okText.url}/ does not answer the mock's control API (GET /__mock/clock answered HTTP 200, not the mock's clock (an envelope with result 0 and data { now, frozen })): a real backend, another server, or a mock started with --no-control; nothing else was sent\n`,
    );
    expect(run.code).toBe(2);
    expect(seen.map((s) => s.route)).toEqual([PROBE]);
  });
});

describe('a control call answered with no envelope, after a clock read that passed', () => {
  it('says what came, not that the mock refused it (exit 1)', async () => {
    const clock = JSON.stringify({
      result: 0,
      message: '',
      data: { now: new Date().toISOString(), frozen: false },
    });
    const server = await fake((path) =>
      path === '/__mock/clock' ? { body: clock } : { type: 'text/plain', body: 'ok' },
    );
    try {
      const run = await cli(['mock', 'force', 'createCoinPay', '25001', '--target', server.url, '--mock']);
      expect(run.err).toBe(
        `topup: forcing createCoinPay: ${server.url}/ answered HTTP 200 with no control API envelope ("ok"); not the mock's control API, nothing was done\n`,
      );
      expect(run.out).toBe('');
      expect(run.code).toBe(1);
      expect(seen.map((s) => s.route)).toEqual([PROBE, 'POST /__mock/force']);
    } finally {
      await server.close();
    }
  });
});

describe('--mock on a URL whose clock read is not the clock: no catalogue, no hint', () => {
  const secrets = Object.values(CATALOGUE_FIXTURES)
    .flatMap((value) => Object.values(value))
    .filter((v): v is string => typeof v === 'string' && v.length >= 6);

  it.each([[['contract', 'check']], [['scenario', 'run', 'signin-password']]])(
    '%s --mock: refused (exit 2), sent only the clock read',
    async (args) => {
      const run = await cli([...args, '--target', okEmpty.url, '--mock']);
      expect(run.err).toContain(
        `topup: --mock: ${okEmpty.url}/ does not answer the mock's control API (GET /__mock/clock answered HTTP 200, result 0, not the mock's clock`,
      );
      expect(run.code).toBe(2);
      expect(seen.map((s) => s.route)).toEqual([PROBE]);
      expect(seen.filter((s) => secrets.some((secret) => s.body.includes(secret)))).toEqual([]);
    },
  );

  it('without --mock: a real backend, and no hint that it answers the control API', async () => {
    const run = await cli(['contract', 'check', '--only', 'serverTime', '--target', okEmpty.url]);
    expect(run.err).toContain(
      `target ${okEmpty.url}/: a real backend (no --mock): no control API, no test data catalogue\n`,
    );
    expect(run.err).not.toContain("it answers the mock's control API");
  });
});

describe('contract check --only batchRequest: every id sent answers an envelope its sub-call accepts', () => {
  const batchAnswer = (data: unknown) =>
    fake((path) =>
      path.startsWith('/api/sys/batch_request')
        ? { body: JSON.stringify({ result: 0, message: 'success', data }) }
        : { status: 404, body: '{"result":404,"message":"not found"}' },
    );
  const check = async (url: string) =>
    cli(['contract', 'check', '--only', 'batchRequest', '--target', url, '--reporter', 'json']);
  const problemsOf = (out: string) => {
    const report = JSON.parse(out) as {
      passed: boolean;
      calls: { call: string; outcome: string; problems: { field?: string; message: string }[] }[];
    };
    const call = report.calls.find((c) => c.call === 'batchRequest');
    return { passed: report.passed, outcome: call?.outcome, problems: call?.problems ?? [] };
  };

  it.each([
    ['no entry for the id sent', {}, 'data.ts', /no answer for the request id ts/],
    ['an entry that is not JSON', { ts: '<html>not json', other: 'x' }, 'data.ts', /not a JSON envelope/],
    ['an entry that is JSON but no envelope', { ts: '{"when":1}' }, 'data.ts.result', /result or code/],
    [
      "an envelope whose data is not serverTime's",
      { ts: '{"result":0,"message":"","data":{"ts":"soon"}}' },
      'data.ts.data.ts',
      /./,
    ],
  ])('%s: a failure naming the entry', async (_name, data, field, message) => {
    const server = await batchAnswer(data);
    try {
      const run = await check(server.url);
      const judged = problemsOf(run.out);
      expect(judged.passed).toBe(false);
      expect(judged.outcome).toBe('drift');
      expect(judged.problems).toContainEqual({
        kind: 'data',
        field,
        message: expect.stringMatching(message),
      });
      expect(run.code).toBe(1);
    } finally {
      await server.close();
    }
  });

  it("a good answer passes: the id's JSON envelope with serverTime's data", async () => {
    const ts = JSON.stringify({ result: 0, message: 'success', data: { ts: Date.now() } });
    const server = await batchAnswer({ ts });
    try {
      const run = await check(server.url);
      expect(problemsOf(run.out)).toEqual({ passed: true, outcome: 'ok', problems: [] });
      expect(run.code).toBe(0);
    } finally {
      await server.close();
    }
  });
});
