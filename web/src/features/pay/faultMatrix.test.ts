import { OrderResult } from '@topup/contracts';
import { LIMITS } from '@topup/contracts/limits';
import { messageOf } from '@topup/contracts/messages';
import { createStore } from 'jotai/vanilla';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiClient, createClient } from '../../api/client';
import { tolerant } from '../../api/tolerant';
import { browserTransport } from '../../api/transport';
import { isAmbiguous } from '../../payments/ambiguous';
import { completePayment, pollOrder } from '../../payments/payment';
import type { ThreeDsAdapter } from '../../payments/providers/types';
import { hasUnsent, RESEND_TRIES } from '../../payments/unsentResult';
import { everyContract } from '../../test/contracts';
import { envelope } from '../../test/fakeTransport';
import { backend, FAULT_CODE, FAULT_MESSAGE, FAULTS, faultyFetch, noSleep } from '../../test/faults';
import { fetchSavedCards, loadPackage } from './load';
import { savedCardsAtom, savedCardsFetchAtom } from './state';

/**
 * The issue's call × fault matrix for the pure logic (the chaos suite drives the browser through the
 * visitor-facing states). Part one: what each fault is on the wire once the browser transport and the
 * client have read it (a past-the-limit answer and a hang are the API time-out, a reset and the page going
 * offline are a network failure, a proxy's page is a failure without an answer). Part two: for each call
 * of the pay flows, the state each of those failures leads to (the fines' and the target check's rows are
 * beside them: fines/faultMatrix.test.ts, payments/targetCheck.test.ts; the faults: test/faults.ts).
 */

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
    if (!result.ok) expect(result.message).toBe(FAULT_MESSAGE[fault]);
  });
});

const CHARGE_LIST = '/api/third_party_pay/get_recharge_list_v3/';
const SAVED_CARDS = '/api/web/get_card_source/';
const CREATE_COIN_PAY = '/api/order/create_coin_pay/';
const SUBMIT_3DS = '/api/order/submit_authentication_result/';
const PAY_RESULT = '/api/web/pay_result_by_order_fast/';

const paid = () => envelope({ result: OrderResult.success, source_id: '' });

describe.each(FAULTS)('under %s', (fault) => {
  const code = FAULT_CODE[fault];
  const arabic = FAULT_MESSAGE[fault];

  it('charge list: the package is not loaded, with the Arabic message (the page offers its retry)', async () => {
    const { api } = backend(fault, CHARGE_LIST, {});
    const loaded = await loadPackage(
      { api, store: createStore(), deviceId: 'h5', sleep: noSleep },
      1001,
      'rc_499',
    );
    expect(loaded).toEqual({ ok: false, result: code, message: arabic });
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

  it('3-D Secure submit: the bank’s answer is sent again; still unsent after its tries, the order is asked for', async () => {
    const threeDs: ThreeDsAdapter = {
      run: () => Promise.resolve({ kind: 'authentication', platformData: { threeDSResult: 'r' } }),
    };
    const challenge = (api: ApiClient) =>
      completePayment(
        {
          api: tolerant(api),
          sleep: noSleep,
          threeDs: () => Promise.resolve(threeDs),
          container: () => document.body,
          signal: new AbortController().signal,
          onVerifying: () => {},
          onRedirect: () => true,
          connection: { online: () => true, back: () => Promise.resolve() },
        },
        {
          order_id: 'o1',
          url: '',
          platform_data: { status: 'action', action: { type: 'threeDS2', subtype: 'challenge', token: 't' } },
        },
      );
    const success = {
      kind: 'done',
      outcome: 'success',
      failure: undefined,
      sourceId: undefined,
      challenged: true,
    };
    // The first send is lost; the second reaches the server, whose answer is the end (no poll needed).
    const once = backend(fault, SUBMIT_3DS, { [SUBMIT_3DS]: () => envelope({ status: 'paid' }) }, 1);
    expect(await challenge(once.api)).toEqual(success);
    expect(once.paths()).toEqual([SUBMIT_3DS, SUBMIT_3DS]);
    expect(hasUnsent('o1')).toBe(false);
    // Lost every time: a few sends, then the server is asked, and its answer is the end.
    const always = backend(fault, SUBMIT_3DS, { [PAY_RESULT]: paid });
    expect(await challenge(always.api)).toEqual(success);
    expect(always.paths()).toEqual([...Array<string>(1 + RESEND_TRIES).fill(SUBMIT_3DS), PAY_RESULT]);
    expect(hasUnsent('o1')).toBe(false);
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
});
