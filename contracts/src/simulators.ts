import type { z } from 'zod/mini';
import * as lazy from './lazySimulators';

/**
 * Simulators of provider surfaces, not the real backend: their constants and schemas live in lazySimulators.ts,
 * where each schema is built on its first use (issue 16); this module exports each one built, as the same
 * object, for the mock server, the CLI and the tests. The web app imports lazySimulators.ts instead.
 */

export {
  AdyenErrorCode,
  CheckoutErrorCode,
  decodeMerchantSession,
  isSimulatorPath,
  PROVIDER_PREFIX,
  SIMULATOR_PATHS,
  SimulatorPath,
  THREE_DS_MESSAGE_TYPE,
  WALLET_CANCEL_TOKEN,
  WalletVerifyCode,
} from './lazySimulators';

export const CheckoutTokenRequestSchema = /* @__PURE__ */ lazy.CheckoutTokenRequestSchema();
export const SimulatedSchemeSchema = /* @__PURE__ */ lazy.SimulatedSchemeSchema();
export const CheckoutTokenSchema = /* @__PURE__ */ lazy.CheckoutTokenSchema();
export const CheckoutErrorSchema = /* @__PURE__ */ lazy.CheckoutErrorSchema();
export const CheckoutCvvRequestSchema = /* @__PURE__ */ lazy.CheckoutCvvRequestSchema();
export const CheckoutCvvTokenSchema = /* @__PURE__ */ lazy.CheckoutCvvTokenSchema();
export const AdyenEncryptRequestSchema = /* @__PURE__ */ lazy.AdyenEncryptRequestSchema();
export const AdyenEncryptedCardSchema = /* @__PURE__ */ lazy.AdyenEncryptedCardSchema();
export const AdyenEncryptCvcRequestSchema = /* @__PURE__ */ lazy.AdyenEncryptCvcRequestSchema();
export const AdyenEncryptedCvcSchema = /* @__PURE__ */ lazy.AdyenEncryptedCvcSchema();
export const AdyenErrorSchema = /* @__PURE__ */ lazy.AdyenErrorSchema();
export const AdyenPaymentMethodSchema = /* @__PURE__ */ lazy.AdyenPaymentMethodSchema();
export const AdyenOrderPlatformDataSchema = /* @__PURE__ */ lazy.AdyenOrderPlatformDataSchema();
export const AdyenFingerprintRequestSchema = /* @__PURE__ */ lazy.AdyenFingerprintRequestSchema();
export const AdyenThreeDsResultSchema = /* @__PURE__ */ lazy.AdyenThreeDsResultSchema();
export const RedirectSubmissionSchema = /* @__PURE__ */ lazy.RedirectSubmissionSchema();
export const ChallengePageQuerySchema = /* @__PURE__ */ lazy.ChallengePageQuerySchema();
export const ThreeDsMessageSchema = /* @__PURE__ */ lazy.ThreeDsMessageSchema();
export const PageOrderQuerySchema = /* @__PURE__ */ lazy.PageOrderQuerySchema();
export const IssuerDecisionSchema = /* @__PURE__ */ lazy.IssuerDecisionSchema();
export const HostedPayDecisionSchema = /* @__PURE__ */ lazy.HostedPayDecisionSchema();
export const PaymentReturnQuerySchema = /* @__PURE__ */ lazy.PaymentReturnQuerySchema();
export const MerchantSessionSchema = /* @__PURE__ */ lazy.MerchantSessionSchema();
/** submit_authentication_result's platform_data after a challenge or a fingerprint. */
export const ThreeDsSubmissionSchema = AdyenThreeDsResultSchema;

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
