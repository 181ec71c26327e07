import type { ChargePackage } from '@topup/contracts';
import { listedPackage as pkg } from '@topup/contracts/testdata/packages';
import { describe, expect, it } from 'vitest';
import { listTermsProblems } from './listTerms';

describe("a charge list's broken package terms, as the contract check says them", () => {
  it.each<[string, ChargePackage[], string[]]>([
    [
      'a total that is not base plus bonus',
      [{ ...pkg('rc_099', 0.99), extra_coin: 100 }, pkg('rc_499', 4.99)],
      ['data.list.0.coin package rc_099: coin 70 is not origin_coin 70 + extra_coin 100 = 170'],
    ],
    [
      'a price of 4.994',
      [pkg('rc_499', 4.994), pkg('rc_999', 9.99)],
      ['data.list.0.amount package rc_499: amount 4.994 is not a USD price in whole cents'],
    ],
    [
      'a method ordering a package of other terms',
      [pkg('rc_099', 0.99, 'rc_499'), pkg('rc_499', 4.99)],
      [
        'data.list.0.payItemDisplayMethods.0.methods.0.recharge_id package rc_099: its method "Provider13" (subType 23) orders recharge_id rc_499, a package of other terms (amount 4.99, coin 70 (70 + 0)) than its own (amount 0.99, coin 70 (70 + 0))',
      ],
    ],
    [
      'a method ordering a package the list does not hold',
      [pkg('rc_099', 0.99, 'rc_gone')],
      [
        'data.list.0.payItemDisplayMethods.0.methods.0.recharge_id package rc_099: its method "Provider13" (subType 23) orders recharge_id rc_gone, which the list does not hold',
      ],
    ],
    [
      'one recharge_id at two prices',
      [pkg('rc_499', 0.99), pkg('rc_499', 4.99)],
      [
        'data.list.0.recharge_id package rc_499: the list gives its recharge_id other terms too (entry 1: amount 4.99',
        'data.list.1.recharge_id package rc_499: the list gives its recharge_id other terms too (entry 0: amount 0.99',
      ],
    ],
    [
      'a method ordering a package refused itself',
      [pkg('rc_199', 1.99, 'rc_199b'), pkg('rc_199b', 1.99, 'rc_999'), pkg('rc_999', 9.99)],
      [
        'data.list.0.payItemDisplayMethods.0.methods.0.recharge_id package rc_199: its method "Provider13" (subType 23) orders recharge_id rc_199b, a package refused itself',
        'data.list.1.payItemDisplayMethods.0.methods.0.recharge_id package rc_199b: its method "Provider13" (subType 23) orders recharge_id rc_999, a package of other terms',
      ],
    ],
  ])('%s', (_name, list, says) => {
    const problems = listTermsProblems('getRechargeListV3', { list });
    expect(problems).toHaveLength(says.length);
    for (const [i, words] of says.entries()) {
      const problem = problems[i];
      expect(problem?.kind).toBe('meaning');
      expect(`${problem?.field} ${problem?.message}`).toContain(words);
      expect(problem?.message).toMatch(/; the web app refuses the package \(rule [a-z-]+\)$/);
    }
  });

  it('says nothing of another call, or of a sound list', () => {
    expect(listTermsProblems('getOrderInfo', { list: [{ ...pkg('a', 0.99), extra_coin: 1 }] })).toEqual([]);
    expect(listTermsProblems('getRechargeListV3', { list: [pkg('a', 0.99), pkg('b', 4.99)] })).toEqual([]);
  });
});
