import type { Clock } from './clock';

/**
 * Sign-in limits, counted per call as it is dispatched, so a batch_request's sub-requests count one by one:
 * each sign-in call is limited per client address, and each account per address across the sign-in calls.
 * Wrong passwords slow down the one who types them: per account and address, the first
 * few are free, then each next try waits twice as long as the last, up to 5 minutes. Nothing counts an
 * account across addresses, so nothing locks the account itself: a stranger's tries from elsewhere, however
 * many, never keep its owner out (a guesser spread over many addresses meets each address's limit and wait
 * instead). The control API can lift the delays.
 */

const WINDOW_MS = 60_000;
/** Wrong passwords per account and address that cost no wait. */
export const FREE_WRONG_PASSWORDS = 3;
/** The first wait, doubled with each further wrong password, and the longest. */
export const FIRST_DELAY_MS = 2_000;
export const MAX_DELAY_MS = 5 * 60_000;
/** Wrong passwords are forgotten this long after the last one. */
export const FORGET_AFTER_MS = 15 * 60_000;
/** Counters kept at most; expired ones are dropped first, so a flood of addresses cannot grow memory. */
const MAX_COUNTERS = 20_000;

interface Counter {
  startedAt: number;
  count: number;
}

interface WrongPasswords {
  readonly account: string;
  count: number;
  lastAt: number;
  /** When the next try from this address may be checked (ms of `Clock.elapsed`). */
  nextAt: number;
}

/** The wait after `count` wrong passwords in a row: none for the free ones, then doubling up to the longest. */
export function delayAfter(count: number): number {
  if (count < FREE_WRONG_PASSWORDS) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (count - FREE_WRONG_PASSWORDS));
}

export class SignInGuard {
  readonly #clock: Clock;
  readonly #limit: number;
  readonly #counters = new Map<string, Counter>();
  readonly #wrongPasswords = new Map<string, WrongPasswords>();

  constructor(clock: Clock, limitPerMinute: number) {
    this.#clock = clock;
    this.#limit = limitPerMinute;
  }

  /**
   * Counts one sign-in attempt; false when the call from this address, or the account from this address, is
   * over its limit. The account is never counted across addresses: tries from one address can only hold
   * that address back, never the owner signing in from another.
   */
  admit(call: string, address: string, account: string | undefined): boolean {
    const byAddress = this.#count(`${call}|${address}`);
    const byAccount = account === undefined ? 0 : this.#count(`account|${keyOf(account, address)}`);
    return byAddress <= this.#limit && byAccount <= this.#limit;
  }

  /** Milliseconds before a password for `account` from `address` is checked again; 0 when it may be now. */
  waitFor(account: string, address: string): number {
    const entry = this.#live(account, address);
    return entry === undefined ? 0 : Math.max(0, entry.nextAt - this.#clock.elapsed());
  }

  /** A wrong password (or an account that has none): the next try from this address may have to wait. */
  recordWrongPassword(account: string, address: string): void {
    const now = this.#clock.elapsed();
    const entry = this.#live(account, address);
    const count = (entry?.count ?? 0) + 1;
    if (entry === undefined && this.#wrongPasswords.size >= MAX_COUNTERS) this.#pruneWrong(now);
    this.#wrongPasswords.set(keyOf(account, address), {
      account,
      count,
      lastAt: now,
      nextAt: now + delayAfter(count),
    });
  }

  recordSuccess(account: string, address: string): void {
    this.#wrongPasswords.delete(keyOf(account, address));
  }

  /** The accounts some address must wait for now, for the control API. */
  locked(): string[] {
    const now = this.#clock.elapsed();
    const accounts = new Set<string>();
    for (const entry of this.#wrongPasswords.values()) if (entry.nextAt > now) accounts.add(entry.account);
    return [...accounts];
  }

  /** Lifts every wait and forgets wrong passwords (control API); the per-minute limits stay. */
  lift(): void {
    this.#wrongPasswords.clear();
  }

  #live(account: string, address: string): WrongPasswords | undefined {
    const key = keyOf(account, address);
    const entry = this.#wrongPasswords.get(key);
    if (entry === undefined) return undefined;
    if (this.#clock.elapsed() - entry.lastAt < FORGET_AFTER_MS) return entry;
    this.#wrongPasswords.delete(key);
    return undefined;
  }

  #pruneWrong(now: number): void {
    for (const [key, entry] of this.#wrongPasswords) {
      if (now - entry.lastAt >= FORGET_AFTER_MS) this.#wrongPasswords.delete(key);
    }
    for (const key of this.#wrongPasswords.keys()) {
      if (this.#wrongPasswords.size < MAX_COUNTERS) break;
      this.#wrongPasswords.delete(key);
    }
  }

  #count(key: string): number {
    const now = this.#clock.elapsed();
    const counter = this.#counters.get(key);
    if (counter !== undefined && now - counter.startedAt < WINDOW_MS) {
      counter.count += 1;
      return counter.count;
    }
    if (counter === undefined && this.#counters.size >= MAX_COUNTERS) this.#prune(now);
    this.#counters.set(key, { startedAt: now, count: 1 });
    return 1;
  }

  #prune(now: number): void {
    for (const [key, counter] of this.#counters) {
      if (now - counter.startedAt >= WINDOW_MS) this.#counters.delete(key);
    }
    // Still full: the oldest counters go (a Map keeps insertion order).
    for (const key of this.#counters.keys()) {
      if (this.#counters.size < MAX_COUNTERS) break;
      this.#counters.delete(key);
    }
  }
}

function keyOf(account: string, address: string): string {
  return `${account}|${address}`;
}
