import { describe, expect, it } from 'vitest';
import type { ChargePackage } from './entities';
import { type PackageTermsRule, packageTerms } from './packageTerms';
import { packages, listedPackage as pkg } from './testdata/packages';

/** The test data's packages as a list serves them, each method ordering its own package. */
const catalogue: ChargePackage[] = packages.map(({ login_only: _, ...row }) => ({
  ...row,
  pay_sub_types: [...row.pay_sub_types],
  payItemDisplayMethods: [
    {
      displayName: 'Card',
      methods: row.pay_sub_types.map((t) => ({ subType: t, recharge_id: row.recharge_id })),
    },
  ],
}));

interface Case {
  readonly name: string;
  readonly list: readonly ChargePackage[];
  /** Each problem as `recharge_id rule field`, in list order. */
  readonly problems: readonly `${string} ${PackageTermsRule} ${string}`[];
  readonly refused: readonly string[];
}

describe('the package-terms rule of a charge list', () => {
  it.each<Case>([
    { name: 'the test data catalogue: no problem', list: catalogue, problems: [], refused: [] },
    {
      name: 'a total that is not base plus bonus',
      list: [{ ...pkg('rc_099', 0.99), extra_coin: 100 }, pkg('rc_499', 4.99)],
      problems: ['rc_099 coin-sum coin'],
      refused: ['rc_099'],
    },
    {
      name: 'a price of 4.994 (not whole cents)',
      list: [pkg('rc_499', 4.994), pkg('rc_999', 9.99)],
      problems: ['rc_499 whole-cents amount'],
      refused: ['rc_499'],
    },
    {
      name: 'a method ordering a package of other terms',
      list: [pkg('rc_099', 0.99, 'rc_499'), pkg('rc_499', 4.99)],
      problems: ['rc_099 method-same-terms payItemDisplayMethods.0.methods.0.recharge_id'],
      refused: ['rc_099'],
    },
    {
      name: 'a method ordering a package the list does not hold',
      list: [pkg('rc_099', 0.99, 'rc_gone')],
      problems: ['rc_099 method-orders-listed payItemDisplayMethods.0.methods.0.recharge_id'],
      refused: ['rc_099'],
    },
    {
      name: 'one recharge_id at two prices',
      list: [pkg('rc_499', 0.99), pkg('rc_499', 4.99)],
      problems: ['rc_499 one-id-one-terms recharge_id', 'rc_499 one-id-one-terms recharge_id'],
      refused: ['rc_499', 'rc_499'],
    },
    {
      name: 'a method ordering a package of the same terms: kept',
      list: [pkg('a', 0.99, 'a2'), pkg('a2', 0.99)],
      problems: [],
      refused: [],
    },
    {
      name: 'several problems at once, a chain among them',
      list: [
        { ...pkg('rc_099', 0.994), extra_coin: 1 },
        pkg('rc_199', 1.99, 'rc_199b'),
        pkg('rc_199b', 1.99, 'rc_999'),
        pkg('rc_999', 9.99, 'rc_999', 700),
      ],
      problems: [
        'rc_099 whole-cents amount',
        'rc_099 coin-sum coin',
        'rc_199 method-orders-trusted payItemDisplayMethods.0.methods.0.recharge_id',
        'rc_199b method-same-terms payItemDisplayMethods.0.methods.0.recharge_id',
      ],
      refused: ['rc_099', 'rc_199', 'rc_199b'],
    },
  ])('$name', ({ list, problems, refused }) => {
    const found = packageTerms(list);
    expect(found.problems.map((p) => `${p.recharge_id} ${p.rule} ${p.field}`)).toEqual(problems);
    expect(found.refused.map((p) => p.recharge_id)).toEqual(refused);
    // Every refused entry is said why; every trusted one is not.
    for (const item of found.refused)
      expect(found.problems.some((p) => p.recharge_id === item.recharge_id)).toBe(true);
    for (const item of found.trusted)
      expect(found.problems.some((p) => p.recharge_id === item.recharge_id)).toBe(false);
  });
});
