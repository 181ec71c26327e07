/**
 * Every time limit of the pay flows in one place (SPEC §9), plus the wallet's own rule (Apple Pay cancels a
 * sheet whose completePayment has not come within 30 s of authorisation). The app, the mock's fault
 * catalogue and the tests read them from here; nothing restates them.
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
  /** The embedded wallet button's render wait. */
  walletButtonMs: 60_000,
  /** Result polling: every 500 ms, up to 100 tries (a shared budget). */
  resultPollMs: 500,
  resultPollTries: 100,
  /** Saved-card fetch: every 2 s, 15 tries (30 s). */
  savedCardsPollMs: 2_000,
  savedCardsTries: 15,
});

export type LimitName = keyof typeof LIMITS;

/**
 * How a visitor who is not signed in can be reached about a report: a phone number or an e-mail address, at
 * most this many characters (the project's choice; SPEC gives no bound).
 */
export const FEEDBACK_CONTACT_MAX_LENGTH = 100;
