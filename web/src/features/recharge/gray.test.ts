import { describe, expect, it } from 'vitest';
import {
  abGroup,
  inAdyenCard,
  inNewCheckout,
  repurchaseGroup,
  rescaleRatios,
  walletGrayAllows,
} from './gray';

describe('gray release and AB assignment', () => {
  it.each([
    [10, 20, [], undefined, true],
    [20, 20, [], undefined, false],
    [99, 0, [1001], 1001, true],
    [99, 0, [1001], 1002, false],
  ])(
    'new checkout: score %i, rate %i, whitelist %j, uid %s → %s',
    (score, rate, whitelist, uid, expected) => {
      expect(inNewCheckout(score, { cko_new_rate: rate, cko_new_whitelist: whitelist }, uid)).toBe(expected);
    },
  );

  it('applies the same rule to the adyen card share', () => {
    expect(inAdyenCard(5, { adyen_card_ratio: 10, adyen_card_whitelist: [] }, undefined)).toBe(true);
    expect(inAdyenCard(50, { adyen_card_ratio: 10, adyen_card_whitelist: [7] }, 7)).toBe(true);
  });

  it('rescales ratios above 100 to 100', () => {
    expect(rescaleRatios({ A: 100, B: 100 })).toEqual([
      ['A', 50],
      ['B', 50],
    ]);
    expect(rescaleRatios({ A: 30, B: 20 })).toEqual([
      ['A', 30],
      ['B', 20],
    ]);
  });

  it('assigns by cumulative bounds, whitelist first', () => {
    expect(abGroup(10, { A: 30, B: 20 }, 'C')).toBe('A');
    expect(abGroup(40, { A: 30, B: 20 }, 'C')).toBe('B');
    expect(abGroup(60, { A: 30, B: 20 }, 'C')).toBe('C');
    expect(abGroup(99, { A: 150, B: 50 }, 'C')).toBe('B');
    expect(abGroup(10, { A: 30 }, 'C', { uid: 5, byGroup: { B: [5] } })).toBe('B');
  });

  it('yields B or A for the repurchase test', () => {
    expect(repurchaseGroup(10, { ABtest_repurchase_ratio: { B: 50 } })).toBe('B');
    expect(repurchaseGroup(60, { ABtest_repurchase_ratio: { B: 50 } })).toBe('A');
    expect(repurchaseGroup(0, { ABtest_repurchase_ratio: {} })).toBe('A');
  });

  it('lets a wallet pay type through by gray ratio or whitelist', () => {
    const pkg = { applepay_gray_config: [{ pay_type: 26, gray_ratio: 10, whitelist: [1001] }] };
    expect(walletGrayAllows(5, pkg, 26, undefined)).toBe(true);
    expect(walletGrayAllows(50, pkg, 26, undefined)).toBe(false);
    expect(walletGrayAllows(50, pkg, 26, 1001)).toBe(true);
    expect(walletGrayAllows(50, pkg, 2528, undefined)).toBe(true);
  });
});
