import { describe, expect, it } from 'vitest';
import { shownOf } from './HomePackages';

/** The landing's six cells: every package when they fit, else five and a cell leading to all of them. */
describe('the packages the landing shows', () => {
  it.each([
    [0, 0],
    [1, 1],
    [6, 6],
    [7, 5],
    [10, 5],
  ])('%i packages: %i shown', (count, shown) => {
    const packages = Array.from({ length: count }, (_, i) => i);
    expect(shownOf(packages)).toEqual(packages.slice(0, shown));
  });
});
