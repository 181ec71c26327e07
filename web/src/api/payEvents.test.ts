import { afterEach, describe, expect, it, vi } from 'vitest';
import { everyContract } from '../test/contracts';
import { envelope, fakeTransport } from '../test/fakeTransport';
import { createClient, type Params } from './client';
import { observingOrders } from './orderObserver';
import { PAY_EVENT_RETRIES, reportCreatePay, reportPayEvent, stepEventParams } from './payEvents';
import type { WireRequest, WireResponse } from './transport';

const order: Params<'createCoinPay'> = {
  recharge_id: 'rc_999',
  uid: 1001,
  pay_type: 23,
  source: 1,
  kind: 'normal',
  ext: { h5_deviceid: 'dev-1', page_view_id: 'pv-1' },
  token: 'tok_secret_card_token',
  bin: '424242',
  last4: '4242',
};

const isEvent = (r: WireRequest) => r.url.includes('/api/web/report_pay_event/');
const eventsOf = (requests: readonly WireRequest[]) =>
  requests.filter(isEvent).map((r) => JSON.parse(String(r.body)) as Record<string, unknown>);

function clientAnswering(answer: (request: WireRequest) => WireResponse) {
  const fake = fakeTransport(answer);
  const client = createClient({
    contracts: everyContract,
    transport: fake.transport,
    base: () => '',
    headers: () => ({}),
  });
  return { client, requests: fake.requests };
}

afterEach(() => vi.restoreAllMocks());

describe('create-pay result events (SPEC §7: events cover create-pay results)', () => {
  it.each([
    [
      'an order made',
      envelope({ order_id: 'ord-1', url: '', platform_data: { status: 'paid' } }),
      0,
      'ord-1',
    ],
    ['an order refused (banned)', envelope(null, 20001, 'banned'), 20001, ''],
    ['no answer (network)', { kind: 'failure', code: -2 } as WireResponse, -2, ''],
  ])('%s: one create_pay_result event with the result', async (_, answer, result, orderId) => {
    const { client, requests } = clientAnswering((r) => (isEvent(r) ? envelope(null) : answer));
    const observed = observingOrders(client, (request, created) => {
      void reportCreatePay(client, request, created);
    });
    await observed.call('createCoinPay', order);
    await vi.waitFor(() => expect(eventsOf(requests)).toHaveLength(1));
    const [event] = eventsOf(requests);
    expect(event).toMatchObject({
      eventName: 'create_pay_result',
      params: { recharge_id: 'rc_999', pay_type: 23, result, order_id: orderId },
    });
    // Never card data, never the query of the page.
    expect(JSON.stringify(event)).not.toMatch(/tok_secret|424242/);
    expect(String(event?.href)).not.toContain('?');
  });

  it('an answer outside the contract still reaches the caller as its throw, and is reported as -2', async () => {
    const { client, requests } = clientAnswering((r) =>
      isEvent(r) ? envelope(null) : { kind: 'answer', status: 200, body: 'not an envelope' },
    );
    const seen: unknown[] = [];
    const observed = observingOrders(client, (request, created) => {
      seen.push(created);
      void reportCreatePay(client, request, created);
    });
    await expect(observed.call('createCoinPay', order)).rejects.toThrow(/outside its contract/);
    expect(seen).toEqual([undefined]);
    await vi.waitFor(() => expect(eventsOf(requests)).toHaveLength(1));
    expect(eventsOf(requests)[0]).toMatchObject({ params: { result: -2 } });
  });

  it('other calls pass through unobserved', async () => {
    const { client } = clientAnswering(() => envelope({ ts: 5 }));
    const observe = vi.fn();
    const answer = await observingOrders(client, observe).call('serverTime', {});
    expect(answer).toEqual({ ok: true, data: { ts: 5 } });
    expect(observe).not.toHaveBeenCalled();
  });
});

describe('event retries (SPEC §7, §9: retried up to 3 more times)', () => {
  it.each([
    [0, 1, true],
    [1, 2, true],
    [3, 4, true],
    [4, 4, false],
    [9, 4, false],
  ])('%i failures before success: %i sends, delivered %s', async (failures, sends, delivered) => {
    let failed = 0;
    const { client, requests } = clientAnswering(() => {
      if (failed < failures) {
        failed += 1;
        return { kind: 'answer', status: 500, body: { result: 500, message: 'down', data: null } };
      }
      return envelope(null);
    });
    const answer = await reportPayEvent(client, 'pay_step', stepEventParams('cardFrame', 'home', 2));
    expect(PAY_EVENT_RETRIES).toBe(3);
    expect(requests).toHaveLength(sends);
    expect(answer?.ok).toBe(delivered);
    expect(eventsOf(requests)[0]).toMatchObject({
      eventName: 'pay_step',
      params: { step: 'cardFrame', from: 'home', depth: 2 },
      version: '1.0.333',
    });
  });
});
