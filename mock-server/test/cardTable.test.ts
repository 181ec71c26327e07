import {
  type CardAppOutcome,
  OrderResult,
  outcomeOfFailure,
  type TestCard,
  testCards,
} from '@topup/contracts';
import { SimulatorPath } from '@topup/contracts/simulators';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { callInject, okData } from './support/inject';
import {
  AMEX_CVV,
  adyenPlatformData,
  answerChallenge,
  CVV,
  coinOrder,
  createdOrder,
  DEVICE,
  decide,
  encrypt,
  LIFTED_PAYMENT_LIMITS,
  NOW,
  pathOf,
  payError,
  pollResult,
  tokenise,
} from './support/payments';

/**
 * Every TESTDATA card row gives its outcome through every provider that accepts the
 * card, walked as a shopper would (3-D Secure pages included), and judged by the app's own outcome rules.
 */

type Provider = 13 | 17;
const WRONG_PASSWORD = 'not-the-password';

let app: FastifyInstance;
let rid = 0;
const nextRid = () => `rid-table-${++rid}`;

beforeAll(async () => {
  app = await buildApp({ now: NOW, paymentLimits: LIFTED_PAYMENT_LIMITS });
});
afterAll(() => app.close());

/** Provider 13's 3-D Secure page: answered with the password (challenge) or approved, back to the return URL. */
async function throughCheckoutThreeDs(url: string, password: string): Promise<URL> {
  const page = await app.inject({ method: 'GET', url: pathOf(url) });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('dir="rtl"');
  const query = new URL(url).searchParams;
  const res = await app.inject({
    method: 'POST',
    url: SimulatorPath.checkoutThreeDs,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      order_id: query.get('order_id') ?? '',
      token: query.get('token') ?? '',
      password,
      decision: 'approve',
    }).toString(),
  });
  expect(res.statusCode).toBe(303);
  return new URL(String(res.headers.location));
}

/** Pays with a card through a provider, doing what the shopper is asked to, and answers the app's outcome. */
async function pay(provider: Provider, card: TestCard, password: string): Promise<CardAppOutcome> {
  const cvv = card.scheme === 'amex' ? AMEX_CVV : CVV;
  let orderId: string;
  if (provider === 13) {
    const token = (await tokenise(app, card.number, cvv)).token;
    if (token === undefined) throw new Error('not tokenised');
    const created = await createdOrder(app, coinOrder({ pay_type: 23, token: token.token }), nextRid());
    orderId = created.order_id;
    if (created.platform_data.status === 'redirect') {
      const back = await throughCheckoutThreeDs(created.url, password);
      expect(back.pathname).toBe('/recharge-list');
      expect(back.searchParams.get('zp_orderid')).toBe(orderId);
      expect(back.searchParams.get('zp_pay_sub_type')).toBe('23');
    } else {
      expect(['paid', 'failed']).toContain(created.platform_data.status);
    }
  } else {
    const fields = (await encrypt(app, card.number, cvv)).card;
    if (fields === undefined) throw new Error('not encrypted');
    const created = await createdOrder(
      app,
      coinOrder({ pay_type: 27, platform_data: adyenPlatformData(fields) }),
      nextRid(),
    );
    orderId = created.order_id;
    const action = created.platform_data.action;
    if (created.platform_data.resultCode === 'ChallengeShopper') {
      const { threeDSResult } = await answerChallenge(app, action?.url ?? '', password);
      await callInject(app, 'submitAuthenticationResult', {
        order_id: orderId,
        platform_data: { threeDSResult },
      });
    } else if (created.platform_data.resultCode === 'IdentifyShopper') {
      const res = await app.inject({
        method: 'POST',
        url: SimulatorPath.adyenFingerprint,
        payload: { token: action?.token },
      });
      const threeDSResult = String(res.json().threeDSResult);
      await callInject(app, 'submitAuthenticationResult', {
        order_id: orderId,
        platform_data: { threeDSResult },
      });
    } else if (created.platform_data.resultCode === 'RedirectShopper') {
      const back = await decide(app, SimulatorPath.adyenIssuer, orderId, 'approve');
      const redirectResult = back.searchParams.get('redirectResult') ?? '';
      await callInject(app, 'submitPaymentToken', { order_id: orderId, platform_data: { redirectResult } });
    }
  }
  const poll = await pollResult(app, orderId);
  expect(poll.result).not.toBe(OrderResult.pending);
  if (poll.result === OrderResult.success) return 'success';
  const error = await payError(app, orderId);
  return outcomeOfFailure({ errCode: error.err_code, failDetail: error.fail_detail }) as CardAppOutcome;
}

function expectedOutcome(card: TestCard): CardAppOutcome | undefined {
  switch (card.behaviour.kind) {
    case 'invalidNumber':
      return undefined;
    case 'declined':
      return card.behaviour.decline.outcome;
    default:
      return card.behaviour.outcome;
  }
}

const rows = testCards.flatMap((card) => {
  const expected = expectedOutcome(card);
  if (expected === undefined) return [];
  const providers: Provider[] = card.provider17_accepts ? [13, 17] : [13];
  return providers.map((provider) => [card.number, provider, expected, card] as const);
});

describe('TESTDATA card rows through every provider that accepts the card', () => {
  it('covers every row that a provider accepts, and both providers', () => {
    expect(rows.length).toBeGreaterThan(testCards.length);
    expect(new Set(rows.map(([, provider]) => provider))).toEqual(new Set([13, 17]));
  });

  it.each(rows)('%s through provider %i ends in %s', async (_number, provider, expected, card) => {
    const password = card.behaviour.kind === 'challenge' ? card.behaviour.challenge.password : '';
    expect(await pay(provider, card, password)).toBe(expected);
  });

  const challenges = rows.filter(([, , , card]) => card.behaviour.kind === 'challenge');
  it.each(challenges)('%s through provider %i fails a wrong challenge password as verify', async (...row) => {
    const card = row[3];
    if (card.behaviour.kind !== 'challenge') throw new Error('not a challenge row');
    expect(await pay(row[1], card, WRONG_PASSWORD)).toBe(card.behaviour.challenge.wrong_password.outcome);
    const orderId = await lastOrderOnDevice();
    expect((await payError(app, orderId)).fail_detail).toBe(
      card.behaviour.challenge.wrong_password.fail_detail,
    );
  });
});

/** The order the last payment made on the test device: its journal entry names it. */
async function lastOrderOnDevice(): Promise<string> {
  const res = await app.inject({
    method: 'GET',
    url: '/__mock/journal?call=payResultByOrderFast&limit=1',
    headers: { 'x-topup-control': '1' },
  });
  const entry = res.json().data.entries[0] as { params: { zp_orderid: string; zp_h5deviceid: string } };
  expect(entry.params.zp_h5deviceid).toBe(DEVICE);
  return entry.params.zp_orderid;
}

describe("provider 13's 3-D Secure page", () => {
  it('is refused for a wrong token and after it has been answered', async () => {
    const challenge = testCards.find((card) => card.behaviour.kind === 'challenge');
    if (challenge === undefined) throw new Error('no challenge row');
    const token = (await tokenise(app, challenge.number, CVV)).token;
    const created = await createdOrder(
      app,
      coinOrder({ pay_type: 23, token: token?.token ?? '' }),
      nextRid(),
    );
    expect(created.platform_data.status).toBe('redirect');
    const url = new URL(created.url);
    url.searchParams.set('token', 'forged');
    expect((await app.inject({ method: 'GET', url: pathOf(url.toString()) })).statusCode).toBe(404);
    await throughCheckoutThreeDs(created.url, 'password');
    expect((await app.inject({ method: 'GET', url: pathOf(created.url) })).statusCode).toBe(404);
    expect(
      okData('getPayError', await callInject(app, 'getPayError', { order_id: created.order_id, source: 1 }))
        .fail_detail,
    ).toBe('');
  });
});
