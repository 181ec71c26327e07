import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../api/client';
import type { WireResponse } from '../api/transport';
import { everyContract } from '../test/contracts';
import { envelope, fakeTransport } from '../test/fakeTransport';
import {
  forgetOrderReports,
  ORDER_REPORT_RETRIES,
  orderReportData,
  reportOrderResult,
  type ShownResult,
  sendOrderReport,
} from './orderReport';

afterEach(forgetOrderReports);

/** A client whose answers come, in turn, from `answers` (the last one repeats). */
function clientAnswering(answers: readonly (WireResponse | 'throw')[]) {
  let n = 0;
  const fake = fakeTransport(() => {
    const answer = answers[Math.min(n, answers.length - 1)];
    n += 1;
    if (answer === 'throw') throw new Error('socket closed');
    return answer ?? envelope(null);
  });
  const client = createClient({
    contracts: everyContract,
    transport: fake.transport,
    base: () => '',
    headers: () => ({}),
  });
  return { client, requests: fake.requests };
}

const ok = envelope(null);
const refused = envelope(null, 10005, 'internal');
const offline: WireResponse = { kind: 'failure', code: -2 };
const result = (outcome: string, action = 'close'): ShownResult => ({
  panel: { outcome, primary: { action } },
  orderId: 'o-42',
  payType: 23,
});

describe('@spec:call.tmpReport order reporting: tmp_report, retried up to 3 more times (SPEC §7, §9)', () => {
  it('retries 3 more times', () => expect(ORDER_REPORT_RETRIES).toBe(3));

  it.each(
    (
      [
        ['answered at once', [ok], 1, true],
        ['refused once, then answered', [refused, ok], 2, true],
        ['offline twice, then answered', [offline, offline, ok], 3, true],
        ['refused three times, answered on the last retry', [refused, refused, refused, ok], 4, true],
        ['refused every time: 4 tries, then given up', [refused], 4, false],
        ['throwing every time: 4 tries, nothing thrown', ['throw'], 4, false],
      ] as const
    )
      // The count second, so the title's %i takes it (placeholders take the row's values in order).
      .map(([name, answers, requests, delivered]) => [name, requests, answers, delivered] as const),
  )('%s → %i requests', async (_name, requests, answers, delivered) => {
    const fake = clientAnswering(answers);
    const answer = await sendOrderReport(fake.client, 'o-42', {
      status: 'success',
      pay_type: 23,
      amount: 4.99,
    });
    expect(fake.requests).toHaveLength(requests);
    expect(answer?.ok === true).toBe(delivered);
  });

  it('sends the order id and a JSON of the outcome: status, pay type, amount, nothing else', async () => {
    const fake = clientAnswering([ok]);
    await sendOrderReport(fake.client, 'o-42', orderReportData(result('success'), 4.99));
    const url = new URL(fake.requests[0]?.url ?? '', 'http://x');
    expect(url.pathname).toBe('/api/order/tmp_report/');
    expect(url.searchParams.get('app_order')).toBe('o-42');
    expect(JSON.parse(url.searchParams.get('data') ?? '')).toEqual({
      status: 'success',
      pay_type: 23,
      amount: 4.99,
    });
  });

  it.each([
    [result('success'), { status: 'success', pay_type: 23, amount: 9.99 }],
    [result('balance', 'anotherCard'), { status: 'balance', pay_type: 23, amount: 9.99 }],
    [result('fail', 'checkAgain'), { status: 'pending', pay_type: 23, amount: 9.99 }],
    [result('fail', 'giveUp'), { status: 'pending', pay_type: 23, amount: 9.99 }],
    [
      { ...result('fail'), payType: undefined },
      { status: 'fail', pay_type: null, amount: 9.99 },
    ],
  ])('the outcome %j reads %j', (shown, data) => {
    expect(orderReportData(shown, 9.99)).toEqual(data);
  });

  it('reports a result once per order and status; not without an order or before the amount is known', async () => {
    const fake = clientAnswering([ok]);
    expect(reportOrderResult(fake.client, undefined, 4.99)).toBe(false);
    expect(reportOrderResult(fake.client, { ...result('fail'), orderId: undefined }, 4.99)).toBe(false);
    expect(reportOrderResult(fake.client, result('fail', 'checkAgain'), undefined)).toBe(false);
    expect(reportOrderResult(fake.client, result('fail', 'checkAgain'), 4.99)).toBe(true);
    expect(reportOrderResult(fake.client, result('fail', 'checkAgain'), 4.99)).toBe(false);
    expect(reportOrderResult(fake.client, result('success'), 4.99)).toBe(true);
    expect(reportOrderResult(fake.client, result('success'), 4.99)).toBe(false);
    await expect.poll(() => fake.requests.length).toBe(2);
    const statuses = fake.requests.map(
      (r) => JSON.parse(new URL(r.url, 'http://x').searchParams.get('data') ?? '{}').status,
    );
    expect(statuses).toEqual(['pending', 'success']);
  });

  it('never holds or breaks its caller: a throwing transport is met after reportOrderResult returned', () => {
    const fake = clientAnswering(['throw']);
    expect(() => reportOrderResult(fake.client, result('success'), 4.99)).not.toThrow();
  });
});
