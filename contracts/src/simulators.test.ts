import { describe, expect, it } from 'vitest';
import {
  AdyenEncryptedCardSchema,
  CheckoutTokenRequestSchema,
  CheckoutTokenSchema,
  decodeMerchantSession,
  isSimulatorPath,
  PaymentReturnQuerySchema,
  SIMULATOR_PATHS,
  ThreeDsMessageSchema,
} from './simulators';

describe('provider simulator contracts', () => {
  it('keeps every simulator path under /__provider/', () => {
    expect(SIMULATOR_PATHS.length).toBeGreaterThan(0);
    for (const path of SIMULATOR_PATHS) expect(isSimulatorPath(path)).toBe(true);
    expect(isSimulatorPath('/api/order/create_coin_pay/')).toBe(false);
    expect(isSimulatorPath('/__providerx/a')).toBe(false);
  });

  it('accepts expiry as numbers or digits, as the SDKs send either', () => {
    const base = { type: 'card', number: '4242424242424242', cvv: '100' } as const;
    expect(
      CheckoutTokenRequestSchema.safeParse({ ...base, expiry_month: 12, expiry_year: 2030 }).success,
    ).toBe(true);
    expect(
      CheckoutTokenRequestSchema.safeParse({ ...base, expiry_month: '12', expiry_year: '30' }).success,
    ).toBe(true);
    expect(
      CheckoutTokenRequestSchema.safeParse({ ...base, expiry_month: 'December', expiry_year: 30 }).success,
    ).toBe(false);
  });

  it('has token answers that cannot carry a card number', () => {
    const token = {
      type: 'card',
      token: 'tok_1',
      bin: '424242',
      last4: '4242',
      scheme: 'visa',
      issuer: 'Mock Bank',
      issuer_country: 'SA',
      expiry_month: 12,
      expiry_year: 2030,
      name: 'Reem',
      number: '4242424242424242',
    };
    const parsed = CheckoutTokenSchema.parse(token);
    expect(Object.keys(parsed)).not.toContain('number');
    expect(
      AdyenEncryptedCardSchema.safeParse({
        encryptedCardNumber: '4242424242424242',
        encryptedExpiryMonth: 'adyenjs_mock_b',
        encryptedExpiryYear: 'adyenjs_mock_c',
        encryptedSecurityCode: 'adyenjs_mock_d',
        brand: 'visa',
        bin: '424242',
        last4: '4242',
      }).success,
    ).toBe(false);
  });

  it('decodes a merchant session from base64 JSON, and refuses anything else', () => {
    const session = {
      merchantSessionIdentifier: 'ms_1',
      merchantIdentifier: 'merchant.mock',
      domainName: 'localhost',
      displayName: 'متجر',
      epochTimestamp: 1,
      expiresAt: 2,
      nonce: 'n',
      signature: 's',
      operationalAnalyticsIdentifier: 'o',
      retries: 0,
      pspId: 'p',
    };
    const encoded = Buffer.from(JSON.stringify(session), 'utf8').toString('base64');
    expect(decodeMerchantSession(encoded)).toEqual(session);
    expect(decodeMerchantSession('not base64!')).toBeUndefined();
    expect(decodeMerchantSession(Buffer.from('{}').toString('base64'))).toBeUndefined();
  });

  it('describes the return query and the challenge message', () => {
    expect(
      PaymentReturnQuerySchema.safeParse({ zp_show: '1', zp_orderid: 'o1', zp_pay_sub_type: '27' }).success,
    ).toBe(true);
    expect(
      ThreeDsMessageSchema.safeParse({
        type: 'topup:3ds',
        order_id: 'o',
        transStatus: 'Y',
        threeDSResult: 't',
      }).success,
    ).toBe(true);
  });
});
