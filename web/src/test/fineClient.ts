import { messageOf } from '@topup/contracts/messages';
import { createClient } from '../api/client';
import type { WireRequest, WireResponse } from '../api/transport';
import type { FineInfo } from '../features/fines/state';
import { everyContract } from './contracts';
import { envelope, fakeTransport } from './fakeTransport';

/** A fake client for the fines tests: answers by API path, records the path, query and X-CLI-RID of each call. */

export const fine7001: FineInfo = {
  id: 7001,
  uid: 1009,
  display_uid: '10000009',
  nickname: '<img src=x onerror=alert(1)>\u202Eevil',
  amount: 4.99,
  currency: 'USD',
  status: 'unpaid',
  account_banned: true,
};

export type Route = (query: URLSearchParams, request: WireRequest) => WireResponse | Promise<WireResponse>;

export function fakeFinesClient(routes: Readonly<Record<string, Route>>) {
  const fake = fakeTransport(async (request) => {
    const url = new URL(request.url, 'http://app.test');
    const route = routes[url.pathname];
    if (route === undefined) return envelope(null, 404, `no route ${url.pathname}`);
    return route(url.searchParams, request);
  });
  const client = createClient({
    contracts: everyContract,
    messageOf,
    transport: fake.transport,
    base: () => '',
    headers: (_name, _contract, options) =>
      options.requestId === undefined ? {} : { 'X-CLI-RID': options.requestId },
  });
  const calls = () =>
    fake.requests.map((r) => {
      const url = new URL(r.url, 'http://app.test');
      return { path: url.pathname, query: url.searchParams, rid: r.headers['X-CLI-RID'] };
    });
  return { client, calls };
}

export const networkDown: WireResponse = { kind: 'failure', code: -2 };
export const ok = (data: unknown) => envelope(data);
export const refuse = (result: number) => envelope(null, result, '');
export const FINE_INFO = '/api/fine/get_fine_info/';
export const CREATE_FINE_PAY = '/api/order/create_fine_pay/';
export const PAYER_MAX = '/api/payer_max/create_fine_pay/';
export const PAY_RESULT = '/api/web/pay_result_by_order_fast/';
export const CHECK_DISPLAY_ID = '/api/web/check_display_id/';
export const PAY_ERROR = '/api/web/get_pay_error_by_order/';
export const checkData = {
  uid: 1009,
  display_id: '10000009',
  is_guest: false,
  nickname: 'x',
  icon: '',
  status: 0,
  streamer_state: 'NONE',
  room_id: 0,
};
