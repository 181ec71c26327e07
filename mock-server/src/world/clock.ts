/**
 * The mock's clock: real time by default; frozen at a virtual time once set, moving only when advanced
 * (TESTDATA "Clock"), so expiry and polling scenarios are reproducible.
 */
export class Clock {
  #frozenAt: number | undefined;
  /** Everything `advance` has moved the clock by: elapsed time counts it as time that passed. */
  #advancedMs = 0;

  constructor(now?: Date) {
    this.#frozenAt = now?.getTime();
  }

  now(): number {
    return this.#frozenAt ?? Date.now();
  }

  date(): Date {
    return new Date(this.now());
  }

  /**
   * Time that has passed, in ms from an arbitrary origin: real time plus every advance. Abuse limits wait on
   * this, not on `now`, so a visitor told to wait a minute on a frozen clock is let in after a real minute,
   * while a test can still skip the wait by advancing the clock. Setting the clock moves no elapsed time.
   */
  elapsed(): number {
    return Date.now() + this.#advancedMs;
  }

  nowSeconds(): number {
    return Math.floor(this.now() / 1000);
  }

  get frozen(): boolean {
    return this.#frozenAt !== undefined;
  }

  /** Freeze at a time. */
  set(at: Date): void {
    this.#frozenAt = at.getTime();
  }

  /** Move a frozen clock forward (a real clock is frozen at now first). */
  advance(ms: number): void {
    this.#frozenAt = this.now() + ms;
    this.#advancedMs += ms;
  }

  /** Back to real time. */
  unfreeze(): void {
    this.#frozenAt = undefined;
  }
}
