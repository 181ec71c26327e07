import { CardNumber, Message, ServerCode } from '@topup/contracts';
import { SimulatorPath } from '@topup/contracts/simulators';
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { CONTROL, callInject, okData, sessionHeader } from './support/inject';
import { CVV, coinOrder, createCoin, NOW, REEM_SESSION, SAVED_CVV, tokenise } from './support/payments';

/**
 * A saved card's security code cannot be guessed, order creation is limited the
 * way card testing meets it, and a card is neither kept without consent nor reachable with a device id.
 */

let app: FastifyInstance;
let rid = 0;
beforeEach(async () => {
  app = await buildApp({ now: NOW });
  return () => app.close();
});

const REEM = sessionHeader(REEM_SESSION);

async function cvvToken(cvv: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: SimulatorPath.checkoutCvv, payload: { cvv } });
  return String(res.json().token);
}

/** One order from a device (and its client), optionally signed in and from an address. */
async function order(
  params: Parameters<typeof coinOrder>[0],
  device: string,
  headers: Record<string, string> = {},
  remoteAddress = '127.0.0.1',
) {
  return callInject(
    app,
    'createCoinPay',
    coinOrder({ ...params, ext: { h5_deviceid: device } }),
    { 'x-cli-rid': `rid-${++rid}`, 'x-device-token': device, 'x-cli-id': `client-${device}`, ...headers },
    { remoteAddress },
  );
}

const payWithSaved = async (sourceId: string, cvv: string, device: string, headers = REEM) =>
  order({ source_id: sourceId, cvv_token: await cvvToken(cvv) }, device, headers);

const cardsOf = async (deviceId: string, headers: Record<string, string> = {}) =>
  okData('getCardSource', await callInject(app, 'getCardSource', { h5_deviceid: deviceId }, headers)).items;

/** Orders made (createCoinPay answered 0), from the mock's journal. */
async function journalOrders(): Promise<number> {
  const res = await app.inject({
    method: 'GET',
    url: '/__mock/journal?call=createCoinPay',
    headers: CONTROL,
  });
  const entries = res.json().data.entries as { result: number }[];
  return entries.filter((entry) => entry.result === 0).length;
}

const advance = (advanceMs: number) =>
  app.inject({ method: 'POST', url: '/__mock/clock', headers: CONTROL, payload: { advanceMs } });

describe('the attack chain of issue 27', () => {
  it('a stranger with the visitor’s device id can neither list, read, guess nor pay', async () => {
    const victim = 'h5-victim-device';
    // 1. The visitor pays signed out, "save card" unticked.
    const token = (await tokenise(app, CardNumber.visaApproved, CVV)).token?.token ?? '';
    const paid = okData('createCoinPay', await order({ token, is_remember: false }, victim));
    expect(paid.platform_data.status).toBe('paid');

    // 2. The attacker has the device id (it travels in links, history rows and return URLs).
    const attacker = { 'x-device-token': victim, 'x-cli-id': 'client-attacker' };
    const listed = await cardsOf(victim, attacker);
    expect(listed).toEqual([]);
    const info = await callInject(app, 'getOrderInfo', { order_id: paid.order_id }, attacker);
    expect(info.result).toBe(ServerCode.orderNotFound);
    const cancel = await callInject(app, 'clickCancel', { app_order: paid.order_id, reason: 'x' }, attacker);
    expect(cancel.result).toBe(ServerCode.orderNotFound);

    // 3. The attacker guesses the security code of whatever card id it found, from one address.
    const sourceId = listed[0]?.source_id ?? paid.platform_data.source_id ?? 'src_unknown';
    const answers: number[] = [];
    let spent = false;
    for (let code = 900; code < 1000 && !spent; code++) {
      const answer = await order(
        { source_id: sourceId, cvv_token: await cvvToken(String(code)) },
        `h5-attacker-${code % 7}`,
        { 'x-cli-id': 'client-attacker' },
      );
      answers.push(answer.result);
      spent = answer.result === 0 && okData('createCoinPay', answer).platform_data.status === 'paid';
    }
    expect(spent).toBe(false);
    expect(answers).not.toContain(0);
  });
});

describe('a saved card’s security code (finding 1)', () => {
  it('locks the card after 5 wrong codes in a row: the right code is then refused with 23005 @spec:code.23005', async () => {
    for (let i = 0; i < 4; i++) {
      const answer = okData('createCoinPay', await payWithSaved('src_visa4242', '318', 'h5-reem'));
      expect(answer.platform_data.status).toBe('failed');
    }
    // The 5th wrong code is the one that locks: it is answered with the lock then, and makes no order, so the
    // visitor is never asked once more for a code the card can no longer take.
    const ordersBefore = await journalOrders();
    const fifth = await payWithSaved('src_visa4242', '318', 'h5-reem');
    expect(fifth).toMatchObject({ result: ServerCode.savedCardLocked, message: Message.savedCardLocked });
    expect(await journalOrders()).toBe(ordersBefore);
    const locked = await payWithSaved('src_visa4242', SAVED_CVV, 'h5-reem');
    expect(locked).toMatchObject({ result: ServerCode.savedCardLocked, message: Message.savedCardLocked });
    expect(Message.savedCardLocked).toMatch(/[\u0600-\u06FF]/);
    // The duplicate row of the same card is locked with it; the card leaves the list.
    const dup = await payWithSaved('src_visa4242_old', SAVED_CVV, 'h5-reem');
    expect(dup.result).toBe(ServerCode.savedCardLocked);
    const ids = (await cardsOf('h5-reem', REEM)).map((card) => card.fingerprint);
    expect(ids).not.toContain('fp_visa4242');
  });

  it('a seeded card’s wrong code names where the test code is, never a code; a run-saved card’s says nothing', async () => {
    const wrong = okData('createCoinPay', await payWithSaved('src_visa4242', '318', 'h5-reem'));
    const error = okData(
      'getPayError',
      await callInject(app, 'getPayError', { order_id: wrong.order_id, source: 1 }, REEM),
    );
    expect(error.err_summary).toContain('SAVED_CARD_SECURITY_CODE');
    expect(error.err_summary).not.toMatch(/\d{3}/);
    // A card saved during the run holds the code it was paid with: its decline hints at nothing.
    const token = (await tokenise(app, CardNumber.mastercardApproved, CVV)).token?.token ?? '';
    okData('createCoinPay', await order({ token, is_remember: true }, 'h5-reem', REEM));
    const own = (await cardsOf('h5-reem', REEM)).find((card) => card.last4 === '4444')?.source_id ?? '';
    const ownWrong = okData('createCoinPay', await payWithSaved(own, '318', 'h5-reem'));
    expect(ownWrong.platform_data.status).toBe('failed');
    const ownError = okData(
      'getPayError',
      await callInject(app, 'getPayError', { order_id: ownWrong.order_id, source: 1 }, REEM),
    );
    expect(ownError.err_summary).not.toContain('SAVED_CARD_SECURITY_CODE');
    // It holds the code it was paid with (so that decline was its wrong code, not an expiry).
    expect(okData('createCoinPay', await payWithSaved(own, CVV, 'h5-reem')).platform_data.status).toBe(
      'paid',
    );
  });

  it('counts wrong codes in a row: a right code starts the count again', async () => {
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) await payWithSaved('src_visa4242', '318', 'h5-reem');
      // Past the card's own velocity window: only the count of wrong codes is under test.
      await advance(10 * 60_000);
      const right = okData('createCoinPay', await payWithSaved('src_visa4242', SAVED_CVV, 'h5-reem'));
      expect(right.platform_data.status).toBe('paid');
    }
  });

  it('takes the locked card again when it is entered as a new card', async () => {
    for (let i = 0; i < 5; i++) await payWithSaved('src_visa4242', '318', 'h5-reem');
    const token = (await tokenise(app, CardNumber.visaApproved, CVV)).token?.token ?? '';
    const again = okData('createCoinPay', await order({ token, is_remember: true }, 'h5-reem', REEM));
    expect(again.platform_data.status).toBe('paid');
    const saved = (await cardsOf('h5-reem', REEM)).filter((card) => card.fingerprint === 'fp_visa4242');
    expect(saved).toHaveLength(1);
    expect(saved[0]?.source_id).not.toBe('src_visa4242');
  });

  it('a reset forgets the lock', async () => {
    for (let i = 0; i < 5; i++) await payWithSaved('src_visa4242', '318', 'h5-reem');
    await app.inject({ method: 'POST', url: '/__mock/reset', headers: CONTROL, payload: {} });
    const paid = okData('createCoinPay', await payWithSaved('src_visa4242', SAVED_CVV, 'h5-reem'));
    expect(paid.platform_data.status).toBe('paid');
  });
});

describe('velocity of order creation (finding 1)', () => {
  // A hosted-page pay type: an order without a card.
  const hosted = { pay_type: 28 as const };

  it('takes a dozen orders a minute from one device, refuses the 13th with 23006, and slides', async () => {
    for (let i = 0; i < 12; i++) expect((await order(hosted, 'h5-busy')).result).toBe(0);
    const over = await order(hosted, 'h5-busy');
    expect(over).toMatchObject({
      result: ServerCode.tooManyPaymentAttempts,
      message: Message.tooManyPaymentAttempts,
    });
    expect((await order(hosted, 'h5-other')).result).toBe(0);
    await advance(60_001);
    expect((await order(hosted, 'h5-busy')).result).toBe(0);
  });

  it('slides with real time too while the mock clock is frozen (TESTDATA "Clock")', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (let i = 0; i < 12; i++) expect((await order(hosted, 'h5-frozen')).result).toBe(0);
      expect((await order(hosted, 'h5-frozen')).result).toBe(ServerCode.tooManyPaymentAttempts);
      vi.setSystemTime(Date.now() + 60_001);
      expect((await order(hosted, 'h5-frozen')).result).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('limits an account across devices', async () => {
    for (let i = 0; i < 12; i++) expect((await order(hosted, `h5-acct-${i}`, REEM)).result).toBe(0);
    expect((await order(hosted, 'h5-acct-new', REEM)).result).toBe(ServerCode.tooManyPaymentAttempts);
    expect((await order(hosted, 'h5-acct-new')).result).toBe(0);
  });

  it('limits one card across devices and addresses', async () => {
    const tryCard = async (i: number) => {
      const token = (await tokenise(app, CardNumber.declinedGeneric, CVV)).token?.token ?? '';
      return order({ token }, `h5-card-${i}`, {}, `10.0.0.${i + 1}`);
    };
    for (let i = 0; i < 10; i++) expect((await tryCard(i)).result).toBe(0);
    expect((await tryCard(10)).result).toBe(ServerCode.tooManyPaymentAttempts);
    // Another card from the same place is its own.
    const token = (await tokenise(app, CardNumber.visaApproved, CVV)).token?.token ?? '';
    expect((await order({ token }, 'h5-card-x', {}, '10.0.0.99')).result).toBe(0);
  });

  it('limits an address across fresh device ids', async () => {
    for (let i = 0; i < 60; i++) {
      expect((await order(hosted, `h5-addr-${i}`, {}, '192.0.2.7')).result).toBe(0);
    }
    expect((await order(hosted, 'h5-addr-new', {}, '192.0.2.7')).result).toBe(
      ServerCode.tooManyPaymentAttempts,
    );
    expect((await order(hosted, 'h5-addr-new', {}, '192.0.2.8')).result).toBe(0);
  });

  it('a reset clears the windows', async () => {
    for (let i = 0; i < 12; i++) await order(hosted, 'h5-reset');
    expect((await order(hosted, 'h5-reset')).result).toBe(ServerCode.tooManyPaymentAttempts);
    await app.inject({ method: 'POST', url: '/__mock/reset', headers: CONTROL, payload: {} });
    expect((await order(hosted, 'h5-reset')).result).toBe(0);
  });

  it('a replay of an order already made is not another attempt', async () => {
    for (let i = 0; i < 12; i++) await order(hosted, 'h5-replay');
    const headers = { 'x-cli-rid': 'rid-kept', 'x-cli-id': 'client-h5-replay' };
    await advance(60_001);
    const first = await createCoin(
      app,
      coinOrder({ ...hosted, ext: { h5_deviceid: 'h5-replay' } }),
      'rid-kept',
      headers,
    );
    expect(first.result).toBe(0);
    for (let i = 0; i < 11; i++) await order(hosted, 'h5-replay');
    const again = await createCoin(
      app,
      coinOrder({ ...hosted, ext: { h5_deviceid: 'h5-replay' } }),
      'rid-kept',
      headers,
    );
    expect(again.result).toBe(0);
  });
});

describe('consent and ownership (finding 3)', () => {
  it('keeps no card paid signed out, even when asked to', async () => {
    const token = (await tokenise(app, CardNumber.visaApproved, CVV)).token?.token ?? '';
    const paid = okData('createCoinPay', await order({ token, is_remember: true }, 'h5-anon'));
    expect(paid.platform_data).toMatchObject({ status: 'paid' });
    expect(paid.platform_data.source_id).toBeUndefined();
    expect(await cardsOf('h5-anon')).toEqual([]);
  });

  it('keeps a card for a signed-in payer only when asked (absent is not a yes)', async () => {
    const pay = async (remember: boolean | undefined) => {
      const token = (await tokenise(app, CardNumber.mastercardApproved, CVV)).token?.token ?? '';
      return order(
        { token, ...(remember === undefined ? {} : { is_remember: remember }) },
        'h5-noura',
        sessionHeader('sk-10000010'),
      );
    };
    await pay(undefined);
    await pay(false);
    expect(await cardsOf('h5-noura', sessionHeader('sk-10000010'))).toEqual([]);
    await pay(true);
    expect(await cardsOf('h5-noura', sessionHeader('sk-10000010'))).toMatchObject([
      { last4: '4444', is_remember: 1, uid: 1010 },
    ]);
  });

  it('pays with a saved card only with the owning session', async () => {
    const anonymous = await payWithSaved('src_visa4242', SAVED_CVV, 'h5-x', {});
    expect(anonymous.result).toBe(ServerCode.invalidParam);
    const other = await payWithSaved('src_visa4242', SAVED_CVV, 'h5-x', sessionHeader('sk-10000010'));
    expect(other.result).toBe(ServerCode.invalidParam);
    const owner = okData('createCoinPay', await payWithSaved('src_visa4242', SAVED_CVV, 'h5-x'));
    expect(owner.platform_data.status).toBe('paid');
  });

  it('answers no card row of another account, and no device id of one', async () => {
    const anyone = JSON.stringify(await cardsOf('h5-reem-phone', sessionHeader('sk-10000010')));
    expect(anyone).toBe('[]');
    expect(await cardsOf('h5-reem-phone')).toEqual([]);
  });

  it('a signed-in payer’s order is read only with the session; a signed-out one by its client', async () => {
    const mine = okData('createCoinPay', await order({ pay_type: 28 }, 'h5-mine', REEM));
    const byDevice = await callInject(
      app,
      'getPayError',
      { order_id: mine.order_id, source: 1 },
      {
        'x-device-token': 'h5-mine',
        'x-cli-id': 'client-h5-mine',
      },
    );
    expect(byDevice.result).toBe(ServerCode.orderNotFound);
    const bySession = await callInject(app, 'getPayError', { order_id: mine.order_id, source: 1 }, REEM);
    expect(bySession.result).toBe(0);

    const anon = okData('createCoinPay', await order({ pay_type: 28 }, 'h5-anon2'));
    const poll = (headers: Record<string, string>) =>
      callInject(app, 'payResultByOrderFast', { zp_orderid: anon.order_id }, headers);
    expect((await poll({ 'x-device-token': 'h5-anon2', 'x-cli-id': 'someone' })).result).toBe(
      ServerCode.orderNotFound,
    );
    expect((await poll({ 'x-cli-id': 'client-h5-anon2' })).result).toBe(0);
  });
});
