// Integration test: the CLI talks HTTP, so it runs against the mock behind small proxies on loopback, port 0.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { captureIo } from './support/capture';
import { startServer } from './support/drifting';
import { startProxyBackend } from './support/proxyBackend';

/**
 * Which refusals a fixtures file may call right, and for what: only a refusal of the call's own, and only
 * for the fixtures' values, never for the order the check itself just made.
 */
const dir = mkdtempSync(join(tmpdir(), 'topup-refusals-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const FIXTURES = join(__dirname, '..', 'fixtures', 'mock-backend.yaml');

async function run(args: string[]) {
  const io = captureIo();
  const code = await runCli(args, io);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

describe('a fixtures file may expect only a refusal of the call’s own', () => {
  it('refuses 10001, -10000 and 10009, one line each, exit 2, and sends nothing', async () => {
    // Refuses everything as invalid but the server time: with 10001 expected everywhere it once passed.
    const seen: string[] = [];
    const backend = await startServer((app) => {
      app.removeAllContentTypeParsers();
      app.addContentTypeParser('*', (_request, _body, done) => done(null));
      app.addHook('onRequest', async (request) => {
        seen.push(request.url);
      });
      app.get('/api/sys/ts/', async () => ({ result: 0, message: 'ok', data: { ts: Date.now() } }));
      app.all('/*', async () => ({ result: 10001, message: 'invalid', data: null }));
    });
    try {
      const file = join(dir, 'common-codes.yaml');
      writeFileSync(
        file,
        [
          'version: 1',
          'fixtures:',
          '  order.sample: { order_id: ord-none }',
          'expectRefusals:',
          '  backupDomains: [10001]',
          '  getPayUserInfo: [-10000]',
          '  createCoinPay: [10009]',
          '  getOrderInfo: [23001]',
        ].join('\n'),
      );
      const result = await run(['contract', 'check', '--target', backend.url, '--fixtures', file]);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(
        "expectRefusals.backupDomains: 10001 (invalidParam) is a code every call may answer, not backupDomains's own refusal",
      );
      expect(result.stderr).toContain(
        'expectRefusals.getPayUserInfo: -10000 (loggedOut) says the session key is not signed in: a stale or wrong session key in the fixtures must fail the check, not pass it',
      );
      expect(result.stderr).toContain(
        'expectRefusals.createCoinPay: 10009 (requestIdReused): the check sends a fresh request id with every call',
      );
      expect(result.stderr).not.toContain('expectRefusals.getOrderInfo');
      expect(seen).toEqual([]);
    } finally {
      await backend.close();
    }
  });
});

describe('expected refusals outnumbering the calls answered ok', () => {
  it('passes, but says how few answers had their data checked', async () => {
    const backend = await startServer((app) => {
      app.removeAllContentTypeParsers();
      app.addContentTypeParser('*', (_request, _body, done) => done(null));
      app.get('/api/sys/ts/', async () => ({ result: 0, message: 'ok', data: { ts: Date.now() } }));
      app.all('/*', async () => ({ result: 23001, message: 'order not found', data: null }));
    });
    try {
      const reads = ['getOrderInfo', 'payResultByOrderFast', 'getPayError', 'getCardInfoByOrder'];
      const file = join(dir, 'orders.yaml');
      writeFileSync(
        file,
        `version: 1\nfixtures:\n  order.sample: { order_id: ord-none }\n  device: { h5_deviceid: d-1, uuid: u-1 }\nexpectRefusals:\n${reads.map((c) => `  ${c}: [23001]`).join('\n')}\n`,
      );
      const only = ['serverTime', ...reads].flatMap((call) => ['--only', call]);
      const result = await run(['contract', 'check', '--target', backend.url, '--fixtures', file, ...only]);
      expect(result.stdout).toContain(
        'note: only 1 of 5 calls answered were answered ok; the 4 refused had only their result code checked, never their data',
      );
      expect(result.stdout).toMatch(/PASSED contract check .*: 1 ok, 4 refused/);
      expect(result.code).toBe(0);
    } finally {
      await backend.close();
    }
  });
});

describe('under --writes, an order read of the order the run made must find it', () => {
  // "Loses" every order: each order read answers "order not found", the fixtures' refusal for order.sample.
  const lost = (path: string) =>
    /get_card_info_by_order|pay_result_by_order_fast|get_order_info|get_pay_error/.test(path)
      ? {
          status: 200,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ result: 23001, message: 'order not found', data: null }),
        }
      : undefined;

  it('fails each order read answered 23001 for that order, though the file lists 23001 for them', async () => {
    const backend = await startProxyBackend(lost);
    try {
      const result = await run([
        'contract',
        'check',
        '--target',
        backend.url,
        '--fixtures',
        FIXTURES,
        '--writes',
      ]);
      expect(result.code).toBe(1);
      for (const call of ['getCardInfoByOrder', 'payResultByOrderFast', 'getOrderInfo', 'getPayError']) {
        expect(result.stdout).toMatch(new RegExp(`${call}\\s+unverified\\s+23001`));
        expect(result.stdout).toContain(
          `result: refused with 23001 for the order createCoinPay made in this run: it must find that order (expectRefusals.${call} lists 23001 for the fixtures' sample order, not for this one)`,
        );
      }
      expect(result.stdout).toMatch(/FAILED contract check/);
      // Without --writes they read order.sample, which no order has: that refusal is the expected one.
      const reads = await run(['contract', 'check', '--target', backend.url, '--fixtures', FIXTURES]);
      expect(reads.stdout).toMatch(/getOrderInfo\s+refused\s+23001/);
      expect(reads.code).toBe(0);
    } finally {
      await backend.close();
    }
  }, 60_000);
});
