// @vitest-environment node
import type { CallName } from '@topup/contracts/registry/index';
import { OwnedStorageKeys } from '@topup/contracts/storage';
import { describe, expect, it, vi } from 'vitest';
import { everyContract } from '../test/contracts';
import { envelope, fakeTransport } from '../test/fakeTransport';
import type { ApiClient, CallOptions, CallResult, Params } from './client';
import { createClient, type ErrorInfo } from './client';
import {
  endsSignedInSession,
  ORDER_SESSIONS_KEPT,
  orderNamed,
  orderSessionBook,
  orderSessions,
} from './orderSession';

/** A tab's sessionStorage. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

/**
 * The app's client over a fake one that records the session each call goes under (`undefined`: the one signed
 * in when sent, as the headers read it) and answers every order creation with `ord-<n>`.
 */
function appClient(storage = memoryStorage()) {
  const sent: { name: CallName; session: CallOptions['session'] }[] = [];
  let made = 0;
  const inner = {
    call: async <N extends CallName>(name: N, _params: Params<N>, options?: CallOptions) => {
      sent.push({ name, session: options?.session });
      made += 1;
      return { ok: true, data: { order_id: `ord-${made}` } } as unknown as CallResult<N>;
    },
  } as unknown as ApiClient;
  const signedIn: { key: string | undefined } = { key: 'sk-A' };
  const api = orderSessions(inner, () => signedIn.key, orderSessionBook(storage));
  return { api, sent, signedIn, storage };
}

const last = <T>(list: readonly T[]): T | undefined => list[list.length - 1];

/** Every call the app makes about an order, each naming it as its contract does. */
const orderCalls: [string, (api: ApiClient, id: string) => Promise<unknown>][] = [
  ['its result (poll)', (api, id) => api.call('payResultByOrderFast', { zp_orderid: id })],
  ['its failure reason', (api, id) => api.call('getPayError', { order_id: id, source: 1 })],
  [
    'its cancel (give up, a refused page, the wallet)',
    (api, id) => api.call('clickCancel', { app_order: id, reason: 'x' }),
  ],
  [
    'its 3-D Secure answer',
    (api, id) => api.call('submitAuthenticationResult', { order_id: id, platform_data: {} } as never),
  ],
  [
    "the wallet's merchant session",
    (api, id) =>
      api.call('adyenApplePaySessionData', {
        uid: 1002,
        source: 1,
        display_name: 'x',
        domain_name: 'localhost',
        app_order: id,
        merchant_identifier: 'x',
      }),
  ],
  [
    "the wallet's token",
    (api, id) =>
      api.call('adyenVerifyPay', { app_order: id, apple_pay_token: 't', payment_method_type: 'applepay' }),
  ],
];

describe('every call about an order goes under the session that made it', () => {
  it.each(orderCalls)('%s, after another window signed in as someone else', async (_what, callAbout) => {
    const { api, sent, signedIn } = appClient();
    await api.call('createCoinPay', { recharge_id: 'rc_999', uid: 1002, pay_type: 27 } as never);
    expect(last(sent)?.session, 'the order is made under the session signed in').toEqual({ key: 'sk-A' });
    signedIn.key = 'sk-B';
    await callAbout(api, 'ord-1');
    expect(last(sent)?.session).toEqual({ key: 'sk-A' });
  });

  it.each(orderCalls)('%s, of an order made signed out, after a sign-in', async (_what, callAbout) => {
    const { api, sent, signedIn } = appClient();
    signedIn.key = undefined;
    await api.call('createCoinPay', { recharge_id: 'rc_999', uid: 1002, pay_type: 27 } as never);
    signedIn.key = 'sk-B';
    await callAbout(api, 'ord-1');
    expect(last(sent)?.session, 'no session: the signed-out order is not asked for as B').toEqual({
      key: undefined,
    });
  });

  it.each(orderCalls)(
    '%s, after a reload (the tab keeps where its orders were made)',
    async (_what, callAbout) => {
      const first = appClient();
      await first.api.call('createCoinPay', { recharge_id: 'rc_999', uid: 1002, pay_type: 27 } as never);
      const reloaded = appClient(first.storage);
      reloaded.signedIn.key = 'sk-B';
      await callAbout(reloaded.api, 'ord-1');
      expect(last(reloaded.sent)?.session).toEqual({ key: 'sk-A' });
    },
  );

  it.each<[string, Record<string, unknown>, string | undefined]>([
    ['the session its request names', { session_key: 'sk-link' }, 'sk-link'],
    ['else the one signed in', {}, 'sk-A'],
  ])('an order is made under %s, and its calls follow', async (_what, extra, key) => {
    const { api, sent, signedIn } = appClient();
    await api.call('createCoinPay', { recharge_id: 'rc_999', uid: 1002, pay_type: 27, ...extra } as never);
    expect(last(sent)?.session).toEqual({ key });
    signedIn.key = 'sk-B';
    await api.call('clickCancel', { app_order: 'ord-1', reason: 'x' });
    expect(last(sent)?.session).toEqual({ key });
  });

  it.each<[string, (api: ApiClient) => Promise<unknown>]>([
    [
      'an order this tab never saw made',
      (api) => api.call('clickCancel', { app_order: 'elsewhere', reason: 'x' }),
    ],
    ['a call naming no order', (api) => api.call('getCardSource', { h5_deviceid: 'd' })],
  ])('%s goes under the session signed in when it is sent', async (_what, callOf) => {
    const { api, sent, signedIn } = appClient();
    signedIn.key = 'sk-B';
    await callOf(api);
    expect(last(sent)?.session).toBeUndefined();
  });

  it('a call given its own session keeps it', async () => {
    const { api, sent } = appClient();
    await api.call('createCoinPay', { recharge_id: 'rc_999', uid: 1002, pay_type: 27 } as never);
    await api.call('getCardSource', { h5_deviceid: 'd' }, { session: { key: 'sk-C' } });
    await api.call('clickCancel', { app_order: 'ord-1', reason: 'x' }, { session: { key: 'sk-C' } });
    expect(sent.slice(1).map((call) => call.session)).toEqual([{ key: 'sk-C' }, { key: 'sk-C' }]);
  });

  it('keeps only the last orders, and reads a misshapen record as none', async () => {
    const { api, storage } = appClient();
    for (let n = 0; n <= ORDER_SESSIONS_KEPT; n += 1)
      await api.call('createCoinPay', { recharge_id: 'rc_999', uid: 1002, pay_type: 27 } as never);
    const kept = JSON.parse(storage.getItem(OwnedStorageKeys.orderSessions) ?? '[]') as { id: string }[];
    expect(kept).toHaveLength(ORDER_SESSIONS_KEPT);
    expect(kept[0]?.id).toBe('ord-2');
    storage.setItem(OwnedStorageKeys.orderSessions, '{"not":"a list"}');
    expect(orderSessionBook(storage).of('ord-2')).toBeUndefined();
  });
});

describe('the order a call names', () => {
  it.each<[unknown, string | undefined]>([
    [{ app_order: 'a' }, 'a'],
    [{ zp_orderid: 'z' }, 'z'],
    [{ order_id: 'o', source: 1 }, 'o'],
    [{ app_order: '' }, undefined],
    [{ uid: 1002 }, undefined],
    [undefined, undefined],
  ])('%j → %s', (params, order) => {
    expect(orderNamed(params)).toBe(order);
  });
});

describe("-10000 under an order's old session does not sign out the account signed in now", () => {
  const refused = (session?: { key: string | undefined }): ErrorInfo => ({
    result: -10000,
    message: '',
    path: '/api/order/click_cancel/',
    call: 'clickCancel',
    ...(session === undefined ? {} : { session }),
  });
  it.each<[string, ErrorInfo, string | undefined, boolean]>([
    ['a call under the session signed in', refused(), 'sk-B', true],
    ['a call given the session signed in', refused({ key: 'sk-B' }), 'sk-B', true],
    ["an order's call under the old session", refused({ key: 'sk-A' }), 'sk-B', false],
    ['an old signed-out order, someone signed in now', refused({ key: undefined }), 'sk-B', false],
    ['another refusal', { ...refused(), result: 23001 }, 'sk-B', false],
  ])('%s', (_what, info, current, ends) => {
    expect(endsSignedInSession(info, current)).toBe(ends);
  });

  it('the client tells the error handler the session a call was made under', async () => {
    const onError = vi.fn();
    const client = createClient({
      contracts: everyContract,
      transport: fakeTransport(() => envelope(null, -10000, 'logged out')).transport,
      base: () => '',
      headers: () => ({}),
      onError,
    });
    await client.call('clickCancel', { app_order: 'ord-1', reason: 'x' }, { session: { key: 'sk-A' } });
    expect(onError).toHaveBeenLastCalledWith(
      expect.objectContaining({ result: -10000, session: { key: 'sk-A' } }),
    );
    await client.call('clickCancel', { app_order: 'ord-1', reason: 'x' });
    expect(onError.mock.lastCall?.[0]).not.toHaveProperty('session');
  });
});
