import { CardNumber, ServerCode } from '@topup/contracts';
import { SimulatorPath } from '@topup/contracts/simulators';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { callInject, okData, sessionHeader } from './support/inject';
import { CVV, coinOrder, decide, NOW, REEM_SESSION, tokenise } from './support/payments';

/** Order ids are random, and orders belong to the payer's session or device. */

const VICTIM = { 'x-device-token': 'h5-victim-device', 'x-cli-id': 'client-victim' };
const ATTACKER = { 'x-device-token': 'h5-attacker-device', 'x-cli-id': 'client-attacker' };
// A hosted-page pay type: the order waits, so a cancel would still change it.
const waitingOrder = (device: string) => coinOrder({ pay_type: 28, ext: { h5_deviceid: device } });

describe('order scoping', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ now: NOW });
  });
  afterAll(() => app.close());

  async function victimOrder(headers: Record<string, string> = VICTIM): Promise<string> {
    const created = await callInject(app, 'createCoinPay', waitingOrder(VICTIM['x-device-token']), headers);
    return okData('createCoinPay', created).order_id;
  }

  it('gives orders 128-bit random ids', async () => {
    const ids = [await victimOrder(), await victimOrder(), await victimOrder()];
    for (const id of ids) expect(id).toMatch(/^PO[0-9a-f]{32}$/);
    expect(new Set(ids).size).toBe(3);
  });

  it('lets no other caller cancel an order, choose its fail_reason, or read its target and amount', async () => {
    const orderId = await victimOrder();
    const cancel = await callInject(app, 'clickCancel', { app_order: orderId, reason: 'pwned' }, ATTACKER);
    expect(cancel.result).toBe(ServerCode.orderNotFound);
    const info = await callInject(app, 'getOrderInfo', { order_id: orderId }, ATTACKER);
    expect(info).toMatchObject({ result: ServerCode.orderNotFound, data: null });
    const why = await callInject(app, 'getPayError', { order_id: orderId, source: 1 }, ATTACKER);
    expect(why.result).toBe(ServerCode.orderNotFound);
    const poll = await callInject(app, 'payResultByOrderFast', { zp_orderid: orderId }, ATTACKER);
    expect(poll.result).toBe(ServerCode.orderNotFound);

    // The payer's own device still sees it, undecided and uncancelled.
    const own = okData(
      'getPayError',
      await callInject(app, 'getPayError', { order_id: orderId, source: 1 }, VICTIM),
    );
    expect(own.fail_reason).toBe('');
    expect(own.fail_detail).toBe('pending');
    expect(
      okData('getOrderInfo', await callInject(app, 'getOrderInfo', { order_id: orderId }, VICTIM)),
    ).toMatchObject({
      to_uid: 1002,
    });
    const cancelled = await callInject(app, 'clickCancel', { app_order: orderId, reason: '' }, VICTIM);
    expect(okData('clickCancel', cancelled).cancelled).toBe(true);
  });

  it("reads a signed-out order made without a client id to no one: its id is no credential, only its return's result lookup answers", async () => {
    // An attacker orders for an account of their choice with no x-cli-id, and forwards its return link.
    const noClient = { 'x-device-token': 'h5-attacker-device', 'x-cli-id': '' };
    const created = await callInject(app, 'createCoinPay', waitingOrder('h5-attacker-device'), noClient);
    const orderId = okData('createCoinPay', created).order_id;
    for (const caller of [
      noClient,
      VICTIM,
      { ...sessionHeader(REEM_SESSION), 'x-cli-id': 'client-victim' },
    ]) {
      const info = await callInject(app, 'getOrderInfo', { order_id: orderId }, caller);
      expect(info).toMatchObject({ result: ServerCode.orderNotFound, data: null });
      const cancel = await callInject(app, 'clickCancel', { app_order: orderId, reason: '' }, caller);
      expect(cancel.result).toBe(ServerCode.orderNotFound);
    }
    // The return's result lookup, by the device id the return carries, still answers its result.
    const result = await callInject(
      app,
      'payResultByOrderFast',
      { zp_orderid: orderId, zp_h5deviceid: 'h5-attacker-device' },
      VICTIM,
    );
    expect(result.result).toBe(0);
  });

  it('lets a signed-in payer read the order from another device, by the session', async () => {
    const created = await callInject(app, 'createCoinPay', waitingOrder('h5-phone'), {
      ...sessionHeader(REEM_SESSION),
      'x-device-token': 'h5-phone',
    });
    const orderId = okData('createCoinPay', created).order_id;
    const fromLaptop = await callInject(
      app,
      'getOrderInfo',
      { order_id: orderId },
      {
        ...sessionHeader(REEM_SESSION),
        'x-device-token': 'h5-laptop',
      },
    );
    expect(fromLaptop.result).toBe(0);
    const anonymousLaptop = await callInject(
      app,
      'getOrderInfo',
      { order_id: orderId },
      { 'x-device-token': 'h5-laptop' },
    );
    expect(anonymousLaptop.result).toBe(ServerCode.orderNotFound);
  });

  it("scopes X-CLI-RID to its caller: another's first use neither refuses nor hands over an order", async () => {
    const rid = 'rid-shared-by-chance';
    const attackers = await callInject(
      app,
      'createCoinPay',
      coinOrder({ pay_type: 28, recharge_id: 'rc_999', ext: { h5_deviceid: ATTACKER['x-device-token'] } }),
      { ...ATTACKER, 'x-cli-rid': rid },
    );
    const attackerOrder = okData('createCoinPay', attackers).order_id;
    const victims = await callInject(app, 'createCoinPay', waitingOrder(VICTIM['x-device-token']), {
      ...VICTIM,
      'x-cli-rid': rid,
    });
    const victimOrderId = okData('createCoinPay', victims).order_id;
    expect(victimOrderId).not.toBe(attackerOrder);
    // The same id with the attacker's exact parameters from the victim is still the victim's own new order.
    const copy = await callInject(
      app,
      'createCoinPay',
      coinOrder({ pay_type: 28, recharge_id: 'rc_999', ext: { h5_deviceid: ATTACKER['x-device-token'] } }),
      { ...VICTIM, 'x-cli-rid': 'rid-copied' },
    );
    expect(okData('createCoinPay', copy).order_id).not.toBe(attackerOrder);
    // The victim's retry is still idempotent.
    const retry = await callInject(app, 'createCoinPay', waitingOrder(VICTIM['x-device-token']), {
      ...VICTIM,
      'x-cli-rid': rid,
    });
    expect(okData('createCoinPay', retry).order_id).toBe(victimOrderId);
  });

  it("answers a return's result lookup opened in another browser by the return's device id, and only that", async () => {
    const orderId = await victimOrder();
    await decide(app, SimulatorPath.hostedPay, orderId, 'pay');
    // Another browser (a bank's or the phone's default) opens the return URL: no client id, another device.
    const otherBrowser = { 'x-device-token': 'h5-other-browser' };
    const poll = (zp_h5deviceid: string) =>
      callInject(app, 'payResultByOrderFast', { zp_orderid: orderId, zp_h5deviceid }, otherBrowser);
    expect(okData('payResultByOrderFast', await poll(VICTIM['x-device-token'])).result).toBe(0);
    expect((await poll('h5-other-browser')).result).toBe(ServerCode.orderNotFound);
    // Everything else about the order stays its payer's.
    const info = await callInject(app, 'getOrderInfo', { order_id: orderId }, otherBrowser);
    expect(info.result).toBe(ServerCode.orderNotFound);
    const cancel = await callInject(app, 'clickCancel', { app_order: orderId, reason: '' }, otherBrowser);
    expect(cancel.result).toBe(ServerCode.orderNotFound);
  });

  it('tells a return read by its device id alone the result of a saved card, never the card', async () => {
    const token = (await tokenise(app, CardNumber.visaApproved, CVV)).token?.token ?? '';
    const created = await callInject(
      app,
      'createCoinPay',
      coinOrder({ token, is_remember: true, ext: { h5_deviceid: 'h5-saver' } }),
      { ...sessionHeader(REEM_SESSION), 'x-device-token': 'h5-saver' },
    );
    const orderId = okData('createCoinPay', created).order_id;
    const query = { zp_orderid: orderId, zp_h5deviceid: 'h5-saver' };
    const own = await callInject(app, 'payResultByOrderFast', query, sessionHeader(REEM_SESSION));
    expect(okData('payResultByOrderFast', own).source_id).toMatch(/^src_/);
    const other = await callInject(app, 'payResultByOrderFast', query, { 'x-device-token': 'h5-x' });
    expect(okData('payResultByOrderFast', other)).toEqual({ result: 0, source_id: '' });
  });
});
