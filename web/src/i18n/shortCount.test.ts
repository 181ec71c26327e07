// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { shortCount } from './shortCount';

describe('shortCount (SPEC §9 count display) @spec:limit.countW', () => {
  it.each([
    // At or under 10,000: written in full, in both contexts.
    [0, '0', '0'],
    [999, '999', '999'],
    [1_500, '1,500', '1,500'],
    [10_000, '10,000', '10,000'],
    // Above 10,000: W (ten thousands) live, K or M elsewhere; one decimal, cut, .0 dropped.
    [10_001, '1W', '10K'],
    [12_345, '1.2W', '12.3K'],
    [14_000, '1.4W', '14K'],
    [19_999, '1.9W', '19.9K'],
    [35_000, '3.5W', '35K'],
    [100_000, '10W', '100K'],
    [999_999, '99.9W', '999.9K'],
    [1_000_000, '100W', '1M'],
    [1_250_000, '125W', '1.2M'],
    [987_654_321, '98765.4W', '987.6M'],
    [999_999_999, '99999.9W', '999.9M'],
    // Past SPEC's M: billions and trillions, so a huge count stays a few characters wide.
    [1_000_000_000, '100000W', '1B'],
    [12_345_678_901, '1234567.8W', '12.3B'],
    [99_999_999_999, '9999999.9W', '99.9B'],
    [100_000_000_000, '10000000W', '100B'],
    [999_999_999_999, '99999999.9W', '999.9B'],
    [1_000_000_000_000, '100000000W', '1T'],
    [Number.MAX_SAFE_INTEGER, '900719925474W', '9007.1T'],
  ])('%i → live %s, elsewhere %s', (value, live, elsewhere) => {
    expect(shortCount(value, 'live')).toBe(live);
    expect(shortCount(value, 'elsewhere')).toBe(elsewhere);
  });

  it.each([
    [12_345.5, '12,345.5'],
    [-20_000, '-20,000'],
  ])('%d is not a whole count: written in full', (value, full) => {
    expect(shortCount(value, 'live')).toBe(full);
    expect(shortCount(value, 'elsewhere')).toBe(full);
  });
});
