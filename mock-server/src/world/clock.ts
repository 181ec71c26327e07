/**
 * The mock's clock: real time by default; frozen at a virtual time once set, moving only when advanced
 * (TESTDATA "Clock"), so expiry and polling scenarios are reproducible.
 */
export class Clock {
  #frozenAt: number | undefined;

  constructor(now?: Date) {
    this.#frozenAt = now?.getTime();
  }

  now(): number {
    return this.#frozenAt ?? Date.now();
  }

  date(): Date {
    return new Date(this.now());
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
  }

  /** Back to real time. */
  unfreeze(): void {
    this.#frozenAt = undefined;
  }
}
