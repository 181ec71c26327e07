import { LIMITS, PAST_LIMIT_MARGIN_MS, WALLET_SHEET } from '@topup/contracts/limits';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forcedFault } from '../src/control/faults';
import { type RunningMock, startMockServer } from '../src/server';

/**
 * The fault catalogue of a slow or failing backend: answers past the app's limits (named from the limits
 * module), answers that are not envelopes, hangs cut off after a while, and answers lost after the call took
 * effect, where only the same X-CLI-RID finds the order again. On a real loopback socket: a reset or a
 * hang only means something there.
 */

const NOW = new Date('2026-11-21T09:00:00Z');
const CONTROL = { 'content-type': 'application/json', 'x-topup-control': '1' };

describe('past-the-limit faults are the limits module’s limits plus a margin', () => {
  const rows = [
    ['api', LIMITS.apiMs],
    ['batch', LIMITS.batchMs],
    ['walletSession', LIMITS.walletSessionMs],
    ['walletComplete', WALLET_SHEET.completeWithinMs],
  ] as const;
  for (const [limit, ms] of rows) {
    it(`${limit}: a delay of ${ms} + ${PAST_LIMIT_MARGIN_MS} ms`, () => {
      expect(forcedFault({ fault: 'pastLimit', limit })).toEqual({
        kind: 'delay',
        ms: ms + PAST_LIMIT_MARGIN_MS,
      });
    });
  }
});

describe('fault kinds on a real socket', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMockServer({ now: NOW, logger: false });
  });
  afterAll(() => mock.close());
  beforeEach(async () => {
    await fetch(`${mock.url}/__mock/reset`, { method: 'POST', headers: CONTROL, body: '{}' });
  });

  const control = async (path: string, body: unknown) => {
    const answer = await fetch(`${mock.url}/__mock/${path}`, {
      method: 'POST',
      headers: CONTROL,
      body: JSON.stringify(body),
    });
    return (await answer.json()) as { result: number; message: string; data: Record<string, unknown> };
  };
  const orderParams = new URLSearchParams({
    recharge_id: 'rc_499',
    uid: '1002',
    pay_type: '24',
    source: '1',
    kind: 'normal',
    ext: JSON.stringify({ h5_deviceid: 'dev-faults' }),
  });
  const createOrder = (rid: string) =>
    fetch(`${mock.url}/api/order/create_coin_pay/?${orderParams}`, { headers: { 'X-CLI-RID': rid } });
  const journal = async () => {
    const answer = await fetch(`${mock.url}/__mock/journal?call=createCoinPay`, { headers: CONTROL });
    return (
      (await answer.json()) as { data: { entries: { result: number | 'fault'; requestId?: string }[] } }
    ).data.entries;
  };

  it('answers a proxy error page, not an envelope, then answers again', async () => {
    expect((await control('force', { call: 'serverTime', answer: { fault: 'notEnvelope' } })).result).toBe(0);
    const garbled = await fetch(`${mock.url}/api/sys/ts/`);
    expect(garbled.status).toBe(200);
    const text = await garbled.text();
    expect(() => JSON.parse(text)).toThrow();
    expect(((await (await fetch(`${mock.url}/api/sys/ts/`)).json()) as { result: number }).result).toBe(0);
  });

  it('a lost answer: the order is made, the connection reset; the same X-CLI-RID finds that order', async () => {
    await control('force', { call: 'createCoinPay', answer: { fault: 'lostAnswer' } });
    await expect(createOrder('rid-lost')).rejects.toThrow();
    const retry = (await (await createOrder('rid-lost')).json()) as {
      result: number;
      data: { order_id: string };
    };
    expect(retry.result).toBe(0);
    const again = (await (await createOrder('rid-lost')).json()) as { data: { order_id: string } };
    expect(again.data.order_id).toBe(retry.data.order_id);
    // The first request was answered 0 by the world: it made the order the retries found.
    expect((await journal()).map((e) => [e.result, e.requestId])).toEqual([
      [0, 'rid-lost'],
      [0, 'rid-lost'],
      [0, 'rid-lost'],
    ]);
  });

  it('a lost answer that hangs: the client gives up, the order exists', async () => {
    await control('force', { call: 'createCoinPay', answer: { fault: 'lostAnswer', after: 'hang' } });
    await expect(
      fetch(`${mock.url}/api/order/create_coin_pay/?${orderParams}`, {
        headers: { 'X-CLI-RID': 'rid-hang' },
        signal: AbortSignal.timeout(300),
      }),
    ).rejects.toThrow();
    expect((await journal()).map((e) => e.result)).toEqual([0]);
  });

  it('a hang cut off after its ms: the client sees the connection close', async () => {
    await control('force', { call: 'serverTime', answer: { fault: 'hang', ms: 50 } });
    await expect(fetch(`${mock.url}/api/sys/ts/`)).rejects.toThrow();
    expect(((await (await fetch(`${mock.url}/api/sys/ts/`)).json()) as { result: number }).result).toBe(0);
  });

  it('latency can be set just past a named limit, and refuses a name it does not know', async () => {
    expect((await control('latency', { pastLimit: 'batch' })).data).toEqual({
      ms: LIMITS.batchMs + PAST_LIMIT_MARGIN_MS,
    });
    expect((await control('latency', { pastLimit: 'forever' })).result).not.toBe(0);
    expect((await control('latency', { ms: 0 })).data).toEqual({ ms: 0 });
  });

  it('refuses a fault it does not know', async () => {
    expect((await control('force', { call: 'serverTime', answer: { fault: 'explode' } })).result).not.toBe(0);
    expect(
      (await control('force', { call: 'serverTime', answer: { fault: 'pastLimit', limit: 'x' } })).result,
    ).not.toBe(0);
  });
});
