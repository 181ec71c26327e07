import { messageOf } from '@topup/contracts/messages';
import { StorageKeys } from '@topup/contracts/storage';
import { createStore } from 'jotai/vanilla';
import { beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../api/client';
import type { WireResponse } from '../../api/transport';
import { paymentReturnOf, readUrlArgs } from '../../platform/urlArgs';
import { lastPayTypeStored } from '../../session/accountKept';
import { everyContract } from '../../test/contracts';
import { envelope, fakeTransport } from '../../test/fakeTransport';
import { handlePaymentReturn } from './paymentReturn';
import { resultAtom } from './state';

/**
 * Back from a provider's page (SPEC §2 rechargeList, the redirect and 3-D Secure return): what the provider
 * added to the address and the pay type the return names are sent with the result poll; a cancel there is
 * said as cancelled, not failed; a paid return remembers its pay type (SPEC §4 success).
 */

const RESULT = '/api/web/pay_result_by_order_fast/';
const ORDER_INFO = '/api/web/get_order_info_by_pay2_order_id/';
const PAY_ERROR = '/api/web/get_pay_error_by_order/';
const ORDER = 'PO9e9bb996cf0170922768f38be8e68053';
const OWN_DEVICE = `h5_${'a'.repeat(32)}`;
const coinOrder = {
  recharge_id: 'rc_499',
  pay_sub_type: 27,
  amount: 4.99,
  coin: 350,
  to_uid: 1001,
  kind: 'coin',
};

/** A return to `?zp_show=1&zp_orderid=…&zp_h5deviceid=…` plus `added`, answered `result` and `failDetail`. */
async function returnTo(added: string, result: WireResponse, failDetail = 'default') {
  const polled: Record<string, string>[] = [];
  const fake = fakeTransport((request) => {
    const url = new URL(request.url, 'http://app.test');
    if (url.pathname === RESULT) {
      polled.push(Object.fromEntries(url.searchParams));
      return result;
    }
    if (url.pathname === ORDER_INFO) return envelope(coinOrder);
    if (url.pathname === PAY_ERROR)
      return envelope({ err_code: '', err_summary: '', fail_reason: '', fail_detail: failDetail });
    return envelope({ page_view_id: 'pv', paid: true });
  });
  const api = createClient({
    contracts: everyContract,
    messageOf,
    transport: fake.transport,
    base: () => '',
    headers: () => ({}),
  });
  const search = `?zp_show=1&zp_orderid=${ORDER}&zp_h5deviceid=${OWN_DEVICE}${added}`;
  const payment = paymentReturnOf(readUrlArgs(search, ''));
  if (payment === undefined) throw new Error(`not a return: ${search}`);
  const store = createStore();
  const end = await handlePaymentReturn(payment, {
    store,
    api,
    sleep: () => Promise.resolve(),
    search,
    deviceId: OWN_DEVICE,
  });
  return { end, polled, store };
}

const paid = envelope({ result: 0, source_id: '' });
const failed = envelope({ result: 1, source_id: '' });

describe('a provider return forwards what it brought to the result poll @spec:pay.3ds', () => {
  it.each<[string, string, Record<string, string>]>([
    [
      'an Adyen redirect with its pay type',
      '&redirectResult=x&zp_pay_sub_type=27',
      { redirectResult: 'x', zp_pay_sub_type: '27' },
    ],
    ['a 3-D Secure result, no pay type', '&threeDSResult=tds1', { threeDSResult: 'tds1' }],
    [
      'a payload and result code, with the pay type',
      '&payload=pl&resultCode=Authorised&zp_pay_sub_type=23',
      { payload: 'pl', resultCode: 'Authorised', zp_pay_sub_type: '23' },
    ],
    [
      'an argument the provider never adds is not sent',
      '&zp_pay_sub_type=27&other=1',
      { zp_pay_sub_type: '27' },
    ],
  ])('%s', async (_name, added, sent) => {
    const { polled } = await returnTo(added, paid);
    expect(polled).toEqual([{ zp_orderid: ORDER, zp_h5deviceid: OWN_DEVICE, ...sent }]);
  });
});

describe('a provider return says how the order ended', () => {
  beforeEach(() => localStorage.clear());

  it.each<[string, string, string]>([
    [
      'cancelled on the provider page: cancelled, nothing charged @spec:failDetail.userCancel',
      'userCancel',
      'pay.resultCancelledTitle',
    ],
    ['refused by the bank: a failure @spec:failDetail.default', 'default', 'pay.resultFailTitle'],
  ])('%s', async (_name, failDetail, title) => {
    const { end, store } = await returnTo('&redirectResult=x&zp_pay_sub_type=27', failed, failDetail);
    expect(end.kind).toBe('payStep');
    const result = store.get(resultAtom);
    expect(result?.panel.title).toBe(title);
    // A cancel has no failure reason to show.
    if (failDetail === 'userCancel') expect(result?.detail).toBeUndefined();
    expect(localStorage.getItem(StorageKeys.lastPayType)).toBeNull();
  });

  it('paid: the pay type it was paid with is remembered @spec:outcome.success', async () => {
    const { store } = await returnTo('&redirectResult=x&zp_pay_sub_type=27', paid);
    expect(store.get(resultAtom)?.panel.outcome).toBe('success');
    expect(store.get(lastPayTypeStored)).toBe(27);
    expect(localStorage.getItem(StorageKeys.lastPayType)).toBe('27');
  });
});
