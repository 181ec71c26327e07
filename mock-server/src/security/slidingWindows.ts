import type { Clock } from '../world/clock';

/**
 * When each key's events happened inside a sliding window, for the `maxKeys` keys used last (the stalest are
 * forgotten first, so a flood of keys cannot grow memory).
 */
export class SlidingWindows {
  readonly #times = new Map<string, number[]>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
    readonly maxKeys: number,
  ) {}

  /** Whether one more event fits in the key's window at `now`. */
  allows(key: string, now: number): boolean {
    return this.#recent(key, now).length < this.max;
  }

  add(key: string, now: number): void {
    const times = this.#recent(key, now);
    times.push(now);
    // Re-inserted: the Map's order is then least recently used first.
    this.#times.delete(key);
    this.#times.set(key, times);
    if (this.#times.size > this.maxKeys) this.#times.delete(this.#times.keys().next().value ?? '');
  }

  #recent(key: string, now: number): number[] {
    return (this.#times.get(key) ?? []).filter((at) => at > now - this.windowMs);
  }
}

/** At most `limit` posts a minute from one address, on the mock's clock: counts a post and says if it is admitted. */
export function perMinuteLimit(clock: Clock, limit: number): (address: string) => boolean {
  const windows = new SlidingWindows(limit, 60_000, 10_000);
  return (address) => {
    const now = clock.now();
    if (!windows.allows(address, now)) return false;
    windows.add(address, now);
    return true;
  };
}
