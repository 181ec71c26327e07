import { z } from 'zod/mini';

/**
 * Simulators of provider surfaces, not the real backend: their constants and schemas.
 *
 * The mock server stands in for what the real provider SDKs reach (Checkout.com's card tokeniser, Adyen's
 * card encryption, 3DS2 challenge and issuer pages, redirect providers' hosted pages). These are not calls of
 * the backend, so they are not in the registry and answer in each provider's own un-enveloped shape. The web
 * app's mock adapters and the e2e tests use them; a card number or CVV reaches only the tokenisers here and is
 * never stored or logged: a token maps, in memory, to the card's bin, last4, scheme and catalogue outcome.
 */

/** Every simulator surface lives under this prefix, so the journal, redaction and docs can name them. */
export const PROVIDER_PREFIX = '/__provider';

export const SimulatorPath = {
  /** POST: Checkout.com-style card tokeniser (Frames stand-in). */
  checkoutTokens: '/__provider/checkout/tokens',
  /** POST: CVV tokeniser for a saved card (provider 13); the order carries the cvv_token. */
  checkoutCvv: '/__provider/checkout/cvv',
  /** POST: Adyen-style card encryption (the card component's stand-in). */
  adyenEncrypt: '/__provider/adyen/encrypt',
  /** POST: Adyen-style security code encryption for a stored card (provider 17). */
  adyenEncryptCvc: '/__provider/adyen/encrypt-cvc',
  /** GET: the 3DS2 challenge page (full screen, window size 05); POST: its form. */
  adyenChallenge: '/__provider/adyen/challenge',
  /** POST: the 3DS2 device fingerprint of IdentifyShopper. */
  adyenFingerprint: '/__provider/adyen/fingerprint',
  /** GET: the issuer page of RedirectShopper; POST: its form, which returns to /recharge-list. */
  adyenIssuer: '/__provider/adyen/issuer',
  /**
   * GET: Checkout.com's 3-D Secure page (its `_links.redirect`), where provider 13 sends the shopper for the
   * 3DS rows of the catalogue; POST: its form (the challenge password, or the issuer's decision), which
   * returns to the order's return URL.
   */
  checkoutThreeDs: '/__provider/checkout/3ds',
  /** GET: the hosted payment page of redirect providers and payer_max fines; POST: its form. */
  hostedPay: '/__provider/hosted/pay',
} as const;
export type SimulatorPath = (typeof SimulatorPath)[keyof typeof SimulatorPath];
export const SIMULATOR_PATHS: readonly SimulatorPath[] = Object.values(SimulatorPath);

export function isSimulatorPath(path: string): boolean {
  return path === PROVIDER_PREFIX || path.startsWith(`${PROVIDER_PREFIX}/`);
}

/** Accepts an integer as a JSON number or as digits, as the SDKs send either. */
const digitsOrInt = /* @__PURE__ */ z.union([
  z.int(),
  z.string().check(z.regex(/^\d{1,4}$/, 'expected digits')),
]);

// ---------------------------------------------------------------------------------------------- Checkout.com

/** What the card frame posts. number and cvv are shape-checked here; validity is the tokeniser's 422. */
export const CheckoutTokenRequestSchema = /* @__PURE__ */ z.object({
  type: z.literal('card'),
  number: z.string().check(z.minLength(1), z.maxLength(32)),
  expiry_month: digitsOrInt,
  /** Four digits, or two (taken as 20YY). */
  expiry_year: digitsOrInt,
  cvv: z.string().check(z.minLength(1), z.maxLength(8)),
  name: z.optional(z.string().check(z.maxLength(254))),
});

/** The catalogue's scheme names (lowercase); a real Frames adapter maps Checkout's own names to these. */
export const SimulatedSchemeSchema = /* @__PURE__ */ z.enum(['visa', 'mastercard', 'amex', 'unknown']);

export const CheckoutTokenSchema = /* @__PURE__ */ z.object({
  type: z.literal('card'),
  /** `tok_…`; single use, valid until the mock is reset. */
  token: z.string().check(z.startsWith('tok_')),
  bin: z.string().check(z.regex(/^\d{6}$/)),
  last4: z.string().check(z.regex(/^\d{4}$/)),
  scheme: SimulatedSchemeSchema,
  issuer: z.string(),
  issuer_country: z.string().check(z.length(2)),
  expiry_month: z.int().check(z.gte(1), z.lte(12)),
  expiry_year: z.int(),
  name: z.string(),
});

export const CheckoutErrorCode = {
  numberInvalid: 'card_number_invalid',
  expiryMonthInvalid: 'card_expiry_month_invalid',
  expiryYearInvalid: 'card_expiry_year_invalid',
  expired: 'card_expired',
  cvvInvalid: 'cvv_invalid',
} as const;
export type CheckoutErrorCode = (typeof CheckoutErrorCode)[keyof typeof CheckoutErrorCode];

/** Checkout.com's error body, answered with HTTP 422. */
export const CheckoutErrorSchema = /* @__PURE__ */ z.object({
  request_id: z.string(),
  error_type: z.literal('request_invalid'),
  error_codes: z.array(z.string()).check(z.minLength(1)),
});

export const CheckoutCvvRequestSchema = /* @__PURE__ */ z.object({
  cvv: z.string().check(z.minLength(1), z.maxLength(8)),
});
export const CheckoutCvvTokenSchema = /* @__PURE__ */ z.object({
  type: z.literal('cvv'),
  /** `cvv_…`; the order's cvv_token. Single use. */
  token: z.string().check(z.startsWith('cvv_')),
});

// ----------------------------------------------------------------------------------------------------- Adyen

export const AdyenEncryptRequestSchema = /* @__PURE__ */ z.object({
  number: z.string().check(z.minLength(1), z.maxLength(32)),
  expiryMonth: digitsOrInt,
  expiryYear: digitsOrInt,
  cvc: z.string().check(z.minLength(1), z.maxLength(8)),
  holderName: z.string().check(z.maxLength(254)),
});

/** Opaque `adyenjs_mock_…` strings, standing for Adyen's client-side encrypted fields. */
const encrypted = /* @__PURE__ */ z.string().check(z.startsWith('adyenjs_mock_'));

export const AdyenEncryptedCardSchema = /* @__PURE__ */ z.object({
  encryptedCardNumber: encrypted,
  encryptedExpiryMonth: encrypted,
  encryptedExpiryYear: encrypted,
  encryptedSecurityCode: encrypted,
  brand: z.enum(['visa', 'mc']),
  bin: z.string().check(z.regex(/^\d{6}$/)),
  last4: z.string().check(z.regex(/^\d{4}$/)),
});

export const AdyenEncryptCvcRequestSchema = /* @__PURE__ */ z.object({
  cvc: z.string().check(z.minLength(1), z.maxLength(8)),
});
export const AdyenEncryptedCvcSchema = /* @__PURE__ */ z.object({ encryptedSecurityCode: encrypted });

export const AdyenErrorCode = {
  /** Provider 17 accepts only Visa and Mastercard (SPEC §5). */
  schemeNotAccepted: 'scheme-not-accepted',
  numberInvalid: 'invalid-number',
  expiryInvalid: 'invalid-expiry',
  cvcInvalid: 'invalid-cvc',
} as const;
export type AdyenErrorCode = (typeof AdyenErrorCode)[keyof typeof AdyenErrorCode];

/** Adyen's error body, answered with HTTP 422. */
export const AdyenErrorSchema = /* @__PURE__ */ z.object({ errorCode: z.string(), message: z.string() });

/**
 * The `platform_data` of a provider 17 order (create_coin_pay, create_fine_pay): the encrypted card as the
 * Adyen card component's `state.data.paymentMethod` holds it. A stored card sends only its security code.
 */
export const AdyenPaymentMethodSchema = /* @__PURE__ */ z.object({
  type: z.literal('scheme'),
  encryptedCardNumber: z.optional(encrypted),
  encryptedExpiryMonth: z.optional(encrypted),
  encryptedExpiryYear: z.optional(encrypted),
  encryptedSecurityCode: z.optional(encrypted),
  holderName: z.optional(z.string().check(z.maxLength(254))),
});
export const AdyenOrderPlatformDataSchema = /* @__PURE__ */ z.object({
  paymentMethod: AdyenPaymentMethodSchema,
  browserInfo: z.optional(z.record(z.string(), z.unknown())),
});

/** The fingerprint of IdentifyShopper: the action's token in, the result to submit out. */
export const AdyenFingerprintRequestSchema = /* @__PURE__ */ z.object({
  token: z.string().check(z.minLength(1), z.maxLength(256)),
});
export const AdyenThreeDsResultSchema = /* @__PURE__ */ z.object({
  threeDSResult: z.string().check(z.startsWith('threeds_mock_')),
});

/** submit_authentication_result's platform_data after a challenge or a fingerprint: that result. @alias */
export const ThreeDsSubmissionSchema = AdyenThreeDsResultSchema;
/** submit_payment_token's platform_data after the issuer page (RedirectShopper). */
export const RedirectSubmissionSchema = /* @__PURE__ */ z.object({
  redirectResult: z.string().check(z.minLength(1)),
});

/** The challenge page's query; the app builds it from the action's url (already complete). */
export const ChallengePageQuerySchema = /* @__PURE__ */ z.object({
  order_id: z.string().check(z.minLength(1), z.maxLength(64)),
  token: z.string().check(z.minLength(1), z.maxLength(256)),
});

/** The message the challenge page posts to `window.parent` when submitted (the app shows it in an iframe). */
export const ThreeDsMessageSchema = /* @__PURE__ */ z.object({
  type: z.literal('topup:3ds'),
  order_id: z.string(),
  /** Y authenticated, N not. */
  transStatus: z.enum(['Y', 'N']),
  /** What the app sends back as platform_data.threeDSResult. */
  threeDSResult: z.string(),
});
export const THREE_DS_MESSAGE_TYPE = 'topup:3ds';

/** The issuer page's and the hosted page's query. */
export const PageOrderQuerySchema = /* @__PURE__ */ z.object({
  order_id: z.string().check(z.minLength(1), z.maxLength(64)),
});

export const IssuerDecisionSchema = /* @__PURE__ */ z.enum(['approve', 'decline']);
export const HostedPayDecisionSchema = /* @__PURE__ */ z.enum(['pay', 'fail', 'cancel']);

/**
 * Where the issuer and hosted pages send the visitor back (SPEC §2 payment return): /recharge-list with
 * zp_show=1, zp_orderid, zp_h5deviceid and zp_pay_sub_type (plus redirectResult after the issuer page); a
 * fine goes back to /fines?id=…&zp_show=1&zp_orderid=….
 */
export const PaymentReturnQuerySchema = /* @__PURE__ */ z.object({
  zp_show: z.literal('1'),
  zp_orderid: z.string().check(z.minLength(1)),
  zp_h5deviceid: z.optional(z.string()),
  zp_pay_sub_type: z.optional(z.string().check(z.regex(/^\d+$/))),
  redirectResult: z.optional(z.string()),
  id: z.optional(z.string()),
});

// ---------------------------------------------------------------------------------------------------- Wallet

/** The merchant session adyen_apple_pay_session_data answers, base64 of this JSON in session_json_string. */
export const MerchantSessionSchema = /* @__PURE__ */ z.object({
  merchantSessionIdentifier: z.string(),
  merchantIdentifier: z.string(),
  domainName: z.string(),
  displayName: z.string(),
  /** Milliseconds since the epoch, as Apple's session carries them. */
  epochTimestamp: z.int(),
  expiresAt: z.int(),
  nonce: z.string(),
  signature: z.string(),
  operationalAnalyticsIdentifier: z.string(),
  retries: z.int(),
  pspId: z.string(),
});

/** Decodes session_json_string (base64 JSON) to the merchant session, or undefined. */
export function decodeMerchantSession(
  sessionJsonString: string,
): z.infer<typeof MerchantSessionSchema> | undefined {
  try {
    const json: unknown = JSON.parse(decodeBase64(sessionJsonString));
    const parsed = MerchantSessionSchema.safeParse(json);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function decodeBase64(text: string): string {
  const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * The token the app sends to adyen_verify_pay when the wallet sheet was cancelled (SPEC §4 "Cancel reports a
 * user-cancel failure"); click_cancel with reason userCancel does the same.
 */
export const WALLET_CANCEL_TOKEN = 'userCancel';

/** adyen_verify_pay's `code`: 0 paid, -1 pending (poll pay_result_by_order_fast), 1 failed. */
export const WalletVerifyCode = { paid: 0, pending: -1, failed: 1 } as const;

export type CheckoutTokenRequest = z.input<typeof CheckoutTokenRequestSchema>;
export type CheckoutToken = z.infer<typeof CheckoutTokenSchema>;
export type CheckoutError = z.infer<typeof CheckoutErrorSchema>;
export type CheckoutCvvToken = z.infer<typeof CheckoutCvvTokenSchema>;
export type AdyenEncryptRequest = z.input<typeof AdyenEncryptRequestSchema>;
export type AdyenEncryptedCard = z.infer<typeof AdyenEncryptedCardSchema>;
export type AdyenError = z.infer<typeof AdyenErrorSchema>;
export type AdyenOrderPlatformData = z.infer<typeof AdyenOrderPlatformDataSchema>;
export type AdyenThreeDsResult = z.infer<typeof AdyenThreeDsResultSchema>;
export type ThreeDsMessage = z.infer<typeof ThreeDsMessageSchema>;
export type HostedPayDecision = z.infer<typeof HostedPayDecisionSchema>;
export type PaymentReturnQuery = z.infer<typeof PaymentReturnQuerySchema>;
export type MerchantSession = z.infer<typeof MerchantSessionSchema>;

/** How long an order waits for its payment (kept in limits.ts, where the app reads it without the simulators). */
export { ORDER_PAYMENT_WINDOW_MS } from './limits';
