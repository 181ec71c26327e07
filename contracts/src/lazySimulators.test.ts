import { describe, expect, it, vi } from 'vitest';

/**
 * Loading the simulators' lazy module builds none of their schemas (issue 16: the web app's wallet and mock
 * provider code load it on the pay step); each is built on its first use, once, and simulators.ts exports
 * that same object built.
 */
const seen = vi.hoisted(() => ({ builds: 0 }));

vi.mock('./lazy', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./lazy')>();
  return {
    ...actual,
    once: (<T>(build: () => T) =>
      actual.once(() => {
        seen.builds += 1;
        return build();
      })) as typeof actual.once,
  };
});

type Lazy = typeof import('./lazySimulators');
type SchemaName = {
  [K in keyof Lazy]: Lazy[K] extends () => { safeParse: (v: unknown) => unknown } ? K : never;
}[keyof Lazy];

/** Each schema, with a value it accepts and one it refuses (the same answers as before they were lazy). */
const cases: readonly [SchemaName, unknown, unknown][] = [
  [
    'CheckoutTokenRequestSchema',
    { type: 'card', number: '4242', expiry_month: '12', expiry_year: 2030, cvv: '1' },
    { type: 'card', number: '', expiry_month: 1, expiry_year: 2030, cvv: '1' },
  ],
  ['SimulatedSchemeSchema', 'visa', 'discover'],
  [
    'CheckoutTokenSchema',
    {
      type: 'card',
      token: 'tok_1',
      bin: '424242',
      last4: '4242',
      scheme: 'visa',
      issuer: 'x',
      issuer_country: 'SA',
      expiry_month: 12,
      expiry_year: 2030,
      name: '',
    },
    {
      type: 'card',
      token: 'tok_1',
      bin: '424242',
      last4: '4242',
      scheme: 'discover',
      issuer: 'x',
      issuer_country: 'SA',
      expiry_month: 12,
      expiry_year: 2030,
      name: '',
    },
  ],
  [
    'CheckoutErrorSchema',
    { request_id: 'r', error_type: 'request_invalid', error_codes: ['cvv_invalid'] },
    { request_id: 'r', error_type: 'request_invalid', error_codes: [] },
  ],
  ['CheckoutCvvRequestSchema', { cvv: '123' }, { cvv: '' }],
  ['CheckoutCvvTokenSchema', { type: 'cvv', token: 'cvv_1' }, { type: 'cvv', token: 'tok_1' }],
  [
    'AdyenEncryptRequestSchema',
    { number: '4111', expiryMonth: 3, expiryYear: '2030', cvc: '737', holderName: '' },
    { number: '4111', expiryMonth: 'x', expiryYear: '2030', cvc: '737', holderName: '' },
  ],
  [
    'AdyenEncryptedCardSchema',
    {
      encryptedCardNumber: 'adyenjs_mock_a',
      encryptedExpiryMonth: 'adyenjs_mock_b',
      encryptedExpiryYear: 'adyenjs_mock_c',
      encryptedSecurityCode: 'adyenjs_mock_d',
      brand: 'mc',
      bin: '555555',
      last4: '4444',
    },
    {
      encryptedCardNumber: '4111111111111111',
      encryptedExpiryMonth: 'adyenjs_mock_b',
      encryptedExpiryYear: 'adyenjs_mock_c',
      encryptedSecurityCode: 'adyenjs_mock_d',
      brand: 'mc',
      bin: '555555',
      last4: '4444',
    },
  ],
  ['AdyenEncryptCvcRequestSchema', { cvc: '737' }, { cvc: '' }],
  ['AdyenEncryptedCvcSchema', { encryptedSecurityCode: 'adyenjs_mock_x' }, { encryptedSecurityCode: '737' }],
  ['AdyenErrorSchema', { errorCode: 'invalid-cvc', message: 'm' }, { errorCode: 1, message: 'm' }],
  [
    'AdyenPaymentMethodSchema',
    { type: 'scheme', encryptedSecurityCode: 'adyenjs_mock_x' },
    { type: 'scheme', encryptedSecurityCode: '737' },
  ],
  [
    'AdyenOrderPlatformDataSchema',
    { paymentMethod: { type: 'scheme' } },
    { paymentMethod: { type: 'card' } },
  ],
  ['AdyenFingerprintRequestSchema', { token: 't' }, { token: '' }],
  ['AdyenThreeDsResultSchema', { threeDSResult: 'threeds_mock_1' }, { threeDSResult: 'x' }],
  ['ThreeDsSubmissionSchema', { threeDSResult: 'threeds_mock_1' }, {}],
  ['RedirectSubmissionSchema', { redirectResult: 'r' }, { redirectResult: '' }],
  ['ChallengePageQuerySchema', { order_id: 'o', token: 't' }, { order_id: '', token: 't' }],
  [
    'ThreeDsMessageSchema',
    { type: 'topup:3ds', order_id: 'o', transStatus: 'Y', threeDSResult: 'r' },
    { type: 'topup:3ds', order_id: 'o', transStatus: 'U', threeDSResult: 'r' },
  ],
  ['PageOrderQuerySchema', { order_id: 'o' }, { order_id: 'o'.repeat(65) }],
  ['IssuerDecisionSchema', 'approve', 'maybe'],
  ['HostedPayDecisionSchema', 'cancel', 'approve'],
  [
    'PaymentReturnQuerySchema',
    { zp_show: '1', zp_orderid: 'o', zp_pay_sub_type: '23' },
    { zp_show: '1', zp_orderid: 'o', zp_pay_sub_type: 'x' },
  ],
  [
    'MerchantSessionSchema',
    {
      merchantSessionIdentifier: 'a',
      merchantIdentifier: 'b',
      domainName: 'c',
      displayName: 'd',
      epochTimestamp: 1,
      expiresAt: 2,
      nonce: 'n',
      signature: 's',
      operationalAnalyticsIdentifier: 'o',
      retries: 0,
      pspId: 'p',
    },
    { merchantSessionIdentifier: 'a' },
  ],
];

describe('the simulators schemas, built on first use', () => {
  it('loading lazySimulators builds none', async () => {
    await import('./lazySimulators');
    expect(seen.builds).toBe(0);
  });

  it.each(cases)(
    '%s: built on first use, the same object after, and the one simulators.ts exports',
    async (name, good, bad) => {
      const lazy = await import('./lazySimulators');
      const schema = lazy[name]();
      expect(lazy[name]()).toBe(schema);
      expect(schema.safeParse(good).success).toBe(true);
      expect(schema.safeParse(bad).success).toBe(false);
      const builtModule = await import('./simulators');
      expect(builtModule[name]).toBe(schema);
    },
  );

  it('every schema simulators.ts exports is covered above', async () => {
    const builtModule: Record<string, unknown> = await import('./simulators');
    const schemas = Object.keys(builtModule).filter((key) => key.endsWith('Schema'));
    expect(schemas.sort()).toEqual(cases.map(([name]) => name).sort());
  });
});
