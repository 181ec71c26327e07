// @vitest-environment node
import type { ChargePackage } from '@topup/contracts/entities';
import { extraRecommend, packagesFor, recommends } from '@topup/contracts/testdata/packages';
import { describe, expect, it } from 'vitest';
import {
  defaultPackage,
  MethodDisplayMode,
  methodDisplayMode,
  methodsOf,
  recommendedAmounts,
  refusedPackages,
  visiblePackages,
} from './packages';

const pkg = (recharge_id: string, amount: number, new_user_only = false): ChargePackage => ({
  recharge_id,
  amount,
  coin: 1,
  extra_coin: 0,
  origin_coin: 1,
  icon: '',
  pay_sub_types: [23],
  new_user_only,
  payItemDisplayMethods: [{ displayName: 'Provider13', methods: [{ subType: 23, recharge_id }] }],
});

describe('packages', () => {
  it.each([
    { isNew: false, expected: ['a', 'c', 'd'] },
    { isNew: true, expected: ['a', 'n', 'c', 'd'] },
  ])('sorts by amount ascending and hides new-user packages unless new ($isNew)', ({ isNew, expected }) => {
    const list = [pkg('d', 9.99), pkg('a', 0.99), pkg('n', 1.99, true), pkg('c', 4.99)];
    expect(visiblePackages(list, isNew).map((p) => p.recharge_id)).toEqual(expected);
  });

  it.each([
    { extra: '19.99', recommends: ['9.99', 'hot', '49.99'], expected: [19.99, 49.99, 9.99] },
    { extra: 'x', recommends: [1, '2', 3], expected: [3, 2, 1] },
    { extra: 5, recommends: ['5', 1, 'NaN', ' 7 '], expected: [5, 7, 1] },
    { extra: '', recommends: [], expected: [] },
  ])(
    'recommended amounts skip non-numbers, extra first, rest descending',
    ({ extra, recommends, expected }) => {
      expect(recommendedAmounts({ extra_recommend: extra, recommends })).toEqual(expected);
    },
  );

  it('reads the catalogue recommends the way TESTDATA says', () => {
    expect(recommendedAmounts({ extra_recommend: extraRecommend, recommends: [...recommends] })).toEqual([
      19.99, 49.99, 9.99,
    ]);
    expect(packagesFor({ loggedIn: false, isNew: false }).length).toBeGreaterThanOrEqual(7);
  });

  it('preselects the first listed recommended amount', () => {
    const list = [pkg('a', 0.99), pkg('b', 9.99)];
    expect(defaultPackage(list, [19.99, 9.99])?.recharge_id).toBe('b');
    expect(defaultPackage(list, [])?.recharge_id).toBe('a');
  });

  it('shows the last-used method alone when it is offered, else every channel', () => {
    const methods = methodsOf(pkg('a', 1));
    expect(methods).toEqual([{ group: 'Provider13', payType: 23, rechargeId: 'a' }]);
    expect(methodDisplayMode(methods, 23)).toBe(MethodDisplayMode.lastUsed);
    expect(methodDisplayMode(methods, 26)).toBe(MethodDisplayMode.channels);
    expect(methodDisplayMode(methods, undefined)).toBe(MethodDisplayMode.channels);
  });
});

describe('a price outside the contract (finer than a cent)', () => {
  const list = [pkg('odd', 0.001), pkg('a', 0.99), pkg('half', 4.995), pkg('n', 1.001, true), pkg('w', 20)];
  it('is left out, never drawn rounded, and counted among the visitor’s packages only', () => {
    expect(visiblePackages(list, false).map((p) => p.recharge_id)).toEqual(['a', 'w']);
    expect(refusedPackages(list, false)).toBe(2);
    expect(refusedPackages(list, true)).toBe(3);
    expect(refusedPackages([pkg('a', 0.99)], false)).toBe(0);
  });
});
