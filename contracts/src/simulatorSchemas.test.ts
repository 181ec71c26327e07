import { describe, expect, it } from 'vitest';
import * as simulators from './simulators';

type SchemaName = {
  [K in keyof typeof simulators]: (typeof simulators)[K] extends { safeParse: (v: unknown) => unknown }
    ? K
    : never;
}[keyof typeof simulators];

const schemas: Pick<typeof simulators, SchemaName> = simulators;

/** Each schema, with a value it accepts and one it refuses. */
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

describe('the simulators schemas', () => {
  it.each(cases)('%s accepts a valid value and refuses another', (name, good, bad) => {
    expect(schemas[name].safeParse(good).success).toBe(true);
    expect(schemas[name].safeParse(bad).success).toBe(false);
  });

  it('every schema simulators.ts exports is covered above', () => {
    const schemas = Object.keys(simulators).filter((key) => key.endsWith('Schema'));
    expect(schemas.sort()).toEqual(cases.map(([name]) => name).sort());
  });
});
