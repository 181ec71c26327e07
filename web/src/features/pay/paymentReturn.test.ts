import { ServerCode } from '@topup/contracts';
import { messageOf } from '@topup/contracts/messages';
import { createStore } from 'jotai/vanilla';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../api/client';
import type { WireResponse } from '../../api/transport';
import { payAttempts } from '../../payments/orderAttempt';
import { everyContract } from '../../test/contracts';
import { envelope, fakeTransport } from '../../test/fakeTransport';
import { handlePaymentReturn, type ReturnEnd } from './paymentReturn';
import { resultAtom } from './state';

/**
 * Back from a payment (SPEC §2 rechargeList): where each answer of the result poll ends the return, and how
 * many times it asked. A definite answer ends it at the first; only "not known yet" asks again.
 */

const RESULT = '/api/web/pay_result_by_order_fast/';
const ORDER_INFO = '/api/web/get_order_info_by_pay2_order_id/';
const PAY_ERROR = '/api/web/get_pay_error_by_order/';
const coinOrder = {
  recharge_id: 'rc_499',
  pay_sub_type: 23,
  amount: 4.99,
  coin: 350,
  to_uid: 1001,
  kind: 'coin',
};
const notFound = envelope(null, ServerCode.orderNotFound);

/** This browser's device id, and the one a return made here carries. */
const OWN_DEVICE = `h5_${'a'.repeat(32)}`;

async function returnWith(
  results: readonly WireResponse[],
  info: WireResponse,
  orderId = 'PO9e9bb996cf0170922768f38be8e68053',
  linkDevice = OWN_DEVICE,
) {
  let polls = 0;
  let infoAsked = 0;
  const fake = fakeTransport((request) => {
    const path = new URL(request.url, 'http://app.test').pathname;
    if (path === RESULT) {
      polls += 1;
      return results[Math.min(polls, results.length) - 1] ?? notFound;
    }
    if (path === ORDER_INFO) {
      infoAsked += 1;
      return info;
    }
    if (path === PAY_ERROR)
      return envelope({ err_code: '', err_summary: '', fail_reason: '', fail_detail: 'default' });
    // The paid return's new page view id (pageView.ts).
    return envelope({ page_view_id: 'pv', paid: true });
  });
  const api = createClient({
    contracts: everyContract,
    messageOf,
    transport: fake.transport,
    base: () => '',
    headers: () => ({}),
  });
  const store = createStore();
  const end = await handlePaymentReturn(
    { orderId, deviceId: linkDevice, paySubType: undefined },
    { store, api, sleep: () => Promise.resolve(), search: '', deviceId: OWN_DEVICE },
  );
  return { end, polls, infoAsked, panel: store.get(resultAtom)?.panel.title };
}

/** `settled`: the order's end is known, so the return's arguments may leave the address. */
const onList = (text: string, tone: 'ok' | 'error' | 'info', settled = true): ReturnEnd => ({
  kind: 'notice',
  notice: { text, tone },
  settled,
});
const payStep: ReturnEnd = { kind: 'payStep', path: '/pay-step?recharge_id=rc_499&pay_type=23&to_uid=1001' };

describe('a payment return', () => {
  it.each<[string, readonly WireResponse[], WireResponse, ReturnEnd, number]>([
    [
      'an unknown order (23001): the list says so after one question',
      [notFound],
      notFound,
      onList(
        'لا يمكننا التحقق من طلب الدفع هذا من هنا. إن كان قد دُفع فسيصل الماس إلى الحساب دون أي خطوة منك',
        'info',
      ),
      1,
    ],
    [
      'paid: the pay step shows it',
      [envelope({ result: 0, source_id: '' })],
      envelope(coinOrder),
      payStep,
      1,
    ],
    [
      'pending, then paid: asked again until known',
      [envelope({ result: -1, source_id: '' }), envelope({ result: 0, source_id: '' })],
      envelope(coinOrder),
      payStep,
      2,
    ],
    [
      'paid, its package not known: the list says it',
      [envelope({ result: 0, source_id: '' })],
      { kind: 'failure', code: -2 },
      onList('تم الدفع بنجاح. سيصل الماس إلى الحساب خلال دقائق', 'ok'),
      1,
    ],
    [
      'a refused parameter (10001), its package not known: unknown at once, said as processing',
      [envelope(null, ServerCode.invalidParam)],
      { kind: 'failure', code: -2 },
      onList(
        'الدفع قيد المعالجة. لم تصلنا نتيجة الدفع بعد. إن أكملت الدفع فستصل النتيجة خلال دقائق',
        'info',
        false,
      ),
      1,
    ],
  ])('%s', async (_name, results, info, end, polls) => {
    const returned = await returnWith(results, info);
    expect(returned.end).toEqual(end);
    expect(returned.polls).toBe(polls);
  });

  it('an order id longer than any (65 characters): not found, and never asked about', async () => {
    const returned = await returnWith(
      [envelope({ result: -1, source_id: '' })],
      envelope(coinOrder),
      `PO${'9'.repeat(63)}`,
    );
    expect(returned.end).toEqual(
      onList(
        'لا يمكننا التحقق من طلب الدفع هذا من هنا. إن كان قد دُفع فسيصل الماس إلى الحساب دون أي خطوة منك',
        'info',
      ),
    );
    expect(returned.polls).toBe(0);
  });

  it('a result still unknown after the budget is "processing" on the pay step, never a failure', async () => {
    const { end, polls, panel } = await returnWith(
      [envelope({ result: -1, source_id: '' })],
      envelope(coinOrder),
    );
    expect(end).toEqual(payStep);
    expect(polls).toBe(100);
    expect(panel).toBe('pay.resultProcessingTitle');
  });

  const OTHER_DEVICE = onList(
    'هذا الرابط لعملية دفع بدأت على جهاز أو متصفح آخر، لذا لا نعرض نتيجتها هنا. تظهر النتيجة على الجهاز الذي بدأ منه الدفع',
    'info',
  );

  it.each<[string, WireResponse]>([
    ['not found for this browser (23001)', notFound],
    ['its package unknown (no answer)', { kind: 'failure', code: -2 }],
  ])(
    "another device's return link, the order %s: never the visitor's payment, its result never asked",
    async (_name, info) => {
      const returned = await returnWith(
        [envelope({ result: 0, source_id: '' })],
        info,
        undefined,
        'h5_other',
      );
      expect(returned.end).toEqual(OTHER_DEVICE);
      expect(returned.polls).toBe(0);
      expect(returned.panel).toBeUndefined();
    },
  );

  it("another device's return link whose order the server answers to this browser (its session's): shown as made here", async () => {
    const returned = await returnWith(
      [envelope({ result: 0, source_id: '' })],
      envelope(coinOrder),
      undefined,
      'h5_other',
    );
    expect(returned.end).toEqual(payStep);
    expect(returned.polls).toBe(1);
    expect(returned.infoAsked).toBe(1);
  });
});

/**
 * A return still pending after its polls: "not confirmed" with the way to give the order up (the Back case's
 * panel) only for the order this tab kept and sent to its page; any other order a link names is "processing".
 */
describe('a payment return still pending after its polls', () => {
  const KEPT = 'PO0123456789abcdef0123456789abcdef';
  const OTHER = 'PO9e9bb996cf0170922768f38be8e68053';
  const pending = [envelope({ result: -1, source_id: '' })];
  /** This tab's order for 10000001's package by the hosted provider, made and (`left`) sent to its page. */
  function keepOrder(left: boolean) {
    payAttempts.requestIdFor(
      {
        recharge_id: 'rc_499',
        uid: 1001,
        pay_type: 29,
        source: 1,
        kind: 'normal',
        ext: { h5_deviceid: OWN_DEVICE },
      },
      () => 'rid-1',
    );
    payAttempts.ordered(KEPT);
    if (left) payAttempts.leftForPage();
  }
  afterEach(() => payAttempts.settled());

  it.each<[string, boolean, string, string | undefined, string]>([
    [
      "this tab's order, sent to its page: not confirmed, to give up",
      true,
      KEPT,
      OWN_DEVICE,
      'pay.resultReturnedTitle',
    ],
    [
      "this tab's order, never sent to a page: processing",
      false,
      KEPT,
      OWN_DEVICE,
      'pay.resultProcessingTitle',
    ],
    [
      'another order of this browser (not the one kept): processing',
      true,
      OTHER,
      OWN_DEVICE,
      'pay.resultProcessingTitle',
    ],
    [
      "another device's link to an order this browser's session owns: processing",
      true,
      OTHER,
      'h5_other',
      'pay.resultProcessingTitle',
    ],
  ])('%s', async (_name, left, orderId, device, title) => {
    keepOrder(left);
    const { end, panel } = await returnWith(pending, envelope(coinOrder), orderId, device);
    expect(end).toEqual(payStep);
    expect(panel).toBe(title);
    // Still pending: the kept order stays kept, for the panel's give-up or the next pay tap.
    expect(payAttempts.unsettled()?.orderId).toBe(KEPT);
  });

  it("this tab's order with no pay step to show it on: the list says processing, never what it cannot do", async () => {
    keepOrder(true);
    const { end } = await returnWith(pending, { kind: 'failure', code: -2 }, KEPT);
    expect(end).toEqual(
      onList(
        'الدفع قيد المعالجة. لم تصلنا نتيجة الدفع بعد. إن أكملت الدفع فستصل النتيجة خلال دقائق',
        'info',
        false,
      ),
    );
  });
});
