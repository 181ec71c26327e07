import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CoinCount } from './PackageGrid';

describe("a package tile's coins (SPEC §9 count display, outside a live context)", () => {
  afterEach(cleanup);

  it.each([
    [700, '700'],
    [3_500, '3,500'],
    [14_000, '14K'],
    [35_000, '35K'],
    [1_250_000, '1.2M'],
  ])('%i coins read %s', (coins, shown) => {
    render(<CoinCount coins={coins} className="package-coins" />);
    expect(screen.getByTestId('coin-count').textContent).toBe(shown);
  });

  it('names its unit to a screen reader (the diamond mark is hidden from it)', () => {
    const { container } = render(<CoinCount coins={700} className="package-coins" />);
    expect(container.querySelector('.diamond')?.getAttribute('aria-hidden')).toBe('true');
    expect(container.textContent?.replace('◆', '').trim()).toBe('700 ماسة');
  });
});
