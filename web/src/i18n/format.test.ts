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
    const { formatUsd } = await import('./t');
    expect(formatUsd(amount)).toBe(want);
  });

  it.each([
    [0, '0'],
    [1500, '1,500'],
    [1234567, '1,234,567'],
  ])('formatCount(%s) is %s', async (value, want) => {
    const { formatCount } = await import('./t');
    expect(formatCount(value)).toBe(want);
  });

  // Issue 16: making a NumberFormat at the module's top level was most of the entry's evaluation task on a
  // slow phone; the formatters are made once, on first use.
  it('makes no formatter when the module loads, and each one once on first use', async () => {
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
    const { formatCount, formatUsd } = await import('./t');
    expect(made).toBe(0);
    expect(formatUsd(1)).toBe('$1.00');
    formatUsd(2);
    expect(made).toBe(1);
    expect(formatCount(1000)).toBe('1,000');
    formatCount(2);
    expect(made).toBe(2);
  });
});
