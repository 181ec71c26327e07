// Integration test: the CLI talks HTTP, so it runs against mock servers (or fake backends) listening on loopback, port 0.
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: scenario references are written ${...} inside plain strings
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StartedMock, startMock } from '../src/commands/mockServer';
import { checkContracts } from '../src/contract/check';
import { MOCK_EXPECTED_REFUSALS, MOCK_SAFE_WRITES } from '../src/contract/plan';
import { formatContractTable } from '../src/report/contract';
import { CATALOGUE_FIXTURES } from '../src/scenario/fixtures';

describe('contract check against the mock without its control API', () => {
  let mock: StartedMock;
  beforeAll(async () => {
    mock = await startMock({ control: false });
  });
  afterAll(async () => {
    await mock.close();
  });

  it('finds every answer inside its contract', async () => {
    const report = await checkContracts(mock.target.baseUrl, {
      fixtures: CATALOGUE_FIXTURES,
      safeWrites: MOCK_SAFE_WRITES,
      expectRefusals: MOCK_EXPECTED_REFUSALS,
      timeoutMs: 5000,
    });
    const failing = report.calls.filter((c) => !['ok', 'refused', 'skipped'].includes(c.outcome));
    expect(failing).toEqual([]);
    expect(report.passed).toBe(true);
    expect(report.counts.ok).toBeGreaterThanOrEqual(30);
    // Writes are skipped unless marked safe.
    expect(report.calls.find((c) => c.call === 'createCoinPay')?.outcome).toBe('skipped');
  });

  it('signs in with a fresh ticket on every run, as a one-use ticket demands', async () => {
    const options = {
      fixtures: CATALOGUE_FIXTURES,
      safeWrites: MOCK_SAFE_WRITES,
      expectRefusals: MOCK_EXPECTED_REFUSALS,
      timeoutMs: 5000,
    };
    // Two checks against one world: the second finds no ticket the first one spent.
    for (const run of [1, 2]) {
      const report = await checkContracts(mock.target.baseUrl, options);
      const order = report.calls.map((c) => c.call);
      expect(order.indexOf('getLoginTicket')).toBeLessThan(order.indexOf('ticketLogin'));
      const ticket = report.calls.find((c) => c.call === 'ticketLogin');
      expect([run, ticket?.outcome, ticket?.result]).toEqual([run, 'ok', 0]);
      expect(report.passed).toBe(true);
    }
  });

  it('skips the calls whose fixtures a backend does not give, naming the fixture', async () => {
    const report = await checkContracts(mock.target.baseUrl, {
      fixtures: {},
      safeWrites: [],
      timeoutMs: 5000,
      only: ['checkDisplayId', 'serverTime'],
    });
    expect(report.calls.map((c) => [c.call, c.outcome, c.skipReason])).toEqual([
      ['checkDisplayId', 'skipped', 'missing fixture account.reem'],
      ['serverTime', 'ok', undefined],
    ]);
  });
});

/** A backend that has drifted from its contracts, answering over plain Fastify on a loopback port. */
describe('contract check against a drifted server', () => {
  let server: FastifyInstance;
  let baseUrl: string;

  beforeAll(async () => {
    server = Fastify();
    // Wrong type: ts as a string.
    server.get('/api/sys/ts/', async () => ({ result: 0, message: '', data: { ts: '1763715600000' } }));
    // Missing fields: no is_guest, no status.
    server.get('/api/web/check_display_id/', async () => ({
      result: 0,
      message: '',
      data: {
        uid: 1001,
        display_id: '10000001',
        nickname: 'x',
        icon: '',
        streamer_state: 'NONE',
        room_id: 0,
      },
    }));
    // A result code the contract does not list.
    server.get('/api/fine/get_fine_info/', async () => ({ result: 55555, message: 'surprise', data: null }));
    // Not an envelope at all.
    server.get('/api/timeline/position/', async () => ({ country: 'SA' }));
    // An HTTP error.
    server.get('/api/gm/hii', async (_request, reply) => reply.code(502).send('bad gateway'));
    await server.listen({ port: 0, host: '127.0.0.1' });
    const address = server.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
  });

  afterAll(async () => {
    await server.close();
  });

  it('reports each drift by call and field', async () => {
    const report = await checkContracts(baseUrl, {
      fixtures: CATALOGUE_FIXTURES,
      safeWrites: [],
      timeoutMs: 5000,
      only: ['serverTime', 'checkDisplayId', 'getFineInfo', 'position', 'hii'],
    });
    const byCall = Object.fromEntries(report.calls.map((c) => [c.call, c]));
    expect(report.passed).toBe(false);
    expect(byCall.serverTime?.outcome).toBe('drift');
    expect(byCall.serverTime?.problems).toEqual([
      { kind: 'data', field: 'data.ts', message: 'Invalid input: expected number, received string' },
    ]);
    expect(byCall.checkDisplayId?.outcome).toBe('drift');
    expect(byCall.checkDisplayId?.problems.map((p) => p.field)).toEqual(['data.is_guest', 'data.status']);
    expect(byCall.getFineInfo?.outcome).toBe('unknown-code');
    expect(byCall.getFineInfo?.problems[0]?.message).toBe(
      'result 55555 is not among the codes getFineInfo may answer',
    );
    expect(byCall.position?.outcome).toBe('bad-envelope');
    expect(byCall.hii?.outcome).toBe('http-error');
    const table = formatContractTable(report, false);
    expect(table).toContain(
      'serverTime (GET /api/sys/ts/): drift\n    data.ts: Invalid input: expected number, received string',
    );
    expect(table).toContain('checkDisplayId (GET /api/web/check_display_id/): drift\n    data.is_guest:');
    expect(table).toMatch(/FAILED contract check/);
  });
});
