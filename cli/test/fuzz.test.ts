// Integration test: the CLI talks HTTP, so it runs against mock servers (or fake backends) listening on loopback, port 0.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CALL_NAMES, normalisePath, registry } from '@topup/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { startMock } from '../src/commands/mockServer';
import type { FuzzReport } from '../src/fuzz/report';
import { Pacer } from '../src/fuzz/send';
import { runSequence } from '../src/fuzz/sequence';
import { CATALOGUE_FIXTURES } from '../src/scenario/fixtures';
import { runBinary } from './support/binary';
import { captureIo } from './support/capture';
import { parseXml } from './support/xml';

describe('the new commands explain themselves', () => {
  it.each([
    [['contract', 'fuzz', '--help'], /topup contract fuzz --target mock --seed 42/],
    [['coverage', '--help'], /topup coverage --format summary --check/],
    [['record', '--help'], /topup record --target https:\/\/staging\.example\/ --port 8090/],
  ])('%s', async (args, example) => {
    const io = captureIo();
    expect(await runCli(args, io)).toBe(0);
    expect(io.stdout()).toMatch(/Usage: topup/);
    expect(io.stdout()).toMatch(/Examples:/);
    expect(io.stdout()).toMatch(example);
  });
});

/** npm test's budget: a fixed seed and a few requests a call. */
const SEED = '20261123';
const dir = mkdtempSync(join(tmpdir(), 'topup-fuzz-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('topup contract fuzz against the mock (the real binary)', () => {
  it('passes: every call within its contract, the sequence hands over from sign-in to cancel', async () => {
    const out = join(dir, 'mock.json');
    const run = await runBinary([
      'contract',
      'fuzz',
      '--target',
      'mock',
      '--seed',
      SEED,
      '--runs',
      '8',
      // The time limit's logic is unit-tested (judge.test.ts); here a noisy machine must not fail the run.
      '--max-ms',
      '30000',
      '--reporter',
      'json',
      '--out',
      out,
    ]);
    expect(run.stderr).toContain(`wrote ${out}`);
    expect(run.stdout).toMatch(/PASSED contract fuzz of mock .* seed 20261123/);
    expect(run.code).toBe(0);
    const report = JSON.parse(readFileSync(out, 'utf8')) as FuzzReport;
    expect(report.passed).toBe(true);
    expect(report.calls.map((c) => c.call)).toEqual(CALL_NAMES);
    expect(report.calls.filter((c) => c.status !== 'passed').map((c) => [c.call, c.status])).toEqual([
      ['uploadImage', 'skipped'],
    ]);
    // The fixtures' request, which must succeed, 8 generated ones, and (a read-only call's) the fixtures'
    // request again, which must succeed again.
    for (const c of report.calls.filter((c) => c.status === 'passed'))
      expect(c.requests).toBe(registry[c.call].readOnly ? 10 : 9);
    expect(report.calls.reduce((n, c) => n + c.invalid, 0)).toBeGreaterThan(100);
    expect(report.calls.reduce((n, c) => n + c.rateLimited, 0)).toBe(0);
    expect(report.sequence).toMatchObject({ passed: true, runs: 5, completed: 5 });
  }, 180_000);
});

describe('the stateful sequence', () => {
  it('fails, naming the step and the call, when a call refuses what the one before it returned', async () => {
    const mock = await startMock({ control: true });
    try {
      // The mock is made to answer "no such order" for the order it has just created.
      const forced = await fetch(new URL('/__mock/force', mock.target.baseUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-topup-control': '1' },
        body: JSON.stringify({ call: 'payResultByOrderFast', times: 1000, answer: { result: 23001 } }),
      });
      expect(forced.status).toBe(200);
      const report = await runSequence({
        baseUrl: mock.target.baseUrl,
        seed: Number(SEED),
        runs: 3,
        timeoutMs: 10_000,
        pacer: new Pacer(),
        fixtures: CATALOGUE_FIXTURES,
      });
      expect(report.passed).toBe(false);
      expect(report.failure).toMatchObject({
        step: 5,
        call: 'payResultByOrderFast',
        problems: [
          { kind: 'invalid-accepted', field: 'result', message: expect.stringContaining('result 23001') },
        ],
      });
      expect(report.failure?.curl).toContain("-H 'x-session-key: sk-");
    } finally {
      await mock.close();
    }
  }, 60_000);
});

/** A backend drifting from its contracts in three ways, on a loopback port. */
describe('topup contract fuzz against a drifting server', () => {
  let server: FastifyInstance;
  let baseUrl: string;
  const seen: string[] = [];

  beforeAll(async () => {
    server = Fastify();
    server.addHook('onRequest', async (request) => {
      seen.push(`${request.method} ${normalisePath(request.url)}`);
    });
    // Drift: ts as a string.
    server.get('/api/sys/ts/', async () => ({ result: 0, message: '', data: { ts: '1763715600000' } }));
    // Drift: checks the source, but answers any display id (empty, oversize, hostile) as found.
    server.get('/api/web/check_display_id/', async (request) => {
      const { source } = request.query as { source?: string };
      if (source !== '1' && source !== '4') return { result: 10001, message: 'bad source', data: null };
      const data = {
        uid: 1001,
        display_id: '10000001',
        is_guest: false,
        nickname: 'ريم',
        icon: '',
        status: 0,
      };
      return { result: 0, message: '', data: { ...data, streamer_state: 'NONE', room_id: 0 } };
    });
    // Drift: a server error for any fine id of four digits or more.
    server.get('/api/fine/get_fine_info/', async (request, reply) => {
      const { id } = request.query as { id?: string };
      if (id !== undefined && /^\d{4,}$/.test(id)) return reply.code(500).send('Internal Server Error');
      return { result: 22001, message: 'no such fine', data: null };
    });
    baseUrl = await server.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await server.close();
  });

  const drifting = () => [
    'contract',
    'fuzz',
    '--target',
    baseUrl,
    '--only',
    'serverTime',
    '--only',
    'checkDisplayId',
    '--only',
    'getFineInfo',
    '--seed',
    SEED,
    '--runs',
    '40',
    '--rate',
    '1000',
    '--max-ms',
    '30000',
  ];

  it('fails, naming each call and field, with the smallest request and a curl line (the real binary)', async () => {
    const out = join(dir, 'drift.xml');
    const run = await runBinary([...drifting(), '--reporter', 'junit', '--out', out]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/serverTime \(GET \/api\/sys\/ts\/\)[^\n]*\n\s+data data\.ts: /);
    expect(run.stdout).toMatch(
      /checkDisplayId \(GET \/api\/web\/check_display_id\/\)[^\n]*\n\s+invalid-accepted display_id: /,
    );
    expect(run.stdout).toMatch(
      /getFineInfo \(GET \/api\/fine\/get_fine_info\/\)[^\n]*\n\s+server-error HTTP 500/,
    );
    // Shrunk: the smallest fine id that still breaks the server has four digits.
    expect(run.stdout).toContain(
      `curl -sS -X GET -H 'x-cli-pn: ksa' -H 'accept-language: ar' '${baseUrl}/api/fine/get_fine_info/?id=1000'`,
    );
    expect(run.stdout).toContain(`replay: topup contract fuzz --target ${baseUrl}/ --seed ${SEED} --runs 40`);
    const xml = parseXml(readFileSync(out, 'utf8'));
    expect(xml.attrs.failures).toBe('3');
  }, 120_000);

  it('sends the same requests for the same seed: the same smallest failures', async () => {
    const reports = [];
    for (let i = 0; i < 2; i += 1) {
      const io = captureIo();
      expect(await runCli([...drifting(), '--reporter', 'json'], io)).toBe(1);
      reports.push(JSON.parse(io.stdout()) as FuzzReport);
    }
    const failures = reports.map((r) => r.calls.map((c) => c.failure?.request));
    expect(failures[0]).toEqual(failures[1]);
    expect(failures[0]?.[1]?.mutation?.field).toBe('display_id');
  }, 120_000);

  it('sends a real backend only read-only calls and the writes its fixtures mark safe', async () => {
    const fixtures = join(dir, 'fixtures.yaml');
    writeFileSync(fixtures, 'version: 1\nfixtures: {}\nsafeWrites: [addEvent]\n');
    seen.length = 0;
    const io = captureIo();
    const code = await runCli(
      [
        'contract',
        'fuzz',
        '--target',
        baseUrl,
        '--fixtures',
        fixtures,
        '--seed',
        SEED,
        '--runs',
        '2',
        '--rate',
        '1000',
        '--reporter',
        'json',
      ],
      io,
    );
    expect(code).toBe(1); // most calls are 404 on this server
    const report = JSON.parse(io.stdout()) as FuzzReport;
    const allowed = new Set(
      CALL_NAMES.filter((c) => registry[c].readOnly || c === 'addEvent').map(
        (c) => `${registry[c].method} ${normalisePath(registry[c].path)}`,
      ),
    );
    expect(seen.length).toBeGreaterThan(0);
    // The one other request is the probe asking whether the target is a mock (a read of its clock).
    expect(seen.filter((route) => !allowed.has(route))).toEqual(['GET /__mock/clock']);
    expect(report.calls.find((c) => c.call === 'createCoinPay')).toMatchObject({
      status: 'skipped',
      skipReason: 'a write the fixtures do not mark safe',
    });
    // Two requests, then shrinking the 404 it answers.
    expect(report.calls.find((c) => c.call === 'addEvent')?.requests).toBeGreaterThanOrEqual(2);
    expect(report.sequence).toBeUndefined();
  }, 120_000);

  it('names a fixtures request answered 10004 as a call the backend does not know, not as a refusal to list', async () => {
    const unknown = Fastify();
    unknown.get('/api/sys/ts/', async () => ({ result: 10004, message: 'unknown call', data: null }));
    const url = await unknown.listen({ port: 0, host: '127.0.0.1' });
    try {
      const io = captureIo();
      const args = ['contract', 'fuzz', '--target', url, '--only', 'serverTime', '--seed', SEED];
      expect(await runCli([...args, '--runs', '2', '--rate', '1000', '--reporter', 'json'], io)).toBe(1);
      const report = JSON.parse(io.stdout()) as FuzzReport;
      const messages = report.calls[0]?.failure?.problems.map((p) => p.message) ?? [];
      expect(messages).toContain(
        '10004 (unknownCall) is the server saying it does not know the call, not a refusal: a backend that lacks the endpoint fails the check',
      );
      expect(messages.join('\n')).not.toContain('expectRefusals');
    } finally {
      await unknown.close();
    }
  }, 60_000);

  it('answers 2 for an unknown call', async () => {
    const io = captureIo();
    expect(await runCli(['contract', 'fuzz', '--target', baseUrl, '--only', 'frobnicate'], io)).toBe(2);
    expect(io.stderr()).toContain('unknown call frobnicate');
  });
});
