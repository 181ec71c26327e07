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
  it.each([
    [1, 0, 1000],
    [1, 1, 1250],
    [3, 0.5, 1125],
    [4, 0.5, 1250],
    [6, 1, 2000],
    [8, 0.25, 1250],
    [9, 0.5, null],
    [20, 0, null],
    [1, -3, 1000],
    [1, 7, 1250],
  ])('attempt %i with random %d → %s', (attempt, random, expected) => {
    expect(reconnectDelay(attempt, random)).toBe(expected);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses attempt %d', (attempt) => {
    expect(() => reconnectDelay(attempt, 0.5)).toThrow(RangeError);
  });
});
