import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { callInject, okData } from './support/inject';
import { coinOrder, createdOrder, NOW, payError, pollResult, tokenise } from './support/payments';

/**
 * The second SPEC audit (docs/spec-audit.md, "Second audit") over the mock: TESTDATA values the first audit
 * did not list, written out here as the catalogue states them, not read from the contracts' copy.
 */

let app: FastifyInstance;
let rid = 0;
const nextRid = () => `rid-audit2-${++rid}`;

beforeAll(async () => {
  app = await buildApp({ now: NOW });
});
afterAll(() => app.close());

describe('second audit: sign-in values of TESTDATA', () => {
  it('@spec:login.loggedOut sk-expired answers -10000 (logged out); sk-10000001 is 10000001', async () => {
    expect((await callInject(app, 'getPayUserInfo', { session_key: 'sk-expired' })).result).toBe(-10000);
    const reem = await callInject(app, 'getPayUserInfo', { session_key: 'sk-10000001' });
    expect(reem.data).toMatchObject({ user: { uid: 1001, display_uid: '10000001', nickname: 'ريم' } });
  });

  it('@spec:code.21001 any other session key fails with the login-failed message', async () => {
    const other = await callInject(app, 'getPayUserInfo', { session_key: 'sk-never-issued' });
    expect(other.result).toBe(21001);
    expect(other.message).toBe('تعذّر تسجيل الدخول');
  });
});

describe('second audit: declined cards of TESTDATA (provider 13)', () => {
  async function declined(number: string) {
    const token = (await tokenise(app, number)).token;
    if (token === undefined) throw new Error('not tokenised');
    const order = await createdOrder(app, coinOrder({ pay_type: 23, token: token.token }), nextRid());
    expect((await pollResult(app, order.order_id)).result).toBe(1);
    return payError(app, order.order_id);
  }

  it('@spec:decline.200P1 4000 0000 0000 0259 is declined with 200P1, "try another card or payment method"', async () => {
    const error = await declined('4000000000000259');
    expect(error.err_code).toBe('200P1');
    expect(JSON.stringify(error)).toContain('بطاقة أخرى');
  });

  it('@spec:decline.20051 4544 2491 6767 3670 is 20051 with the insufficient-funds detail', async () => {
    const error = await declined('4544249167673670');
    expect(error).toMatchObject({
      err_code: '20051',
      fail_detail: 'Insufficient Funds or Exceeds Amount Limits',
    });
  });

  it('@spec:failDetail.timeOut 4095 2548 0264 2505 times out at the provider: fail_detail time_out', async () => {
    expect((await declined('4095254802642505')).fail_detail).toBe('time_out');
  });
});

describe('second audit: wallet tokens of TESTDATA', () => {
  it('@spec:wallet.pendingPoll wallet:pending-success is -1 for three polls, then 0', async () => {
    const order = (await createdOrder(app, coinOrder({ pay_type: 26 }), nextRid())).order_id;
    const verified = await callInject(app, 'adyenVerifyPay', {
      app_order: order,
      apple_pay_token: 'wallet:pending-success',
      payment_method_type: 'applepay',
    });
    expect(verified.data).toMatchObject({ fail_detail: 'pending' });
    const polls = [];
    for (let i = 0; i < 4; i++) polls.push((await pollResult(app, order)).result);
    expect(polls).toEqual([-1, -1, -1, 0]);
  });
});

describe('second audit: fines of TESTDATA', () => {
  it('@spec:code.22003 fine 7003 changes its amount when the order is created', async () => {
    const info = okData('getFineInfo', await callInject(app, 'getFineInfo', { id: 7003 }));
    const created = await callInject(
      app,
      'payerMaxCreateFinePay',
      { fine_id: 7003, amount: info.amount, source: 1 },
      { 'x-cli-rid': nextRid() },
    );
    expect(created.result).toBe(22003);
    expect(created.message).toContain('تغيّر مبلغ الغرامة');
  });
});
