import type { OrderCreated } from '@topup/contracts';
import { SAVED_CARD_SECURITY_CODE } from '@topup/contracts';
import {
  type AdyenEncryptedCard,
  AdyenEncryptedCardSchema,
  type CheckoutToken,
  CheckoutTokenSchema,
  SimulatorPath,
} from '@topup/contracts/simulators';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { DEFAULT_PAYMENT_LIMITS, type PaymentLimits } from '../../src/world/paymentGuard';
import { callInject, okData, type ParamsOf, TEST_DEVICE } from './inject';

/** Payment helpers for the order, provider, wallet and fine tests: tokenise, create, follow the pages. */

export const NOW = new Date('2026-11-21T09:00:00Z');
export const DEVICE = TEST_DEVICE;
/** Security codes the tests type; distinct, so a scan can look for them as whole values. */
export const CVV = '947';
export const AMEX_CVV = '5831';
/** The security code the issuer holds for the seeded saved cards of 10000001. */
export const SAVED_CVV = SAVED_CARD_SECURITY_CODE;
/** Another valid code: wrong for those cards. */
export const WRONG_SAVED_CVV = '318';

/** TESTDATA: the session of 10000001 (uid 1001), who has saved cards. */
export const REEM_SESSION = 'sk-10000001';

export const FUTURE = { month: 12, year: 2029 } as const;

export type CoinOrderParams = ParamsOf<'createCoinPay'>;

export function coinOrder(overrides: Partial<CoinOrderParams> = {}): CoinOrderParams {
  return {
    recharge_id: 'rc_499',
    uid: 1002,
    pay_type: 23,
    source: 1,
    ext: { h5_deviceid: DEVICE },
    kind: 'normal',
    ...overrides,
  };
}

export async function tokenise(
  app: FastifyInstance,
  number: string,
  cvv = CVV,
): Promise<{ status: number; token?: CheckoutToken; body: unknown }> {
  const res = await app.inject({
    method: 'POST',
    url: SimulatorPath.checkoutTokens,
    payload: {
      type: 'card',
      number,
      expiry_month: FUTURE.month,
      expiry_year: FUTURE.year,
      cvv,
      name: 'Reem',
    },
  });
  const body: unknown = res.json();
  if (res.statusCode !== 200) return { status: res.statusCode, body };
  return { status: res.statusCode, token: CheckoutTokenSchema.parse(body), body };
}

export async function encrypt(
  app: FastifyInstance,
  number: string,
  cvc = CVV,
): Promise<{ status: number; card?: AdyenEncryptedCard; body: unknown }> {
  const res = await app.inject({
    method: 'POST',
    url: SimulatorPath.adyenEncrypt,
    payload: {
      number,
      expiryMonth: String(FUTURE.month).padStart(2, '0'),
      expiryYear: String(FUTURE.year),
      cvc,
      holderName: 'Reem',
    },
  });
  const body: unknown = res.json();
  if (res.statusCode !== 200) return { status: res.statusCode, body };
  return { status: res.statusCode, card: AdyenEncryptedCardSchema.parse(body), body };
}

export async function createCoin(
  app: FastifyInstance,
  params: CoinOrderParams,
  requestId: string,
  headers: Record<string, string> = {},
) {
  return callInject(app, 'createCoinPay', params, { 'x-cli-rid': requestId, ...headers });
}

export async function createdOrder(
  app: FastifyInstance,
  params: CoinOrderParams,
  requestId: string,
  headers: Record<string, string> = {},
): Promise<OrderCreated> {
  return okData('createCoinPay', await createCoin(app, params, requestId, headers));
}

export function adyenPlatformData(card: AdyenEncryptedCard): Record<string, unknown> {
  const { encryptedCardNumber, encryptedExpiryMonth, encryptedExpiryYear, encryptedSecurityCode } = card;
  return {
    paymentMethod: {
      type: 'scheme',
      encryptedCardNumber,
      encryptedExpiryMonth,
      encryptedExpiryYear,
      encryptedSecurityCode,
      holderName: 'Reem',
    },
  };
}

/** Encrypts a card with the Adyen-style simulator and creates a provider 17 (pay type 27) order with it. */
export async function adyenOrder(
  app: FastifyInstance,
  number: string,
  requestId: string,
): Promise<OrderCreated> {
  const fields = (await encrypt(app, number)).card;
  if (fields === undefined) throw new Error('not encrypted');
  return createdOrder(app, coinOrder({ pay_type: 27, platform_data: adyenPlatformData(fields) }), requestId);
}

/** The path and query of an absolute URL the server answered, for app.inject. */
export function pathOf(url: string): string {
  const parsed = new URL(url, 'http://localhost');
  return `${parsed.pathname}${parsed.search}`;
}

/** Submits the challenge page's form and reads the threeDSResult the page posts to the app. */
export async function answerChallenge(
  app: FastifyInstance,
  actionUrl: string,
  password: string,
): Promise<{ threeDSResult: string; transStatus: string; html: string }> {
  const page = await app.inject({ method: 'GET', url: pathOf(actionUrl) });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('type="password"');
  const query = new URL(actionUrl, 'http://localhost').searchParams;
  const res = await app.inject({
    method: 'POST',
    url: SimulatorPath.adyenChallenge,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      order_id: query.get('order_id') ?? '',
      token: query.get('token') ?? '',
      password,
    }).toString(),
  });
  expect(res.statusCode).toBe(200);
  const result = /"threeDSResult":"([^"]+)"/.exec(res.body)?.[1];
  const status = /"transStatus":"([YN])"/.exec(res.body)?.[1];
  if (result === undefined || status === undefined) throw new Error('the challenge page posted no result');
  return { threeDSResult: result, transStatus: status, html: res.body };
}

/** Posts a decision on a page's form and answers where it sends the visitor (303 Location). */
export async function decide(app: FastifyInstance, path: string, orderId: string, decision: string) {
  const res = await app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ order_id: orderId, decision }).toString(),
  });
  expect(res.statusCode).toBe(303);
  return new URL(String(res.headers.location));
}

export async function pollResult(app: FastifyInstance, orderId: string, extra: Record<string, string> = {}) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/web/pay_result_by_order_fast/?${new URLSearchParams({ zp_orderid: orderId, zp_h5deviceid: DEVICE, ...extra })}`,
    headers: { 'x-device-token': DEVICE },
  });
  const body = res.json() as { result: number; message: string; data?: unknown };
  return okData('payResultByOrderFast', {
    statusCode: res.statusCode,
    result: body.result,
    message: body.message,
    data: body.data ?? null,
  });
}

export async function payError(app: FastifyInstance, orderId: string) {
  return okData('getPayError', await callInject(app, 'getPayError', { order_id: orderId, source: 1 }));
}

/** Every string value anywhere in a JSON value. */
export function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, v]) => [key, ...stringsOf(v)]);
  }
  return [];
}

/**
 * Velocity limits lifted, for suites that make every TESTDATA order in one world at one frozen instant (a
 * person never pays 60 times in a second). The security code lock stays: it is about the card, not the rate.
 */
export const LIFTED_PAYMENT_LIMITS: PaymentLimits = {
  ...DEFAULT_PAYMENT_LIMITS,
  account: { max: 100_000, windowMs: 60_000 },
  device: { max: 100_000, windowMs: 60_000 },
  card: { max: 100_000, windowMs: 60_000 },
  address: { max: 100_000, windowMs: 60_000 },
};
