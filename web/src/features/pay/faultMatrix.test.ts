import { ClientCode, Message, OrderResult } from '@topup/contracts';
import { LIMITS } from '@topup/contracts/limits';
import { messageOf } from '@topup/contracts/messages';
import { createStore } from 'jotai/vanilla';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiClient, createClient } from '../../api/client';
import { tolerant } from '../../api/tolerant';
import { browserTransport, type WireRequest, type WireResponse } from '../../api/transport';
import { completePayment, isAmbiguous, pollOrder } from '../../payments/payment';
import type { ThreeDsAdapter } from '../../payments/providers/types';
import { everyContract } from '../../test/contracts';
import { envelope, fakeTransport } from '../../test/fakeTransport';
import { createOrderGuard, fineOrderResult, lostAnswer, payFineByCard } from '../fines/finePayment';
import { fine7001 } from '../fines/testClient';
import { interpretTargetCheck } from '../recharge/targetCheck';
import { fetchSavedCards, loadPackage } from './load';
import { savedCardsAtom, savedCardsFetchAtom } from './state';

/**
 * The call × fault matrix for the pure logic (the chaos suite drives the browser through the
 * visitor-facing states). Part one: what each fault is on the wire once the browser transport and the
 * client have read it (a past-the-limit answer and a hang are the API time-out, a reset and the page going
 * offline are a network failure, a proxy's page is a failure without an answer). Part two: for each call
 * of the pay flows, the state each of those failures leads to.
 */

const HTML = '<html><head><title>502 Bad Gateway</title></head><body>Bad Gateway</body></html>';

type FaultName = 'pastLimit' | 'reset' | 'hang' | 'notEnvelope' | 'offline';
const FAULTS: readonly FaultName[] = ['pastLimit', 'reset', 'hang', 'notEnvelope', 'offline'];

/** A fetch that answers as the fault does: never before the API limit, a dropped socket, a proxy's page. */
function faultyFetch(fault: FaultName): typeof fetch {
  return (_url, init) =>
    new Promise<Response>((resolve, reject) => {
      const aborted = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
      init?.signal?.addEventListener('abort', aborted);
      switch (fault) {
        case 'pastLimit':
          // The answer would come just past the limit: the client has given up by then.
          setTimeout(
            () => resolve(Response.json({ result: 0, message: '', data: { ts: 1 } })),
            LIMITS.apiMs + 1_000,
          );
          return;
        case 'hang':
          return;
        case 'reset':
          reject(new TypeError('Failed to fetch'));
          return;
        case 'offline':
          reject(new TypeError('NetworkError when attempting to fetch resource.'));
          return;
        case 'notEnvelope':
          resolve(new Response(HTML, { status: 200, headers: { 'content-type': 'text/html' } }));
          return;
      }
    });
}

/** What each fault reaches the flows as: its client code. */
const FAULT_CODE: Readonly<Record<FaultName, number>> = {
  pastLimit: ClientCode.timeout,
  hang: ClientCode.timeout,
  reset: ClientCode.network,
  offline: ClientCode.network,
  notEnvelope: ClientCode.network,
};

/** The same failure as the transport hands it to the client (the wire answer of part one). */
const FAULT_WIRE: Readonly<Record<FaultName, WireResponse>> = {
  pastLimit: { kind: 'failure', code: ClientCode.timeout },
  hang: { kind: 'failure', code: ClientCode.timeout },
  reset: { kind: 'failure', code: ClientCode.network },
  offline: { kind: 'failure', code: ClientCode.network },
  notEnvelope: { kind: 'answer', status: 200, body: HTML },
};

function clientOver(send: (request: WireRequest) => WireResponse | Promise<WireResponse>) {
  const fake = fakeTransport(send);
  const api: ApiClient = createClient({
    contracts: everyContract,
    messageOf,
    transport: fake.transport,
    base: () => '',
    headers: (_name, _contract, options) =>
      options.requestId === undefined ? {} : { 'X-CLI-RID': options.requestId },
  });
  const paths = () => fake.requests.map((r) => new URL(r.url, 'http://app.test').pathname);
  const rids = () => fake.requests.map((r) => r.headers['X-CLI-RID']);
  return { api, paths, rids };
}

/** A backend whose `path` fails with the fault `times` times (every time by default), the rest answering. */
function backend(
  fault: FaultName,
  path: string,
  answers: Readonly<Record<string, () => WireResponse>>,
  times = Number.POSITIVE_INFINITY,
) {
  let failed = 0;
  return clientOver((request) => {
    const at = new URL(request.url, 'http://app.test').pathname;
    if (at === path && failed < times) {
      failed += 1;
      return FAULT_WIRE[fault];
    }
    const answer = answers[at];
    return answer === undefined ? envelope(null, 404, `no route ${at}`) : answer();
  });
}

const noSleep = () => Promise.resolve();

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('each fault on the wire, through the browser transport and the client', () => {
  it.each(FAULTS)('%s', async (fault) => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', faultyFetch(fault));
    const api = tolerant(
      createClient({
        contracts: everyContract,
        messageOf,
        transport: browserTransport(),
        base: () => '',
        headers: () => ({}),
      }),
    );
    const answer = api.call('serverTime', {});
    await vi.advanceTimersByTimeAsync(LIMITS.apiMs);
    const result = await answer;
    expect(result).toMatchObject({ ok: false, result: FAULT_CODE[fault] });
    if (!result.ok) expect(result.message).toBe(messageOf(FAULT_CODE[fault]) ?? Message.network);
  });
});

const CHARGE_LIST = '/api/third_party_pay/get_recharge_list_v3/';
const CHECK_DISPLAY_ID = '/api/web/check_display_id/';
const SAVED_CARDS = '/api/web/get_card_source/';
const CREATE_COIN_PAY = '/api/order/create_coin_pay/';
const SUBMIT_3DS = '/api/order/submit_authentication_result/';
const PAY_RESULT = '/api/web/pay_result_by_order_fast/';
const CREATE_FINE_PAY = '/api/order/create_fine_pay/';

const paid = () => envelope({ result: OrderResult.success, source_id: '' });

describe.each(FAULTS)('under %s', (fault) => {
  const code = FAULT_CODE[fault];
  const arabic = messageOf(code);

  it('charge list: the package is not loaded, with the Arabic message (the page offers its retry)', async () => {
    const { api } = backend(fault, CHARGE_LIST, {});
    const loaded = await loadPackage(
      { api, store: createStore(), deviceId: 'h5', sleep: noSleep },
      1001,
      'rc_499',
    );
    expect(loaded).toEqual({ ok: false, message: arabic });
  });

  it('target check: refused with the Arabic message, nothing found', async () => {
    const { api } = backend(fault, CHECK_DISPLAY_ID, {});
    const answer = await tolerant(api).call('checkDisplayId', { display_id: '10000002', source: 1 });
    expect(interpretTargetCheck(answer)).toEqual({ kind: 'refused', result: code, message: arabic });
  });

  it('saved cards: a failed poll is asked again; failing every time ends as failed, never waiting', async () => {
    const once = backend(fault, SAVED_CARDS, { [SAVED_CARDS]: () => envelope({ items: [] }) }, 1);
    const store = createStore();
    await fetchSavedCards({ api: once.api, store, deviceId: 'h5', sleep: noSleep });
    expect(once.paths()).toEqual([SAVED_CARDS, SAVED_CARDS]);
    expect(store.get(savedCardsFetchAtom)).toMatchObject({ status: 'fetched' });
    expect(store.get(savedCardsAtom)).toEqual([]);
    const always = backend(fault, SAVED_CARDS, {});
    const failing = createStore();
    await fetchSavedCards({ api: always.api, store: failing, deviceId: 'h5', sleep: noSleep });
    expect(always.paths()).toHaveLength(LIMITS.savedCardsTries);
    expect(failing.get(savedCardsFetchAtom)).toMatchObject({ status: 'failed' });
  });

  it('order creation: the order may exist, so the retry re-sends the same request (the same X-CLI-RID)', async () => {
    const { api } = backend(fault, CREATE_COIN_PAY, {});
    const created = await tolerant(api).call(
      'createCoinPay',
      {
        recharge_id: 'rc_499',
        uid: 1001,
        pay_type: 24,
        source: 1,
        kind: 'normal',
        ext: { h5_deviceid: 'h5' },
      },
      { requestId: 'rid-1' },
    );
    expect(created).toMatchObject({ ok: false, result: code });
    expect(!created.ok && isAmbiguous(created.result)).toBe(true);
  });

  it('3-D Secure submit: the order is asked for rather than assumed, and its answer is the end', async () => {
    const { api, paths } = backend(fault, SUBMIT_3DS, { [PAY_RESULT]: paid });
    const threeDs: ThreeDsAdapter = {
      run: () => Promise.resolve({ kind: 'authentication', platformData: { threeDSResult: 'r' } }),
    };
    const end = await completePayment(
      {
        api: tolerant(api),
        sleep: noSleep,
        threeDs: () => Promise.resolve(threeDs),
        container: () => document.body,
        signal: new AbortController().signal,
        onVerifying: () => {},
        onRedirect: () => true,
      },
      {
        order_id: 'o1',
        url: '',
        platform_data: { status: 'action', action: { type: 'threeDS2', subtype: 'challenge', token: 't' } },
      },
    );
    expect(end).toEqual({
      kind: 'done',
      outcome: 'success',
      failure: undefined,
      sourceId: undefined,
      challenged: true,
    });
    expect(paths()).toEqual([SUBMIT_3DS, PAY_RESULT]);
  });

  it.each([
    ['redirect return', { zp_h5deviceid: 'h5', zp_pay_sub_type: 24 }],
    ['result polling', {}],
  ])(
    '%s: a failed poll is asked again; failing every time ends as pending (the panel says so)',
    async (_name, extra) => {
      const once = backend(fault, PAY_RESULT, { [PAY_RESULT]: paid }, 2);
      expect(await pollOrder({ api: tolerant(once.api), sleep: noSleep }, 'o1', extra, 5)).toEqual({
        kind: 'paid',
        sourceId: undefined,
      });
      expect(once.paths()).toHaveLength(3);
      const always = backend(fault, PAY_RESULT, {});
      expect(await pollOrder({ api: tolerant(always.api), sleep: noSleep }, 'o1', extra, 5)).toEqual({
        kind: 'pending',
      });
      expect(always.paths()).toHaveLength(5);
    },
  );

  it('fines: a lost card order keeps its X-CLI-RID for the retry; the result on return is asked again', async () => {
    const { api, rids } = backend(fault, CREATE_FINE_PAY, {});
    const guard = createOrderGuard({ deviceId: () => 'h5', now: () => 1 });
    const deps = {
      api,
      sleep: noSleep,
      deviceId: () => 'h5',
      now: () => 1,
      threeDs: () => Promise.reject(new Error('none')),
      container: () => document.body,
      signal: new AbortController().signal,
      redirect: () => true,
      onVerifying: () => {},
      onRedirect: () => {},
    };
    const card = {
      tokenised: { token: 'tok_1', bin: '424242', last4: '4242', scheme: 'visa' },
      holderName: '',
      remember: false,
    };
    const end = await guard.run('card', (rid) => payFineByCard(deps, fine7001, card, rid), lostAnswer);
    expect(end).toMatchObject({ kind: 'refused', result: code });
    expect(guard.unconfirmed).toBe('card');
    await guard.run('card', (rid) => payFineByCard(deps, fine7001, card, rid), lostAnswer);
    expect(new Set(rids()).size).toBe(1);

    const back = backend(fault, PAY_RESULT, { [PAY_RESULT]: paid }, 1);
    expect(
      await fineOrderResult({ api: back.api, sleep: noSleep, deviceId: () => 'h5', now: () => 1 }, 'o1'),
    ).toEqual({
      kind: 'paid',
      orderId: 'o1',
    });
  });
});
