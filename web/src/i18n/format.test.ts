// @vitest-environment node
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';

describe('formatUsd / formatCount', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it.each([
    [0, '$0.00'],
    [4.99, '$4.99'],
    [1234.5, '$1,234.50'],
    [1000000, '$1,000,000.00'],
  ])('formatUsd(%s) is %s, in Western digits', async (amount, want) => {
    const { formatUsd } = await import('./format');
    expect(formatUsd(amount)).toBe(want);
  });

  it.each([
    [0, '0'],
    [1500, '1,500'],
    [1234567, '1,234,567'],
  ])('formatCount(%s) is %s', async (value, want) => {
    const { formatCount } = await import('./format');
    expect(formatCount(value)).toBe(want);
  });

  // Issue 16: making a NumberFormat costs a slow phone about 100 ms at 4x CPU; the amounts and counts the
  // product shows are written without one, exactly as Intl writes them.
  it('writes every amount below 10^15 as Intl does (cents, whole dollars, any double)', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    return import('./format').then(({ formatUsd }) => {
      const amounts = fc.oneof(
        fc.integer({ min: 0, max: 99_999_999_999 }).map((cents) => cents / 100),
        fc.integer({ min: 0, max: 10 ** 12 }),
        fc.double({ min: 0, max: 1e15 - 1, noNaN: true }),
        fc.double({ min: 0, max: 10, noNaN: true }),
        fc.constantFrom(0.005, 0.015, 0.125, 1.005, 2.675, 999.995, 1e15 - 0.01, 123456.785),
      );
      fc.assert(
        fc.property(amounts, (amount) => {
          expect(formatUsd(amount)).toBe(intl.format(amount));
        }),
        { numRuns: 5000 },
      );
    });
  });

  it('writes every count as Intl does', async () => {
    const intl = new Intl.NumberFormat('en-US');
    const { formatCount } = await import('./format');
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), fc.nat(100_000)),
        (value) => {
          expect(formatCount(value)).toBe(intl.format(value));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it.each([
    [-1, '-$1.00'],
    [-0, '-$0.00'],
    [1e15, '$1,000,000,000,000,000.00'],
    [Number.NaN, '$NaN'],
    [Number.POSITIVE_INFINITY, '$∞'],
  ])('an amount it does not write itself (%s) goes to Intl: %s', async (amount, want) => {
    const { formatUsd } = await import('./format');
    expect(formatUsd(amount)).toBe(want);
  });

  it('makes no formatter when the module loads nor for what the product shows; one, once, for anything else', async () => {
    vi.resetModules();
    let made = 0;
    const Real = Intl.NumberFormat;
    vi.stubGlobal('Intl', {
      NumberFormat: class extends Real {
        constructor(...args: ConstructorParameters<typeof Real>) {
          super(...args);
          made++;
        }
      },
    });
    const { formatCount, formatUsd } = await import('./format');
    expect(made).toBe(0);
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatCount(1000)).toBe('1,000');
    expect(made).toBe(0);
    formatUsd(-1);
    formatUsd(-2);
    expect(made).toBe(1);
    formatCount(1.5);
    formatCount(-2);
    expect(made).toBe(2);
  });
});

describe('formatSarEquivalent', () => {
  it.each([
    [4.99, '18.71'],
    [0.99, '3.71'],
    [9.99, '37.46'],
    [199.99, '749.96'],
    [1, '3.75'],
    [0.01, '0.04'],
    [0.001, '0.00'],
    [1234.56, '4,629.60'],
    [1e21, '3,750,000,000,000,000,000,000.00'],
    [2 ** 53, '33,776,997,205,278,720.00'],
  ])('$%s is ≈ %s riyals, never in exponent form', async (usd, sar) => {
    const { formatSarEquivalent } = await import('./format');
    expect(formatSarEquivalent(usd)).toBe(sar);
  });
});
