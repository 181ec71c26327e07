import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Clock } from '../src/world/clock';

/** The mock's clock (TESTDATA "Clock"): `now` is what the world sees, `elapsed` what abuse limits wait on. */

const FROZEN = new Date('2026-11-21T09:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T12:00:00Z') });
});
afterEach(() => vi.useRealTimers());

describe('Clock', () => {
  it.each<[string, (clock: Clock) => void, number, number]>([
    // name, what happens, change of now, change of elapsed
    ['real time passes on a frozen clock', () => vi.setSystemTime(Date.now() + 5_000), 0, 5_000],
    ['advancing a frozen clock', (clock) => clock.advance(60_000), 60_000, 60_000],
    ['setting the clock later', (clock) => clock.set(new Date(FROZEN.getTime() + 3_600_000)), 3_600_000, 0],
    [
      'setting the clock earlier',
      (clock) => clock.set(new Date(FROZEN.getTime() - 3_600_000)),
      -3_600_000,
      0,
    ],
  ])('%s', (_, step, nowMoves, elapsedMoves) => {
    const clock = new Clock(FROZEN);
    const [now, elapsed] = [clock.now(), clock.elapsed()];
    step(clock);
    expect(clock.now() - now).toBe(nowMoves);
    expect(clock.elapsed() - elapsed).toBe(elapsedMoves);
  });

  it('runs with real time when not frozen, for both', () => {
    const clock = new Clock();
    const [now, elapsed] = [clock.now(), clock.elapsed()];
    vi.setSystemTime(Date.now() + 1_000);
    expect([clock.now() - now, clock.elapsed() - elapsed]).toEqual([1_000, 1_000]);
    expect(clock.frozen).toBe(false);
  });
});
