import type { Clock } from './clock';

/**
 * Sign-in limits, counted per call as it is dispatched, so a batch_request's sub-requests count one by one:
 * each sign-in call is limited per client address, each account per minute across calls and addresses, and
 * an account is locked for a while after repeated wrong passwords (the control API can lift it).
 */

const WINDOW_MS = 60_000;
/** Wrong passwords in a row that lock an account. */
export const LOCKOUT_AFTER = 5;
export const LOCKOUT_MS = 15 * 60_000;
/** Counters kept at most; expired ones are dropped first, so a flood of addresses cannot grow memory. */
const MAX_COUNTERS = 20_000;

interface Counter {
  startedAt: number;
  count: number;
}

export class SignInGuard {
  readonly #clock: Clock;
  readonly #limit: number;
  readonly #counters = new Map<string, Counter>();
  readonly #wrongPasswords = new Map<string, number>();
  readonly #lockedUntil = new Map<string, number>();

  constructor(clock: Clock, limitPerMinute: number) {
    this.#clock = clock;
    this.#limit = limitPerMinute;
  }

  /**
   * Counts one sign-in attempt; false when the call from this address, or the account, is over its limit.
   * Both counters move, so an attacker spreading over addresses still meets the account's limit.
   */
  admit(call: string, address: string, account: string | undefined): boolean {
    const byAddress = this.#count(`${call}|${address}`);
    const byAccount = account === undefined ? 0 : this.#count(`account|${account}`);
    return byAddress <= this.#limit && byAccount <= this.#limit;
  }

  isLocked(account: string): boolean {
    const until = this.#lockedUntil.get(account);
    if (until === undefined) return false;
    if (until > this.#clock.now()) return true;
    this.#lockedUntil.delete(account);
    return false;
  }

  /** A wrong password: the LOCKOUT_AFTER-th in a row locks the account. */
  recordWrongPassword(account: string): void {
    const count = (this.#wrongPasswords.get(account) ?? 0) + 1;
    if (count >= LOCKOUT_AFTER) {
      this.#wrongPasswords.delete(account);
      this.#lockedUntil.set(account, this.#clock.now() + LOCKOUT_MS);
      return;
    }
    if (this.#wrongPasswords.size >= MAX_COUNTERS) this.#wrongPasswords.clear();
    this.#wrongPasswords.set(account, count);
  }

  recordSuccess(account: string): void {
    this.#wrongPasswords.delete(account);
  }

  /** The accounts locked now, for the control API. */
  locked(): string[] {
    return [...this.#lockedUntil.keys()].filter((account) => this.isLocked(account));
  }

  /** Lifts every lockout and forgets wrong passwords (control API); the per-minute limits stay. */
  lift(): void {
    this.#lockedUntil.clear();
    this.#wrongPasswords.clear();
  }

  #count(key: string): number {
    const now = this.#clock.now();
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
