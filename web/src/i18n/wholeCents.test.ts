// @vitest-environment node

import { isWholeCents } from '@topup/contracts/money';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatUsd } from './format';

describe('isWholeCents: the USD prices the product may show', () => {
  it.each([
    [0.99, true],
    [4.5, true],
    [20, true],
    [499.99, true],
    [0.001, false],
    [4.995, false],
    [0.1 + 0.2, false],
    [0, false],
    [-1, false],
    [1e21, false],
    [Number.NaN, false],
  ])('%s → %s', (amount, whole) => {
    expect(isWholeCents(amount)).toBe(whole);
  });

  it('a whole-cents amount is written exactly: formatUsd shows the very price', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (cents) => {
        const amount = cents / 100;
        expect(isWholeCents(amount)).toBe(true);
        expect(formatUsd(amount)).toBe(
          `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
        );
      }),
    );
  });
});
