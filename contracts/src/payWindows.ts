/**
 * The pay flows' own windows (SPEC §9): how long an order waits for its payment, and the wallet sheet's rules.
 * Apart from LIMITS, which the app's first load reads, so that only the pay step's code carries these
 * (issue 16).
 */
import { limits } from './limits';

/** How long an order waits for its payment before submit and wallet calls answer orderExpired (23002). */
export const ORDER_PAYMENT_WINDOW_MS = 30 * 60 * 1000;

/**
 * The wallet sheet's rules (Apple's, not the backend's): completePayment within 30 s of authorisation, and
 * merchant validation completed within 30 s of onvalidatemerchant. The app keeps a margin under both so a
 * slow phone still makes it.
 */
export const WALLET_SHEET = limits({
  /** Apple's limit for completePayment after onpaymentauthorized, and for merchant validation. */
  appleLimitMs: 30_000,
  /** What the app gives itself: the sheet is closed by then whatever the backend does. */
  completeWithinMs: 25_000,
  /** The whole merchant validation (order creation and session waits) fits in this. */
  validateWithinMs: 25_000,
});
