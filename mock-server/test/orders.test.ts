import {
  adyenStepOf,
  CardNumber,
  FailDetail,
  OrderResult,
  outcomeOfAdyenRefusal,
  outcomeOfFailure,
  ServerCode,
  testCards,
} from '@topup/contracts';
import { SimulatorPath } from '@topup/contracts/simulators';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { CONTROL, callInject, okData, sessionHeader } from './support/inject';
import {
  AMEX_CVV,
  adyenOrder,
  adyenPlatformData,
  answerChallenge,
  CVV,
  coinOrder,
  createCoin,
  createdOrder,
  DEVICE,
  decide,
  encrypt,
  LIFTED_PAYMENT_LIMITS,
  NOW,
  pathOf,
  payError,
  pollResult,
  REEM_SESSION,
  SAVED_CVV,
  stringsOf,
  tokenise,
  WRONG_SAVED_CVV,
} from './support/payments';

let app: FastifyInstance;
let rid = 0;
const nextRid = () => `rid-orders-${++rid}`;

beforeAll(async () => {
  app = await buildApp({ now: NOW, paymentLimits: LIFTED_PAYMENT_LIMITS });
});
afterAll(() => app.close());

const tokenisable = testCards.filter((card) => card.behaviour.kind !== 'invalidNumber');

describe('every TESTDATA card through provider 13 (Checkout.com)', () => {
  it.each(testCards.map((card) => [card.number, card] as const))('%s', async (number, card) => {
    const cvv = card.scheme === 'amex' ? AMEX_CVV : CVV;
    const tokenised = await tokenise(app, number, cvv);
    if (card.behaviour.kind === 'invalidNumber') {
      expect(tokenised.status).toBe(422);
      expect(tokenised.body).toMatchObject({ error_codes: ['card_number_invalid'] });
      return;
    }
    const token = tokenised.token;
    if (token === undefined) throw new Error('no token');
    expect(token.last4).toBe(number.slice(-4));
    expect(token.bin).toBe(number.slice(0, 6));
    expect(JSON.stringify(token)).not.toContain(number);

    const created = await createdOrder(
      app,
      coinOrder({ pay_type: 23, token: token.token, bin: token.bin, last4: token.last4 }),
      nextRid(),
    );
    const poll = await pollResult(app, created.order_id);
    const error = await payError(app, created.order_id);
    if (card.behaviour.kind === 'declined') {
      const { decline } = card.behaviour;
      expect(created.platform_data.status).toBe('failed');
      expect(poll.result).toBe(OrderResult.failed);
      expect(error.err_code).toBe(decline.err_code);
      expect(error.fail_detail).toBe(decline.fail_detail ?? FailDetail.default);
      expect(outcomeOfFailure({ errCode: error.err_code, failDetail: error.fail_detail })).toBe(
        decline.outcome,
      );
      expect(poll.source_id).toBe('');
    } else if (card.behaviour.kind !== 'approved') {
      // The 3DS rows wait on provider 13's 3-D Secure page (followed to the end in cardTable.test.ts).
      expect(created.platform_data.status).toBe('redirect');
      expect(created.url).toContain(SimulatorPath.checkoutThreeDs);
      expect(poll.result).toBe(OrderResult.pending);
      expect(error.fail_detail).toBe(FailDetail.pending);
    } else {
      expect(created.platform_data.status).toBe('paid');
      expect(poll.result).toBe(OrderResult.success);
      // Paid signed out: no card is kept, so there is no source id.
      expect(poll.source_id).toBe('');
      expect(error.fail_detail).toBe('');
    }
  });
});

describe('every TESTDATA card through provider 17 (Adyen)', () => {
  it.each(testCards.map((card) => [card.number, card] as const))('%s', async (number, card) => {
    const encrypted = await encrypt(app, number, card.scheme === 'amex' ? AMEX_CVV : CVV);
    if (card.behaviour.kind === 'invalidNumber') {
      expect(encrypted.status).toBe(422);
      expect(encrypted.body).toMatchObject({ errorCode: 'invalid-number' });
      return;
    }
    if (!card.provider17_accepts) {
      expect(encrypted.status).toBe(422);
      expect(encrypted.body).toMatchObject({ errorCode: 'scheme-not-accepted' });
      return;
    }
    const fields = encrypted.card;
    if (fields === undefined) throw new Error('not encrypted');
    expect(JSON.stringify(fields)).not.toContain(number);

    const created = await createdOrder(
      app,
      coinOrder({ pay_type: 27, platform_data: adyenPlatformData(fields) }),
      nextRid(),
    );
    const data = created.platform_data;
    const { behaviour } = card;
    switch (behaviour.kind) {
      case 'approved':
        expect(data).toMatchObject({ status: 'paid', resultCode: 'Authorised' });
        expect(adyenStepOf('Authorised')).toEqual({ kind: 'done', outcome: 'success' });
        break;
      case 'challenge': {
        expect(data).toMatchObject({ status: 'action', resultCode: 'ChallengeShopper' });
        expect(data.action).toMatchObject({ type: 'threeDS2', subtype: 'challenge', windowSize: '05' });
        expect(adyenStepOf('ChallengeShopper')).toEqual({ kind: 'action', action: 'ChallengeShopper' });
        const { threeDSResult, transStatus } = await answerChallenge(
          app,
          data.action?.url ?? '',
          behaviour.challenge.password,
        );
        expect(transStatus).toBe('Y');
        const after = okData(
          'submitAuthenticationResult',
          await callInject(app, 'submitAuthenticationResult', {
            order_id: created.order_id,
            platform_data: { threeDSResult },
          }),
        );
        expect(after).toMatchObject({ status: 'paid', resultCode: 'Authorised' });
        // The same result sent again (its answer lost on the way) answers the same, and pays nothing more.
        const again = await callInject(app, 'submitAuthenticationResult', {
          order_id: created.order_id,
          platform_data: { threeDSResult },
        });
        expect(okData('submitAuthenticationResult', again)).toEqual(after);
        break;
      }
      case 'identify': {
        expect(data).toMatchObject({ status: 'action', resultCode: 'IdentifyShopper' });
        expect(data.action).toMatchObject({ type: 'threeDS2', subtype: 'fingerprint' });
        const res = await app.inject({
          method: 'POST',
          url: SimulatorPath.adyenFingerprint,
          payload: { token: data.action?.token },
        });
        expect(res.statusCode).toBe(200);
        const after = okData(
          'submitAuthenticationResult',
          await callInject(app, 'submitAuthenticationResult', {
            order_id: created.order_id,
            platform_data: { threeDSResult: String(res.json().threeDSResult) },
          }),
        );
        expect(after).toMatchObject({ status: 'paid', resultCode: 'Authorised' });
        break;
      }
      case 'redirect': {
        expect(data).toMatchObject({ status: 'action', resultCode: 'RedirectShopper' });
        expect(created.url).toContain(SimulatorPath.adyenIssuer);
        const page = await app.inject({ method: 'GET', url: pathOf(created.url) });
        expect(page.statusCode).toBe(200);
        const back = await decide(app, SimulatorPath.adyenIssuer, created.order_id, 'approve');
        expect(back.pathname).toBe('/recharge-list');
        expect(Object.fromEntries(back.searchParams)).toMatchObject({
          zp_show: '1',
          zp_orderid: created.order_id,
          zp_h5deviceid: DEVICE,
          zp_pay_sub_type: '27',
        });
        const after = okData(
          'submitPaymentToken',
          await callInject(app, 'submitPaymentToken', {
            order_id: created.order_id,
            platform_data: { redirectResult: back.searchParams.get('redirectResult') ?? '' },
          }),
        );
        expect(after).toMatchObject({ status: 'paid', resultCode: 'Authorised' });
        break;
      }
      case 'declined': {
        const { decline } = behaviour;
        expect(data.status).toBe('failed');
        expect(data.resultCode).toBe(decline.adyen_result_code);
        expect(data.err_code).toBe(decline.err_code);
        expect(data.fail_detail).toBe(decline.fail_detail ?? FailDetail.default);
        expect(outcomeOfFailure({ errCode: data.err_code, failDetail: data.fail_detail })).toBe(
          decline.outcome,
        );
        if (decline.refusal_code !== null) {
          expect(data.refusalReasonCode).toBe(String(decline.refusal_code));
        }
        // SPEC §4's refusal codes (6, 11, 12, 24) give the same outcome from the refusal code alone.
        if ([6, 11, 12, 24].includes(decline.refusal_code ?? -1)) {
          expect(adyenStepOf('Refused', data.refusalReasonCode)).toEqual({
            kind: 'done',
            outcome: decline.outcome,
          });
        }
        break;
      }
    }
    const poll = await pollResult(app, created.order_id);
    const paid = behaviour.kind !== 'declined';
    expect(poll.result).toBe(paid ? OrderResult.success : OrderResult.failed);
  });

  it('fails a challenge answered with a wrong password with 3ds_authentication_failure (verify)', async () => {
    const created = await adyenOrder(app, CardNumber.visaChallenge, nextRid());
    const { threeDSResult, transStatus } = await answerChallenge(
      app,
      created.platform_data.action?.url ?? '',
      'nope',
    );
    expect(transStatus).toBe('N');
    const after = okData(
      'submitAuthenticationResult',
      await callInject(app, 'submitAuthenticationResult', {
        order_id: created.order_id,
        platform_data: { threeDSResult },
      }),
    );
    expect(after).toMatchObject({
      status: 'failed',
      resultCode: 'Refused',
      fail_detail: FailDetail.threeDsFailed,
    });
    expect(adyenStepOf('Refused', after.refusalReasonCode)).toEqual({ kind: 'done', outcome: 'verify' });
    expect(outcomeOfFailure({ failDetail: (await payError(app, created.order_id)).fail_detail })).toBe(
      'verify',
    );
    // A retried submit answers the decided order, not an error.
    const again = await callInject(app, 'submitAuthenticationResult', {
      order_id: created.order_id,
      platform_data: { threeDSResult },
    });
    expect(okData('submitAuthenticationResult', again).status).toBe('failed');
  });

  it('fails a RedirectShopper payment the issuer declines, and takes the result from the return query', async () => {
    const created = await adyenOrder(app, CardNumber.visaRedirect, nextRid());
    const back = await decide(app, SimulatorPath.adyenIssuer, created.order_id, 'decline');
    const poll = await pollResult(app, created.order_id, Object.fromEntries(back.searchParams));
    expect(poll.result).toBe(OrderResult.failed);
    expect((await payError(app, created.order_id)).fail_detail).toBe(FailDetail.threeDsFailed);
  });

  it('refuses a token used twice', async () => {
    const token = (await tokenise(app, CardNumber.visaApproved)).token?.token ?? '';
    await createdOrder(app, coinOrder({ token }), nextRid());
    const again = await createCoin(app, coinOrder({ token }), nextRid());
    expect(again.result).toBe(ServerCode.invalidParam);
    expect(again.message).toContain('token');
  });
});

describe('saved cards of 10000001', () => {
  const session = sessionHeader(REEM_SESSION);

  async function cvvToken(cvv = SAVED_CVV): Promise<string> {
    const res = await app.inject({
      method: 'POST',
      url: SimulatorPath.checkoutCvv,
      payload: { cvv },
    });
    expect(res.statusCode).toBe(200);
    return String(res.json().token);
  }

  async function encryptedCode(cvc: string): Promise<string> {
    const res = await app.inject({ method: 'POST', url: SimulatorPath.adyenEncryptCvc, payload: { cvc } });
    expect(res.statusCode).toBe(200);
    return String(res.json().encryptedSecurityCode);
  }

  it('declines a saved card paid with a wrong security code as verify, through both providers (issue 12)', async () => {
    const checkout = await createdOrder(
      app,
      coinOrder({ source_id: 'src_visa4242', cvv_token: await cvvToken(WRONG_SAVED_CVV) }),
      nextRid(),
      session,
    );
    expect(checkout.platform_data.status).toBe('failed');
    const { err_code, fail_detail } = checkout.platform_data;
    expect(outcomeOfFailure({ errCode: err_code, failDetail: fail_detail })).toBe('verify');
    const adyen = await createdOrder(
      app,
      coinOrder({
        pay_type: 27,
        source_id: 'src_visa4242',
        platform_data: {
          paymentMethod: { type: 'scheme', encryptedSecurityCode: await encryptedCode(WRONG_SAVED_CVV) },
        },
      }),
      nextRid(),
      session,
    );
    expect(adyen.platform_data).toMatchObject({ status: 'failed', refusalReasonCode: '11' });
    expect(outcomeOfAdyenRefusal(adyen.platform_data.refusalReasonCode)).toBe('verify');
  });

  it('checks a card saved during the run against the code it was paid with', async () => {
    const device = { 'x-device-token': 'h5-cvv-device', ...sessionHeader('sk-10000010') };
    const token = (await tokenise(app, CardNumber.mastercardApproved, CVV)).token?.token ?? '';
    const first = await createdOrder(
      app,
      coinOrder({ token, is_remember: true, ext: { h5_deviceid: 'h5-cvv-device' } }),
      nextRid(),
      device,
    );
    const sourceId = first.platform_data.source_id ?? '';
    expect(sourceId).toMatch(/^src_/);
    const pay = async (cvv: string) =>
      createdOrder(
        app,
        coinOrder({
          source_id: sourceId,
          cvv_token: await cvvToken(cvv),
          ext: { h5_deviceid: 'h5-cvv-device' },
        }),
        nextRid(),
        device,
      );
    expect((await pay(SAVED_CVV)).platform_data.status).toBe('failed');
    expect((await pay(CVV)).platform_data.status).toBe('paid');
  });

  it('pays with a remembered card and its cvv_token, and touches the card', async () => {
    const created = await createdOrder(
      app,
      coinOrder({ source_id: 'src_visa4242', cvv_token: await cvvToken() }),
      nextRid(),
      session,
    );
    expect(created.platform_data).toMatchObject({ status: 'paid', source_id: 'src_visa4242' });
    const info = okData(
      'getCardInfoByOrder',
      await callInject(
        app,
        'getCardInfoByOrder',
        { h5_deviceid: DEVICE, order_id: created.order_id },
        session,
      ),
    );
    expect(info.card?.source_id).toBe('src_visa4242');
    expect(info.card?.last_use_at).toBe(Math.floor(NOW.getTime() / 1000));
  });

  it.each([
    ['src_bank1699', 'the bank reports it expired'],
    ['src_mc4444', 'its date has passed'],
  ])('declines %s as expired (20054 → expire): %s', async (sourceId) => {
    const created = await createdOrder(
      app,
      coinOrder({ source_id: sourceId, cvv_token: await cvvToken() }),
      nextRid(),
      session,
    );
    expect(created.platform_data).toMatchObject({ status: 'failed', err_code: '20054' });
    expect(outcomeOfFailure({ errCode: created.platform_data.err_code })).toBe('expire');
  });

  it('needs a fresh security code token, and refuses a card of another owner', async () => {
    const none = await createCoin(app, coinOrder({ source_id: 'src_visa4242' }), nextRid(), session);
    expect(none.result).toBe(ServerCode.invalidParam);
    expect(none.message).toContain('cvv_token');
    const token = await cvvToken();
    await createdOrder(app, coinOrder({ source_id: 'src_visa4242', cvv_token: token }), nextRid(), session);
    const reused = await createCoin(
      app,
      coinOrder({ source_id: 'src_visa4242', cvv_token: token }),
      nextRid(),
      session,
    );
    expect(reused.result).toBe(ServerCode.invalidParam);
    const stranger = await createCoin(
      app,
      coinOrder({ source_id: 'src_visa4242', cvv_token: await cvvToken() }),
      nextRid(),
    );
    expect(stranger.result).toBe(ServerCode.invalidParam);
    expect(stranger.message).toContain('source_id');
  });

  it('runs a stored card through provider 17 with its encrypted security code (src_soon0006 challenges)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: SimulatorPath.adyenEncryptCvc,
      payload: { cvc: SAVED_CVV },
    });
    expect(res.statusCode).toBe(200);
    const created = await createdOrder(
      app,
      coinOrder({
        pay_type: 27,
        source_id: 'src_soon0006',
        platform_data: {
          paymentMethod: { type: 'scheme', encryptedSecurityCode: res.json().encryptedSecurityCode },
        },
      }),
      nextRid(),
      session,
    );
    expect(created.platform_data).toMatchObject({ status: 'action', resultCode: 'ChallengeShopper' });
  });
});

describe('a new card is saved after a successful payment', () => {
  const cardOf = async (orderId: string, device = DEVICE) =>
    okData(
      'getCardInfoByOrder',
      await callInject(
        app,
        'getCardInfoByOrder',
        { h5_deviceid: device, order_id: orderId },
        sessionHeader(REEM_SESSION),
      ),
    ).card;
  const paid = async (is_remember: boolean) => {
    const token = (await tokenise(app, CardNumber.mastercardApproved)).token;
    if (token === undefined) throw new Error('no token');
    return createdOrder(
      app,
      coinOrder({ token: token.token, is_remember }),
      nextRid(),
      sessionHeader(REEM_SESSION),
    );
  };

  it('saves it for the signed-in payer who asked for it, remembered', async () => {
    const created = await paid(true);
    expect(await cardOf(created.order_id)).toMatchObject({
      last4: '4444',
      bin: '555555',
      is_remember: 1,
      uid: 1001,
      card_valid_date: '12/29',
    });
    expect(await cardOf(created.order_id, 'another-device')).toBeNull();
  });

  it('keeps nothing when the payer did not ask to save it (issue 27)', async () => {
    const created = await paid(false);
    expect(created.platform_data.source_id).toBeUndefined();
    expect(await cardOf(created.order_id)).toBeNull();
  });
});

describe('idempotency on X-CLI-RID', () => {
  it('makes one order of 20 concurrent creates with one X-CLI-RID', async () => {
    const token = (await tokenise(app, CardNumber.visaApproved)).token?.token ?? '';
    const params = coinOrder({ token });
    const answers = await Promise.all(Array.from({ length: 20 }, () => createCoin(app, params, 'rid-burst')));
    const ids = new Set(answers.map((answer) => okData('createCoinPay', answer).order_id));
    expect(ids.size).toBe(1);
    expect(answers.every((answer) => okData('createCoinPay', answer).platform_data.status === 'paid')).toBe(
      true,
    );
  });

  it('answers the same order for the same id, and 10009 for the same id with other parameters', async () => {
    const params = coinOrder({ pay_type: 24 });
    const first = await createdOrder(app, params, 'rid-same');
    const again = await createdOrder(
      app,
      { ...params, ext: { h5_deviceid: DEVICE, page_view_id: 'pv-2' } },
      'rid-same',
    );
    expect(again.order_id).toBe(first.order_id);
    const other = await createCoin(app, { ...params, recharge_id: 'rc_999' }, 'rid-same');
    expect(other.result).toBe(ServerCode.requestIdReused);
  });

  /**
   * A page that reloaded while an order's answer was lost keeps the X-CLI-RID and the intent, never the card's
   * tokens: the same request without its card fields finds the order the id made, and can make none.
   */
  describe('a replay without the card fields (after a reload)', () => {
    const cardOrder = async (rid: string) => {
      const token = (await tokenise(app, CardNumber.visaApproved)).token?.token ?? '';
      const params = coinOrder({ token, bin: '424242', last4: '4242', scheme: 'visa', is_remember: true });
      return { params, first: await createdOrder(app, params, rid) };
    };

    it('finds the order a new card made, paid, and makes no second', async () => {
      const { first } = await cardOrder('rid-reload-found');
      const lookup = await createdOrder(app, coinOrder(), 'rid-reload-found');
      expect(lookup.order_id).toBe(first.order_id);
      expect(lookup.platform_data.status).toBe('paid');
      expect((await pollResult(app, first.order_id)).result).toBe(OrderResult.success);
    });

    it.each([
      ['another package', { recharge_id: 'rc_999' }],
      ['another target', { uid: 1001 }],
      ['another pay type', { pay_type: 27 as const }],
      ['another kind', { kind: 'retry' as const }],
      ['a saved card instead', { source_id: 'src_other' }],
      ['other card fields', { bin: '555555', last4: '4444', scheme: 'mastercard' }],
      ['another token', { token: 'tok_other' }],
    ])('refuses the id with %s as 10009', async (_name, change) => {
      const rid = `rid-reload-other-${_name}`;
      await cardOrder(rid);
      expect((await createCoin(app, coinOrder(change), rid)).result).toBe(ServerCode.requestIdReused);
    });

    it('for an id that made nothing, is refused as a card order without a card, makes none, and spends the id', async () => {
      const answer = await createCoin(app, coinOrder(), 'rid-reload-never-arrived');
      expect(answer.result).toBe(ServerCode.invalidParam);
      // The request it looked for, arriving late (a reload cut it off on a slow network), makes no order: the
      // page was told there was none, and its visitor may pay again.
      const token = (await tokenise(app, CardNumber.visaApproved)).token?.token ?? '';
      const late = await createCoin(
        app,
        coinOrder({ token, bin: '424242', last4: '4242', scheme: 'visa' }),
        'rid-reload-never-arrived',
      );
      expect(late.result).toBe(ServerCode.requestIdReused);
      // Asked again, the lookup gets the same answer: the id made no order at all.
      expect((await createCoin(app, coinOrder(), 'rid-reload-never-arrived')).result).toBe(
        ServerCode.invalidParam,
      );
    });

    it("is the caller's own: another device's replay of the id finds nothing", async () => {
      await cardOrder('rid-reload-scoped');
      const elsewhere = await createCoin(
        app,
        coinOrder({ ext: { h5_deviceid: 'device-elsewhere' } }),
        'rid-reload-scoped',
      );
      expect(elsewhere.result).toBe(ServerCode.invalidParam);
    });
  });

  it('makes separate orders without the header', async () => {
    const a = await okData(
      'createCoinPay',
      await callInject(app, 'createCoinPay', coinOrder({ pay_type: 24 })),
    );
    const b = await okData(
      'createCoinPay',
      await callInject(app, 'createCoinPay', coinOrder({ pay_type: 24 })),
    );
    expect(a.order_id).not.toBe(b.order_id);
  });
});

describe('order refusals, info and cancel', () => {
  it.each([
    [1003, ServerCode.banned],
    [1004, ServerCode.deactivated],
    [1005, ServerCode.deactivating],
    // 1007 is a source 4 (game-flavour) account, asked for with source 1.
    [1007, ServerCode.sourceMismatch],
    [99_999, ServerCode.accountNotFound],
  ])('refuses a top-up for uid %s with @spec:code.%s', async (uid, code) => {
    const answer = await createCoin(app, coinOrder({ uid, pay_type: 24 }), nextRid());
    expect(answer.result).toBe(code);
  });

  it('refuses a top-up for a guest (uid 1006, display id 10000006) with 20189 @spec:code.20189', async () => {
    const answer = await createCoin(app, coinOrder({ uid: 1006, pay_type: 24 }), nextRid());
    expect(answer.result).toBe(ServerCode.guestAccount);
  });

  it('sells a package only to the targets whose charge list shows it (new-user only, signed-in only)', async () => {
    const fresh = await buildApp({ now: NOW, paymentLimits: LIFTED_PAYMENT_LIMITS });
    try {
      const newUserOnly = coinOrder({ recharge_id: 'rc_199_new', pay_type: 24 });
      // 1002 is not new: its charge list leaves rc_199_new out, signed out or signed in as 10000001.
      for (const headers of [{}, sessionHeader(REEM_SESSION)]) {
        const refused = await createCoin(fresh, { ...newUserOnly, uid: 1002 }, nextRid(), headers);
        expect(refused).toMatchObject({ result: ServerCode.invalidParam });
        expect(refused.message).toContain('only for a new user');
      }
      // 1010 is new (TESTDATA): its list has the package, and the order is made.
      const made = await createCoin(fresh, { ...newUserOnly, uid: 1010 }, nextRid());
      expect(made.result).toBe(ServerCode.ok);
      // The 199.99 USD package is listed only when signed in, and sold only then.
      const large = coinOrder({ recharge_id: 'rc_19999', pay_type: 24 });
      expect((await createCoin(fresh, large, nextRid())).result).toBe(ServerCode.invalidParam);
      expect((await createCoin(fresh, large, nextRid(), sessionHeader(REEM_SESSION))).result).toBe(
        ServerCode.ok,
      );
    } finally {
      await fresh.close();
    }
  });

  it('refuses an unknown package, and a wallet the package does not offer', async () => {
    expect((await createCoin(app, coinOrder({ recharge_id: 'rc_nope' }), nextRid())).result).toBe(
      ServerCode.invalidParam,
    );
    expect(
      (await createCoin(app, coinOrder({ recharge_id: 'rc_099', pay_type: 28 }), nextRid())).result,
    ).toBe(ServerCode.walletTypeUnavailable);
  });

  it('answers order info, and cancels an undecided order once', async () => {
    const created = await createdOrder(app, coinOrder({ pay_type: 24 }), nextRid());
    expect(created.platform_data.status).toBe('redirect');
    const info = okData(
      'getOrderInfo',
      await callInject(app, 'getOrderInfo', { order_id: created.order_id }),
    );
    expect(info).toMatchObject({ recharge_id: 'rc_499', pay_sub_type: 24, to_uid: 1002, kind: 'coin' });
    expect((await payError(app, created.order_id)).fail_detail).toBe('pending');
    const cancel = () =>
      callInject(app, 'clickCancel', { app_order: created.order_id, reason: 'userCancel' });
    expect(okData('clickCancel', await cancel()).cancelled).toBe(true);
    expect(okData('clickCancel', await cancel()).cancelled).toBe(false);
    expect((await payError(app, created.order_id)).fail_detail).toBe(FailDetail.userCancel);
    expect((await pollResult(app, created.order_id)).result).toBe(OrderResult.failed);
  });

  it('answers 23001 for an unknown order', async () => {
    expect((await callInject(app, 'getOrderInfo', { order_id: 'PO-nope' })).result).toBe(
      ServerCode.orderNotFound,
    );
    expect((await callInject(app, 'getPayError', { order_id: 'PO-nope', source: 1 })).result).toBe(
      ServerCode.orderNotFound,
    );
  });

  it('expires an undecided order after its payment window @spec:code.23002', async () => {
    const created = await adyenOrder(app, CardNumber.visaChallenge, nextRid());
    await app.inject({
      method: 'POST',
      headers: CONTROL,
      url: '/__mock/clock',
      payload: { advanceMs: 31 * 60 * 1000 },
    });
    const late = await callInject(app, 'submitAuthenticationResult', {
      order_id: created.order_id,
      platform_data: { threeDSResult: 'threeds_mock_late' },
    });
    expect(late.result).toBe(ServerCode.orderExpired);
    expect((await pollResult(app, created.order_id)).result).toBe(OrderResult.failed);
    await app.inject({
      method: 'POST',
      headers: CONTROL,
      url: '/__mock/clock',
      payload: { set: NOW.toISOString() },
    });
  });
});

describe('the journal after every flow above', () => {
  it('holds no card number and no security code', async () => {
    const res = await app.inject({ method: 'GET', headers: CONTROL, url: '/__mock/journal' });
    const entries: unknown[] = res.json().data.entries;
    expect(entries.length).toBeGreaterThan(tokenisable.length);
    for (const entry of entries) {
      const text = JSON.stringify(entry);
      for (const card of testCards) expect(text).not.toContain(card.number);
      const values = stringsOf(entry);
      for (const cvv of [CVV, AMEX_CVV, SAVED_CVV]) expect(values).not.toContain(cvv);
    }
  });
});
