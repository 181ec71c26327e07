import { describe, expect, it } from 'vitest';
import { ANSWER_LIMITS, LIMITS, PAST_LIMIT_MARGIN_MS, pastLimitMs, WALLET_SHEET } from './limits';

/** SPEC §9's limits, once; and the wallet's windows inside Apple's. */

describe('the limits of SPEC §9', () => {
  const spec: [keyof typeof LIMITS, number][] = [
    ['apiMs', 60_000],
    ['bridgeCallMs', 5_000],
    ['batchMs', 5_000],
    ['backupDomainsMs', 5_000],
    ['domainDialMs', 5_000],
    ['walletSessionMs', 15_000],
    ['walletSessionTries', 2],
    ['resultPollMs', 500],
    ['resultPollTries', 100],
    ['savedCardsPollMs', 2_000],
    ['savedCardsTries', 15],
  ];
  for (const [name, value] of spec) {
    it(`${name} is ${value}`, () => expect(LIMITS[name]).toBe(value));
  }
  it('saved cards are polled for 30 s in all', () => {
    expect(LIMITS.savedCardsPollMs * LIMITS.savedCardsTries).toBe(30_000);
  });
  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(LIMITS)).toBe(true);
    expect(Object.isFrozen(WALLET_SHEET)).toBe(true);
  });
});

describe('the wallet sheet', () => {
  it('completes and validates inside Apple’s 30 s, with a margin', () => {
    expect(WALLET_SHEET.appleLimitMs).toBe(30_000);
    expect(WALLET_SHEET.completeWithinMs).toBeLessThan(WALLET_SHEET.appleLimitMs);
    expect(WALLET_SHEET.validateWithinMs).toBeLessThan(WALLET_SHEET.appleLimitMs);
  });
});

describe('past the limit', () => {
  it('is every named limit plus the margin', () => {
    for (const [name, ms] of Object.entries(ANSWER_LIMITS)) {
      expect(pastLimitMs(name as keyof typeof ANSWER_LIMITS)).toBe(ms + PAST_LIMIT_MARGIN_MS);
    }
    expect(ANSWER_LIMITS.api).toBe(LIMITS.apiMs);
  });
});
