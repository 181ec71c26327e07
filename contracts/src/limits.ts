/**
 * Every time limit of the pay flows in one place (SPEC §9): the calls' limits, the order's payment window, the
 * wallet sheet's rules (Apple's), and the "past the limit" answers the mock's fault catalogue can force. The
 * app, the mock and the tests read them from here; nothing restates them.
 */

/** Frozen, its values typed as numbers (a limit is compared and added to, never matched as a literal). */
export function limits<T extends Record<string, number>>(values: T): Readonly<{ [K in keyof T]: number }> {
  return Object.freeze(values);
}

export const LIMITS = limits({
  /** One API call (HTTP). */
  apiMs: 60_000,
  /** One call through the native bridge. */
  bridgeCallMs: 5_000,
  /** The batch request's own time-out. */
  batchMs: 5_000,
  /** The backup-domain fetch race. */
  backupDomainsMs: 5_000,
  /** One domain dial. */
  domainDialMs: 5_000,
  /** The wallet's merchant session wait, tried this many times. */
  walletSessionMs: 15_000,
  walletSessionTries: 2,
  /** Result polling: every 500 ms, up to 100 tries (a shared budget). */
  resultPollMs: 500,
  resultPollTries: 100,
  /** Saved-card fetch: every 2 s, 15 tries (30 s). */
  savedCardsPollMs: 2_000,
  savedCardsTries: 15,
});

export type LimitName = keyof typeof LIMITS;

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

/** The limits a forced "past the limit" fault can name (control API): the ones a single answer can exceed. */
export const ANSWER_LIMITS = limits({
  api: LIMITS.apiMs,
  bridgeCall: LIMITS.bridgeCallMs,
  batch: LIMITS.batchMs,
  backupDomains: LIMITS.backupDomainsMs,
  walletSession: LIMITS.walletSessionMs,
  walletComplete: WALLET_SHEET.completeWithinMs,
});

export type AnswerLimit = keyof typeof ANSWER_LIMITS;

/** How far past its limit a "past the limit" answer comes: late enough that every client has given up. */
export const PAST_LIMIT_MARGIN_MS = 1_000;

/** The delay of an answer that comes just past `limit`. */
export function pastLimitMs(limit: AnswerLimit): number {
  return ANSWER_LIMITS[limit] + PAST_LIMIT_MARGIN_MS;
}

/**
 * How a visitor who is not signed in can be reached about a report: a phone number or an e-mail address, at
 * most this many characters (the project's choice; SPEC gives no bound).
 */
export const FEEDBACK_CONTACT_MAX_LENGTH = 100;
