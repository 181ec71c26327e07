import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { type StartedMock, startMock } from '../src/commands/mockServer';
import { contractPlan } from '../src/contract/plan';
import { captureIo } from './support/capture';
import { startServer } from './support/drifting';

/**
 * Contract check and fuzz are green only when they checked something, a valid request must
 * succeed, and the writes are covered opt-in (--writes), here against the mock posing as a real backend.
 */
// From this file, not the working folder: `npm test` runs Vitest from the repository's root.
const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'mock-backend.yaml');
const WRITES = Object.entries(contractPlan)
  .filter(([, plan]) => 'writes' in plan && plan.writes !== undefined)
  .map(([call]) => call);

let refusing: Awaited<ReturnType<typeof startServer>>;
let backend: StartedMock;
beforeAll(async () => {
  // A backend that refuses every call with a well-formed envelope and a code every call may answer.
  refusing = await startServer((app) => {
    app.all('/*', async () => ({ result: 10005, message: 'internal', data: null }));
  });
  backend = await startMock({ control: false });
});
afterAll(async () => {
  await refusing.close();
  await backend.close();
});

const cli = async (args: readonly string[]) => {
  const io = captureIo();
  const code = await runCli(args, io);
  return { code, out: io.stdout(), err: io.stderr() };
};

describe('contract fuzz demands success for a valid request', () => {
  it('fails a backend that refuses every request with a valid envelope, naming the refusal', async () => {
    const run = await cli([
      'contract',
      'fuzz',
      '--target',
      refusing.url,
      '--only',
      'serverTime',
      '--seed',
      '1',
    ]);
    expect(run.code).toBe(1);
    expect(run.out).toMatch(/serverTime\s+failed/);
    // Named as the server's own error, not as a refusal a fixtures file could expect.
    expect(run.out).toContain("unverified result: 10005 (internal) is the server's own error, not a refusal");
    expect(run.out).not.toContain('expectRefusals');
  });

  it('passes the backend that answers it (the mock without its control API, its fixtures)', async () => {
    const args = ['--fixtures', FIXTURES, '--only', 'serverTime', '--only', 'checkDisplayId'];
    const run = await cli(['contract', 'fuzz', '--target', backend.target.baseUrl, ...args, '--runs', '4']);
    expect(run.out).toMatch(/checkDisplayId\s+passed/);
    expect(run.code).toBe(0);
  });
});

describe('the fuzz shrinker only shrinks', () => {
  it('reports a failing request no bigger than the first that failed', async () => {
    const seen: string[] = [];
    const broken = await startServer((app) => {
      app.addHook('onRequest', async (request) => {
        seen.push(request.url);
      });
      app.all('/*', async (_request, reply) => reply.code(500).send('boom'));
    });
    try {
      for (const seed of ['1', '7', '42']) {
        seen.length = 0;
        const args = ['--only', 'checkDisplayId', '--seed', seed, '--runs', '20', '--reporter', 'json'];
        const run = await cli(['contract', 'fuzz', '--target', broken.url, ...args]);
        expect(run.code).toBe(1);
        const report = JSON.parse(run.out) as { calls: { failure: { curl: string } }[] };
        const reported = new URL(/'(http[^']+)'$/.exec(report.calls[0]?.failure.curl ?? '')?.[1] ?? '');
        // The first request of the generated ones to fail (after the mock probe and the fixtures' request).
        const first = seen.find((url) => url.startsWith('/api/web/check_display_id/')) ?? '';
        expect(`${reported.pathname}${reported.search}`.length, `seed ${seed}`).toBeLessThanOrEqual(
          first.length,
        );
      }
    } finally {
      await broken.close();
    }
  });
});

describe('a selection that checks nothing is a wrong command (exit 2)', () => {
  it('contract check --only a call it never sends', async () => {
    const run = await cli(['contract', 'check', '--target', refusing.url, '--only', 'createCoinPay']);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(
      /\ntopup: nothing to check: every call selected was skipped: createCoinPay \(creates an order: checked only with --writes\)\. /,
    );
  });

  it('contract fuzz --only a write a real backend does not allow', async () => {
    const run = await cli(['contract', 'fuzz', '--target', refusing.url, '--only', 'createCoinPay']);
    expect(run.code).toBe(2);
    expect(run.err).toContain('topup: nothing to fuzz: every call selected was skipped: createCoinPay');
  });
});

describe('contract check --writes: the writing and money-moving calls, opt-in', () => {
  it('plans all 12 writes', () => {
    expect(WRITES).toHaveLength(12);
  });

  it('checks each of them against a backend with its fixtures', async () => {
    const run = await cli([
      'contract',
      'check',
      '--target',
      backend.target.baseUrl,
      '--fixtures',
      FIXTURES,
      '--writes',
    ]);
    for (const call of WRITES) expect(run.out).toMatch(new RegExp(`\\n${call}\\s+(ok|refused)\\s`));
    expect(run.out).toContain('PASSED contract check');
    expect(run.code).toBe(0);
  });

  it('reads the order its own createCoinPay made, not the sample order id', async () => {
    const run = await cli([
      'contract',
      'check',
      '--target',
      backend.target.baseUrl,
      '--fixtures',
      FIXTURES,
      '--writes',
      '--reporter',
      'json',
    ]);
    const report = JSON.parse(run.out) as { calls: { call: string; outcome: string; result?: number }[] };
    const outcome = (call: string) => report.calls.find((c) => c.call === call);
    // order.sample names no order on the mock (23001 "order not found"); the created one exists.
    for (const call of ['payResultByOrderFast', 'getOrderInfo', 'getPayError', 'getCardInfoByOrder'])
      expect(outcome(call), call).toMatchObject({ outcome: 'ok', result: 0 });
    const order = report.calls.findIndex((c) => c.call === 'createCoinPay');
    const read = report.calls.findIndex((c) => c.call === 'getOrderInfo');
    expect(order).toBeGreaterThanOrEqual(0);
    expect(read).toBeGreaterThan(order);
    expect(run.code).toBe(0);
  });

  it('runs again on the backend it ran on, which keeps its saved cards (the README backend job, twice)', async () => {
    const fresh = await startMock({ control: false });
    const cards = async () => {
      const query = 'h5_deviceid=h5-device-10000001&session_key=sk-10000001';
      const answer = await fetch(new URL(`/api/web/get_card_source/?${query}`, fresh.target.baseUrl));
      return ((await answer.json()) as { data: { items: { source_id: string }[] } }).data.items;
    };
    try {
      const before = await cards();
      expect(before.map((c) => c.source_id)).toContain('src_mc5454');
      const args = ['--target', fresh.target.baseUrl, '--fixtures', FIXTURES, '--writes'];
      for (const attempt of [1, 2]) {
        const run = await cli(['contract', 'check', ...args]);
        expect(run.out, `run ${attempt}`).toMatch(/\nupdateCardSource\s+ok\s/);
        expect(run.out, `run ${attempt}`).toMatch(/\ndeleteCardSource\s+ok\s/);
        expect(run.out, `run ${attempt}`).toContain('PASSED contract check');
        expect(run.code, `run ${attempt}`).toBe(0);
      }
      expect(await cards()).toEqual(before);
    } finally {
      await fresh.close();
    }
  });

  it('without createCoinPay in the selection, the order reads keep the fixtures’ order id', async () => {
    const only = ['--only', 'serverTime', '--only', 'getOrderInfo'];
    const args = ['--fixtures', FIXTURES, '--writes', ...only, '--reporter', 'json'];
    const run = await cli(['contract', 'check', '--target', backend.target.baseUrl, ...args]);
    const report = JSON.parse(run.out) as { calls: { call: string; outcome: string; result?: number }[] };
    expect(report.calls).toEqual([
      expect.objectContaining({ call: 'serverTime', outcome: 'ok', result: 0 }),
      expect.objectContaining({ call: 'getOrderInfo', outcome: 'refused', result: 23001 }),
    ]);
    expect(run.code).toBe(0);
  });

  it('fails each write a refusing backend refuses, and each it cannot send for want of a fixture', async () => {
    const run = await cli([
      'contract',
      'check',
      '--target',
      refusing.url,
      '--writes',
      '--only',
      'createCoinPay',
      '--only',
      'adyenVerifyPay',
    ]);
    expect(run.code).toBe(1);
    expect(run.out).toMatch(/createCoinPay\s+unverified/);
    expect(run.out).toContain('not sent under --writes: missing fixture');
  });
});
