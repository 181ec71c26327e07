import { CardNumber, FailDetail, FineId, fines, Message, OrderResult, ServerCode } from '@topup/contracts';
import { SimulatorPath } from '@topup/contracts/simulators';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { callInject, okData } from './support/inject';
import { DEVICE, decide, NOW, pathOf, payError, pollResult, tokenise } from './support/payments';

let app: FastifyInstance | undefined;
let rid = 0;
const nextRid = () => `rid-fines-${++rid}`;

// Each test starts from a fresh world: paying 7001 changes it for good.
beforeEach(async () => {
  await app?.close();
  app = await buildApp({ now: NOW });
});
afterAll(() => app?.close());

function theApp(): FastifyInstance {
  if (app === undefined) throw new Error('no app');
  return app;
}

const fineInfo = (id: number) => callInject(theApp(), 'getFineInfo', { id });
const checkFined = async () =>
  (await callInject(theApp(), 'checkDisplayId', { display_id: '10000009', source: 1 })).result;

async function payByCard(
  fineId: number,
  amount: number,
  requestId = nextRid(),
  card: string = CardNumber.visaApproved,
) {
  const token = (await tokenise(theApp(), card)).token?.token ?? '';
  return callInject(
    theApp(),
    'createFinePay',
    { fine_id: fineId, amount, source: 1, pay_type: 23, token, h5_deviceid: DEVICE },
    { 'x-cli-rid': requestId },
  );
}

describe('every TESTDATA fine', () => {
  it.each(fines.map((fine) => [fine.fine_id, fine] as const))('%s answers its info', async (id, fine) => {
    const answer = await fineInfo(id);
    if (fine.state === 'notFound') {
      expect(answer.result).toBe(ServerCode.fineNotFound);
      return;
    }
    expect(okData('getFineInfo', answer)).toMatchObject({
      id,
      uid: fine.uid,
      display_uid: fine.display_uid,
      amount: fine.amount,
      currency: 'USD',
      status: fine.state === 'paid' ? 'paid' : 'unpaid',
    });
  });

  it('7001: paying it by card unbans 10000009 at once', async () => {
    expect(okData('getFineInfo', await fineInfo(FineId.outstanding)).account_banned).toBe(true);
    expect(await checkFined()).toBe(ServerCode.banned);
    const created = okData('createFinePay', await payByCard(FineId.outstanding, 4.99));
    expect(created.platform_data.status).toBe('paid');
    expect(okData('getFineInfo', await fineInfo(FineId.outstanding))).toMatchObject({
      status: 'paid',
      account_banned: false,
    });
    expect(await checkFined()).toBe(ServerCode.ok);
    const info = okData(
      'getOrderInfo',
      await callInject(theApp(), 'getOrderInfo', { order_id: created.order_id }),
    );
    expect(info).toMatchObject({ kind: 'fine', to_uid: 1009, amount: 4.99, coin: 0 });
    // Paid now: another order for it is refused, but a retry of the same request gets its order.
    expect((await payByCard(FineId.outstanding, 4.99)).result).toBe(ServerCode.fineAlreadyPaid);
  });

  it('7001: paying it through payer_max hosted page returns to /fines and unbans', async () => {
    const created = okData(
      'payerMaxCreateFinePay',
      await callInject(
        theApp(),
        'payerMaxCreateFinePay',
        { fine_id: FineId.outstanding, amount: 4.99, source: 1, h5_deviceid: DEVICE },
        { 'x-cli-rid': nextRid() },
      ),
    );
    expect(created.platform_data.status).toBe('redirect');
    const page = await theApp().inject({ method: 'GET', url: pathOf(created.url) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('dir="rtl"');
    const back = await decide(theApp(), SimulatorPath.hostedPay, created.order_id, 'pay');
    expect(back.pathname).toBe('/fines');
    expect(Object.fromEntries(back.searchParams)).toEqual({
      id: String(FineId.outstanding),
      zp_show: '1',
      zp_orderid: created.order_id,
    });
    expect((await pollResult(theApp(), created.order_id)).result).toBe(OrderResult.success);
    expect(await checkFined()).toBe(ServerCode.ok);
  });

  /** A second order for 7001 made before the first was paid: it fails with 22002 and charges nothing. */
  async function expectRefusedSecond(orderId: string) {
    expect((await pollResult(theApp(), orderId)).result).toBe(OrderResult.failed);
    expect(await payError(theApp(), orderId)).toMatchObject({
      err_code: String(ServerCode.fineAlreadyPaid),
      fail_detail: FailDetail.default,
      fail_reason: Message.fineAlreadyPaid,
    });
    expect(okData('getFineInfo', await fineInfo(FineId.outstanding)).status).toBe('paid');
  }

  it('7001 ordered twice on hosted pages (create_fine_pay 24, payer_max): the second pay fails 22002 @spec:code.22002', async () => {
    const params = { fine_id: FineId.outstanding, amount: 4.99, source: 1, h5_deviceid: DEVICE } as const;
    const byCardType = okData(
      'createFinePay',
      await callInject(theApp(), 'createFinePay', { ...params, pay_type: 24 }, { 'x-cli-rid': nextRid() }),
    );
    const byPayerMax = okData(
      'payerMaxCreateFinePay',
      await callInject(theApp(), 'payerMaxCreateFinePay', params, { 'x-cli-rid': nextRid() }),
    );
    expect([byCardType.platform_data.status, byPayerMax.platform_data.status]).toEqual([
      'redirect',
      'redirect',
    ]);
    await decide(theApp(), SimulatorPath.hostedPay, byCardType.order_id, 'pay');
    expect((await pollResult(theApp(), byCardType.order_id)).result).toBe(OrderResult.success);
    await decide(theApp(), SimulatorPath.hostedPay, byPayerMax.order_id, 'pay');
    await expectRefusedSecond(byPayerMax.order_id);
  });

  it('7001: a card order waiting on 3-D Secure fails 22002 when another order paid the fine meanwhile', async () => {
    const waiting = okData(
      'createFinePay',
      await payByCard(FineId.outstanding, 4.99, nextRid(), CardNumber.visaChallenge),
    );
    expect(waiting.platform_data.status).toBe('redirect');
    expect(okData('createFinePay', await payByCard(FineId.outstanding, 4.99)).platform_data.status).toBe(
      'paid',
    );
    const query = new URL(waiting.url).searchParams;
    const answered = await theApp().inject({
      method: 'POST',
      url: SimulatorPath.checkoutThreeDs,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        order_id: waiting.order_id,
        token: query.get('token') ?? '',
        password: 'password',
        decision: 'approve',
      }).toString(),
    });
    expect(answered.statusCode).toBe(303);
    await expectRefusedSecond(waiting.order_id);
  });

  it('7002: already paid, no payment @spec:code.22002', async () => {
    expect((await payByCard(FineId.paid, 2.99)).result).toBe(ServerCode.fineAlreadyPaid);
  });

  it('7003: the amount changes when the order is created, then the new amount pays @spec:code.22003', async () => {
    const shown = okData('getFineInfo', await fineInfo(FineId.amountChanges)).amount;
    expect((await payByCard(FineId.amountChanges, shown)).result).toBe(ServerCode.fineAmountChanged);
    const refreshed = okData('getFineInfo', await fineInfo(FineId.amountChanges)).amount;
    expect(refreshed).not.toBe(shown);
    expect(
      okData('createFinePay', await payByCard(FineId.amountChanges, refreshed)).platform_data.status,
    ).toBe('paid');
  });

  it.each([4.98, 5, 4.9, 5.98])(
    '7001 paid with %s shown (not its 4.99): refused 22003, compared in cents, the fine unchanged @spec:code.22003',
    async (shown) => {
      expect((await payByCard(FineId.outstanding, shown)).result).toBe(ServerCode.fineAmountChanged);
      expect(okData('getFineInfo', await fineInfo(FineId.outstanding))).toMatchObject({
        amount: 4.99,
        status: 'unpaid',
        account_banned: true,
      });
      expect(okData('createFinePay', await payByCard(FineId.outstanding, 4.99)).platform_data.status).toBe(
        'paid',
      );
    },
  );

  it('7999: not found, for info and for payment @spec:code.22001', async () => {
    expect((await fineInfo(FineId.missing)).result).toBe(ServerCode.fineNotFound);
    expect((await payByCard(FineId.missing, 1)).result).toBe(ServerCode.fineNotFound);
  });

  it('a retried fine order with the same X-CLI-RID is the same order, even once paid', async () => {
    const token = (await tokenise(theApp(), CardNumber.visaApproved)).token?.token ?? '';
    const params = { fine_id: FineId.outstanding, amount: 4.99, source: 1, pay_type: 23, token } as const;
    const send = () => callInject(theApp(), 'createFinePay', params, { 'x-cli-rid': 'rid-fine-same' });
    const answers = await Promise.all(Array.from({ length: 5 }, send));
    expect(new Set(answers.map((a) => okData('createFinePay', a).order_id)).size).toBe(1);
    const other = await callInject(
      theApp(),
      'createFinePay',
      { ...params, amount: 5 },
      { 'x-cli-rid': 'rid-fine-same' },
    );
    expect(other.result).toBe(ServerCode.requestIdReused);
    // The same fine order without its card (a page back from a reload) finds that order; another card is refused.
    const { token: _token, ...withoutCard } = params;
    const found = await callInject(theApp(), 'createFinePay', withoutCard, { 'x-cli-rid': 'rid-fine-same' });
    const [first] = answers;
    if (first === undefined) throw new Error('no answer');
    expect(okData('createFinePay', found).order_id).toBe(okData('createFinePay', first).order_id);
    const anotherCard = await callInject(
      theApp(),
      'createFinePay',
      { ...params, token: 'tok_other' },
      { 'x-cli-rid': 'rid-fine-same' },
    );
    expect(anotherCard.result).toBe(ServerCode.requestIdReused);
  });
});
