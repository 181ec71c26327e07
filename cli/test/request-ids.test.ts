// Integration test: `contract check --writes` holds createCoinPay to the X-CLI-RID rules (REQUEST_ID_SCOPE,
// cli/src/contract/requestIds.ts) against the real mock, and against the mock behind a proxy that breaks one of
// them by rewriting the requests it passes on: each such backend fails the check (exit 1) with that rule's line.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { CardNumber } from '@topup/contracts';
import { SimulatorPath } from '@topup/contracts/simulators';
import { describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { startAlteredBackend } from './support/alteredBackend';
import { captureIo } from './support/capture';
import { type PassedRequest, startRewritingBackend } from './support/rewritingBackend';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'mock-backend.yaml');
const CREATE = '/api/order/create_coin_pay/';

interface Report {
  readonly passed: boolean;
  readonly calls: readonly { call: string; outcome: string; problems: readonly { message: string }[] }[];
}

async function check(url: string): Promise<{ code: number; report: Report; lines: string[] }> {
  const io = captureIo();
  const args = [
    'contract',
    'check',
    '--target',
    url,
    '--fixtures',
    FIXTURES,
    '--writes',
    '--reporter',
    'json',
  ];
  const code = await runCli(args, io);
  const report = JSON.parse(io.stdout()) as Report;
  const create = report.calls.find((c) => c.call === 'createCoinPay');
  return { code, report, lines: (create?.problems ?? []).map((p) => p.message) };
}

/** Runs the check against the mock behind `rewrite`, and stops both. */
async function checkBehind(rewrite: Parameters<typeof startRewritingBackend>[0]) {
  const backend = await startRewritingBackend(rewrite);
  try {
    return await check(backend.url);
  } finally {
    await backend.close();
  }
}

const ordering = (r: PassedRequest) => r.url.pathname === CREATE;
const ORDER_ID = 'PO[0-9a-f]{32}';

describe('contract check --writes holds order creation to the X-CLI-RID rules', () => {
  it('passes the mock, after sending each rule its requests under the ids the rules name', async () => {
    const seen: { rid: string | undefined; uid: string | null; payType: string | null; token: boolean }[] =
      [];
    const run = await checkBehind((request) => {
      if (ordering(request))
        seen.push({
          rid: request.headers['x-cli-rid'],
          uid: request.url.searchParams.get('uid'),
          payType: request.url.searchParams.get('pay_type'),
          token: request.url.searchParams.has('token'),
        });
      return request;
    });
    expect(run.lines).toEqual([]);
    expect(run.code).toBe(0);
    // The orders asked for the accounts that cannot be topped up (refusedOrders.ts), each refused: no id rule's.
    const refusedUids = ['1003', '1004', '1005'];
    const probed = seen.filter((s) => refusedUids.includes(s.uid ?? ''));
    expect(probed.map((s) => s.uid)).toEqual(refusedUids);
    const ruled = seen.filter((s) => !probed.includes(s));
    const [made, retry, reused, fresh, lookup, late] = ruled;
    expect(ruled).toHaveLength(6);
    // The run's order, sent again as it was, then with another account's uid, under the same id.
    expect(retry).toEqual(made);
    expect(reused).toEqual({ ...made, uid: '1002' });
    // The run's request under a fresh id: another order, the one clickCancel cancels (cancelReadBack.ts), so
    // clickCancel makes none of its own.
    expect(fresh).toEqual({ ...made, rid: fresh?.rid });
    // A fresh id: the card intent without its card, then with it.
    expect(lookup).toMatchObject({ payType: '23', token: false });
    expect(late).toEqual({ ...lookup, token: true });
    expect(new Set([made?.rid, fresh?.rid, lookup?.rid]).size).toBe(3);
  });

  it('fails a backend that makes a new order for a repeated id (it ignores X-CLI-RID)', async () => {
    const run = await checkBehind(({ url, headers: { 'x-cli-rid': _rid, ...headers } }) => ({
      url,
      headers,
    }));
    expect(run.code).toBe(1);
    expect(run.report.calls.find((c) => c.call === 'createCoinPay')?.outcome).toBe('disagrees');
    expect(run.lines[0]).toMatch(
      new RegExp(
        `^retry: createCoinPay \\(recharge_id rc_999, uid 1001, pay_type 26, no card field\\) sent again under its X-CLI-RID answered 0 with order ${ORDER_ID}, a second order, not the id's order ${ORDER_ID}: a used id answers its order to the same request, so a retry after a lost answer makes no second order \\(REQUEST_ID_SCOPE\\)$`,
      ),
    );
    // With no id at all, the other rules fail too: another uid makes an order, the late request is a new one.
    expect(run.lines.slice(1).map((l) => l.split(':')[0])).toEqual(['reused id', 'spent id']);
  });

  it('fails a backend that answers every order with the first order id it gave', async () => {
    let first: unknown;
    const backend = await startAlteredBackend((_path, json) => {
      const data = json.data as { order_id?: unknown } | null | undefined;
      if (data === null || typeof data !== 'object' || typeof data.order_id !== 'string') return json;
      first ??= data.order_id;
      return { ...json, data: { ...data, order_id: first } };
    });
    try {
      const run = await check(backend.url);
      expect(run.code).toBe(1);
      // Said on createCoinPay's row, by the rule that sends the run's request under a fresh id.
      expect(run.lines).toHaveLength(1);
      expect(run.lines[0]).toMatch(
        new RegExp(
          `^fresh id: createCoinPay \\(recharge_id rc_999, uid 1001, pay_type 26, no card field\\) under a fresh X-CLI-RID answered 0 with order (${ORDER_ID}), the order id this run's createCoinPay already answered earlier in this run \\(order \\1, under another X-CLI-RID\\): a request under a new id is a new order, with an order id of its own \\(REQUEST_ID_SCOPE\\)$`,
        ),
      );
      const row = (call: string) => run.report.calls.find((c) => c.call === call);
      // The run's own order is not cancelled for it, so the calls on that order are not blamed.
      expect(row('clickCancel')?.problems[0]?.message).toContain(
        'the order id it already answered earlier in this run',
      );
      expect(row('submitAuthenticationResult')?.outcome).toBe('refused');
      expect(row('adyenVerifyPay')?.outcome).toBe('ok');
      for (const call of ['createFinePay', 'payerMaxCreateFinePay'])
        expect(row(call)?.problems[0]?.message).toContain(
          'the order id createCoinPay already answered earlier',
        );
    } finally {
      await backend.close();
    }
  });

  it('fails a backend that answers a reused id with another parameter as a fresh order', async () => {
    // It keys the id by the target account as well: another uid under the same id is a new request to it.
    const run = await checkBehind((request) => {
      const { url, headers } = request;
      const rid = headers['x-cli-rid'];
      if (!ordering(request) || rid === undefined) return request;
      return { url, headers: { ...headers, 'x-cli-rid': `${rid}|${url.searchParams.get('uid')}` } };
    });
    expect(run.code).toBe(1);
    expect(run.lines).toHaveLength(1);
    expect(run.lines[0]).toMatch(
      new RegExp(
        `^reused id: createCoinPay \\(recharge_id rc_999, uid 1002, pay_type 26, no card field; its uid changed from 1001\\) under the X-CLI-RID of order ${ORDER_ID} answered 0 with order ${ORDER_ID}, a new order for a used id: other parameters under a used id are 10009 \\(requestIdReused\\) and make no order \\(REQUEST_ID_SCOPE\\)$`,
      ),
    );
  });

  it('fails a backend that lets the late full request under a spent id make an order', async () => {
    // It forgets the ids its cardless lookups spent: a request with a card is a new one, and its card (a real
    // token from the mock's tokeniser in place of the check's made-up one) pays.
    const run = await checkBehind(async (request, mockUrl) => {
      if (!ordering(request) || !request.url.searchParams.has('token')) return request;
      const tokenised = await fetch(new URL(SimulatorPath.checkoutTokens, mockUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          type: 'card',
          number: CardNumber.visaApproved,
          expiry_month: 12,
          expiry_year: new Date().getUTCFullYear() + 3,
          cvv: '123',
        }),
      });
      const url = new URL(request.url);
      url.searchParams.set('token', ((await tokenised.json()) as { token: string }).token);
      return { url, headers: { ...request.headers, 'x-cli-rid': randomUUID() } };
    });
    expect(run.code).toBe(1);
    expect(run.lines).toHaveLength(1);
    expect(run.lines[0]).toMatch(
      new RegExp(
        `^spent id: createCoinPay \\(recharge_id rc_999, uid 1001, pay_type 23, card fields token \\(made up\\)\\) under the X-CLI-RID its cardless lookup spent \\(answered 10001 \\(invalidParam\\)\\) answered 0 with order ${ORDER_ID}, an order made under a spent id: that lookup spends the id: the request it looked for, arriving late, is 10009 \\(requestIdReused\\) and makes no order \\(REQUEST_ID_SCOPE\\)$`,
      ),
    );
    // No card number or CVV in any line, whatever the backend was given.
    expect(JSON.stringify(run.report)).not.toContain(CardNumber.visaApproved);
  });
});
