import { CardNumber, CHALLENGE_PASSWORD, FailDetail, OrderResult, ServerCode } from '@topup/contracts';
import { CheckoutErrorSchema, SIMULATOR_PATHS, SimulatorPath } from '@topup/contracts/simulators';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { CONTROL, callInject, okData } from './support/inject';
import {
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
  NOW,
  pathOf,
  payError,
  pollResult,
  stringsOf,
  tokenise,
} from './support/payments';

let app: FastifyInstance;
let rid = 0;
const nextRid = () => `rid-providers-${++rid}`;

beforeAll(async () => {
  app = await buildApp({ now: NOW });
});
afterAll(() => app.close());

const tokenRequest = (overrides: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: SimulatorPath.checkoutTokens,
    payload: {
      type: 'card',
      number: CardNumber.visaApproved,
      expiry_month: 12,
      expiry_year: 2029,
      cvv: CVV,
      ...overrides,
    },
  });

describe('the Checkout.com-style tokeniser', () => {
  it('answers the token and the public card fields, never the number, and is not cached', async () => {
    const res = await tokenRequest({ name: 'ريم' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({
      type: 'card',
      bin: '424242',
      last4: '4242',
      scheme: 'visa',
      issuer_country: 'SA',
      expiry_month: 12,
      expiry_year: 2029,
      name: 'ريم',
    });
    expect(res.body).not.toContain(CardNumber.visaApproved);
    expect(stringsOf(res.json())).not.toContain(CVV);
  });

  it.each([
    [{ number: CardNumber.luhnInvalid }, 'card_number_invalid'],
    [{ number: '4242 4242' }, 'card_number_invalid'],
    [{ expiry_month: 13 }, 'card_expiry_month_invalid'],
    [{ expiry_month: 10, expiry_year: 2026 }, 'card_expired'],
    [{ cvv: '12' }, 'cvv_invalid'],
    [{ cvv: 'abc' }, 'cvv_invalid'],
  ])('refuses %j with 422 %s', async (overrides, code) => {
    const res = await tokenRequest(overrides);
    expect(res.statusCode).toBe(422);
    const body = CheckoutErrorSchema.parse(res.json());
    expect(body.error_codes).toContain(code);
    expect(res.body).not.toContain('number' in overrides ? overrides.number : CardNumber.visaApproved);
  });

  it('takes the current month as still valid, and a two-digit year as 20YY', async () => {
    expect((await tokenRequest({ expiry_month: 11, expiry_year: 26 })).statusCode).toBe(200);
  });

  it('accepts spaces in the number, as people type it', async () => {
    expect((await tokenRequest({ number: '4242 4242 4242 4242' })).json().last4).toBe('4242');
  });

  it.each(['123', '1234'])('tokenises a CVV of %s for a saved card @spec:rule.cvv', async (cvv) => {
    const res = await app.inject({ method: 'POST', url: SimulatorPath.checkoutCvv, payload: { cvv } });
    expect(res.json().token).toMatch(/^cvv_/);
  });

  // SPEC §5: a CVV is 3 to 4 digits.
  it.each(['1', '12', '12345', '12a', ' 123'])(
    'refuses a saved card’s CVV %j with 422 cvv_invalid @spec:rule.cvv',
    async (cvv) => {
      const res = await app.inject({ method: 'POST', url: SimulatorPath.checkoutCvv, payload: { cvv } });
      expect(res.statusCode).toBe(422);
      expect(CheckoutErrorSchema.parse(res.json()).error_codes).toContain('cvv_invalid');
    },
  );
});

describe('the Adyen-style card encryption', () => {
  it('refuses Amex (scheme-not-accepted): provider 17 takes Visa and Mastercard only @spec:rule.schemes', async () => {
    const res = await encrypt(app, CardNumber.amex, '1234');
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ errorCode: 'scheme-not-accepted', message: expect.any(String) });
  });

  it('answers opaque fields and the brand', async () => {
    const res = await encrypt(app, CardNumber.mastercardApproved);
    expect(res.card).toMatchObject({ brand: 'mc', bin: '555555', last4: '4444' });
    expect(res.card?.encryptedCardNumber).toMatch(/^adyenjs_mock_/);
  });

  it('refuses fields that do not belong together', async () => {
    const a = (await encrypt(app, CardNumber.visaApproved)).card;
    const b = (await encrypt(app, CardNumber.visaApproved)).card;
    if (a === undefined || b === undefined) throw new Error('not encrypted');
    const mixed = adyenPlatformData({ ...a, encryptedSecurityCode: b.encryptedSecurityCode });
    const answer = await createCoin(app, coinOrder({ pay_type: 27, platform_data: mixed }), nextRid());
    expect(answer.result).toBe(ServerCode.invalidParam);
  });

  it('refuses an unknown fingerprint token', async () => {
    const res = await app.inject({
      method: 'POST',
      url: SimulatorPath.adyenFingerprint,
      payload: { token: 'x' },
    });
    expect(res.statusCode).toBe(422);
  });
});

describe('the simulator pages', () => {
  async function challengeUrl(): Promise<string> {
    const created = await adyenOrder(app, CardNumber.visaChallenge, nextRid());
    return created.platform_data.action?.url ?? '';
  }

  it('serves the challenge page self-contained, Arabic, right-to-left, with a labelled password field', async () => {
    const res = await app.inject({ method: 'GET', url: pathOf(await challengeUrl()) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).toContain('<html lang="ar" dir="rtl">');
    expect(res.body).toMatch(/<label for="password">/);
    expect(res.body).toMatch(/<input id="password" name="password" type="password"/);
    // No external resources: nothing loads from another host.
    expect(res.body).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(res.body).not.toContain('<link');
  });

  it('posts its result only to the app origin', async () => {
    const url = await challengeUrl();
    const query = new URL(url).searchParams;
    const res = await app.inject({
      method: 'POST',
      url: SimulatorPath.adyenChallenge,
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost:8080' },
      payload: new URLSearchParams({
        order_id: query.get('order_id') ?? '',
        token: query.get('token') ?? '',
        password: 'password',
      }).toString(),
    });
    expect(res.body).toContain('"type":"topup:3ds"');
    expect(res.body).toContain('"transStatus":"Y"');
    expect(res.body).toMatch(/o="http:\/\/localhost(:80)?"/);
    expect(res.body).toContain('postMessage(m,o)');
    expect(res.body).toContain('/recharge-list?zp_show=1');
  });

  it('refuses a challenge link with a wrong token, and escapes what it echoes', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `${SimulatorPath.adyenChallenge}?order_id=${encodeURIComponent('<script>x</script>')}&token=t`,
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<script>x');
  });

  it.each([
    ['pay', OrderResult.success, ''],
    ['fail', OrderResult.failed, FailDetail.default],
    ['cancel', OrderResult.failed, FailDetail.userCancel],
  ] as const)('the hosted page: %s', async (decision, result, detail) => {
    const created = await createdOrder(app, coinOrder({ pay_type: 28 }), nextRid());
    expect(created.url).toContain(SimulatorPath.hostedPay);
    const page = await app.inject({ method: 'GET', url: pathOf(created.url) });
    expect(page.body).toContain('data-testid="hosted-pay"');
    const back = await decide(app, SimulatorPath.hostedPay, created.order_id, decision);
    expect(back.pathname).toBe('/recharge-list');
    expect(Object.fromEntries(back.searchParams)).toEqual({
      zp_show: '1',
      zp_orderid: created.order_id,
      zp_h5deviceid: DEVICE,
      zp_pay_sub_type: '28',
    });
    expect((await pollResult(app, created.order_id)).result).toBe(result);
    expect((await payError(app, created.order_id)).fail_detail).toBe(detail);
  });

  it('a cancelled order cannot be paid afterwards: not on its hosted page, not by its 3-D Secure challenge', async () => {
    const hosted = await createdOrder(app, coinOrder({ pay_type: 29 }), nextRid());
    const cancel = (orderId: string) =>
      callInject(app, 'clickCancel', { app_order: orderId, reason: 'pay again' });
    expect(okData('clickCancel', await cancel(hosted.order_id)).cancelled).toBe(true);
    await decide(app, SimulatorPath.hostedPay, hosted.order_id, 'pay');
    expect((await pollResult(app, hosted.order_id)).result).toBe(OrderResult.failed);
    expect((await payError(app, hosted.order_id)).fail_detail).toBe(FailDetail.userCancel);

    const challenged = await adyenOrder(app, CardNumber.visaChallenge, nextRid());
    const action = challenged.platform_data.action?.url ?? '';
    expect(okData('clickCancel', await cancel(challenged.order_id)).cancelled).toBe(true);
    const { threeDSResult } = await answerChallenge(app, action, CHALLENGE_PASSWORD);
    await callInject(app, 'submitAuthenticationResult', {
      order_id: challenged.order_id,
      platform_data: { threeDSResult },
    });
    expect((await pollResult(app, challenged.order_id)).result).toBe(OrderResult.failed);
    expect((await payError(app, challenged.order_id)).fail_detail).toBe(FailDetail.userCancel);
  });

  it('answers 404 pages for unknown orders', async () => {
    for (const path of [SimulatorPath.hostedPay, SimulatorPath.adyenIssuer]) {
      const res = await app.inject({ method: 'GET', url: `${path}?order_id=PO-nope` });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('dir="rtl"');
    }
  });

  it('lists every simulator path under /__provider/', () => {
    expect(SIMULATOR_PATHS.every((path) => path.startsWith('/__provider/'))).toBe(true);
  });
});

describe('a reset of the world', () => {
  it('forgets every token', async () => {
    const token = (await tokenise(app, CardNumber.visaApproved)).token?.token ?? '';
    await app.inject({ method: 'POST', headers: CONTROL, url: '/__mock/reset', payload: {} });
    const answer = await callInject(app, 'createCoinPay', coinOrder({ token }), { 'x-cli-rid': nextRid() });
    expect(answer.result).toBe(ServerCode.invalidParam);
  });
});
