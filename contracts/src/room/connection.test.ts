import { describe, expect, it } from 'vitest';
import { REALTIME, reconnectDelay } from './connection';

describe('REALTIME', () => {
  it('holds the values of SPEC §4 and §9, frozen', () => {
    expect(REALTIME).toEqual({
      heartbeatIdleMs: 15000,
      receiveTimeoutMs: 121000,
      reconnectDelayMs: 1000,
      maxReconnectAttempts: 8,
      waitTableMs: [250, 250, 250, 500, 500, 1000, 1000, 1000],
      defaultTimeoutMs: 5000,
    });
    expect(Object.isFrozen(REALTIME)).toBe(true);
    expect(Object.isFrozen(REALTIME.waitTableMs)).toBe(true);
    expect(REALTIME.waitTableMs).toHaveLength(REALTIME.maxReconnectAttempts);
  });
});

describe('reconnectDelay', () => {
  // SPEC §4: reconnect on an error close with a 1 s delay, up to 8 attempts; the wait table is defined only.
  it.each([
    [1, 1000],
    [2, 1000],
    [4, 1000],
    [6, 1000],
    [8, 1000],
    [9, null],
    [20, null],
  ])('attempt %i → %s', (attempt, expected) => {
    expect(reconnectDelay(attempt)).toBe(expected);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses attempt %d', (attempt) => {
    expect(() => reconnectDelay(attempt)).toThrow(RangeError);
  });
});
