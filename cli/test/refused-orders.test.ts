// Integration test: `contract check --writes` orders for the accounts TESTDATA refuses (refusedOrders.ts)
// against the mock, and against the mock behind a proxy that takes those orders (sent on for another account):
// the check fails, a line for each account. Without --writes no order is asked at all.
import { describe, expect, it } from 'vitest';
import { check, only } from './support/contractCheck';
import { type PassedRequest, startRewritingBackend } from './support/rewritingBackend';

const REFUSED_UIDS = ['1003', '1004', '1005'];

/** An order for a banned, deactivated or deactivating account sent on as one for account.omar (1002). */
const takesRefused = (request: PassedRequest): PassedRequest => {
  const uid = request.url.searchParams.get('uid');
  if (request.url.pathname.includes('create_coin_pay') && uid !== null && REFUSED_UIDS.includes(uid))
    request.url.searchParams.set('uid', '1002');
  return request;
};

describe('an order for an account that cannot be topped up', () => {
  it('is asked under --writes and refused by the mock; not asked without --writes', async () => {
    const asked: string[] = [];
    const backend = await startRewritingBackend((request) => {
      const uid = request.url.searchParams.get('uid');
      if (request.url.pathname.includes('create_coin_pay') && uid !== null) asked.push(uid);
      return request;
    });
    try {
      const reads = await check(backend.url, only('createCoinPay', 'checkDisplayId'));
      expect(asked).toEqual([]);
      expect(reads.report.calls.find((c) => c.call === 'createCoinPay')?.outcome).toBe('skipped');
      const writes = await check(backend.url, ['--writes', ...only('createCoinPay')]);
      expect(writes.code).toBe(0);
      expect(asked.filter((uid) => REFUSED_UIDS.includes(uid))).toEqual(REFUSED_UIDS);
    } finally {
      await backend.close();
    }
  });

  it('fails the check when a backend takes them', async () => {
    const backend = await startRewritingBackend(takesRefused);
    try {
      const { code, report } = await check(backend.url, ['--writes', ...only('createCoinPay')]);
      const judged = report.calls.find((c) => c.call === 'createCoinPay');
      expect(judged?.outcome).toBe('disagrees');
      const lines = judged?.problems.map((p) => p.message) ?? [];
      for (const [name, uid, code] of [
        ['banned', '1003', 20001],
        ['deactivated', '1004', 20186],
        ['deactivating', '1005', 20187],
      ] as const)
        expect(lines).toContainEqual(
          expect.stringMatching(
            new RegExp(
              `^ordered "rc_999" for the fixtures' account\\.${name} \\(uid ${uid}\\), it answered 0 \\(order "PO[0-9a-f]{32}" made\\), so it could be paid: top-up is refused for .*, with ${code} \\(SPEC §4`,
            ),
          ),
        );
      expect(code).toBe(1);
    } finally {
      await backend.close();
    }
  });
});
