import { describe, expect, it } from 'vitest';
import { PAY_TYPES } from '../payments';
import {
  extraRecommend,
  NON_NUMERIC_RECOMMEND,
  packageByRechargeId,
  packages,
  packagesFor,
  recommends,
} from './packages';

describe('charge packages', () => {
  it('has at least seven packages from 0.99 USD up, in ascending amount', () => {
    expect(packages.length).toBeGreaterThanOrEqual(7);
    expect(packages[0]?.amount).toBe(0.99);
    const amounts = packages.map((p) => p.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
  });

  it('has exactly one new-user-only package and login-only ones from 199.99 USD', () => {
    expect(packages.filter((p) => p.new_user_only).map((p) => p.recharge_id)).toEqual(['rc_199_new']);
    expect(packages.filter((p) => p.login_only).map((p) => p.amount)).toEqual([199.99, 499.99]);
  });

  it.each(packages.map((p) => [p.recharge_id, p] as const))('%s is well formed', (rechargeId, item) => {
    expect(item.coin).toBe(item.origin_coin + item.extra_coin);
    expect(item.pay_sub_types.length).toBeGreaterThan(0);
    for (const payType of item.pay_sub_types) expect(PAY_TYPES).toContain(payType);
    expect(item.login_only).toBe(item.amount >= 199.99);
    expect(packageByRechargeId(rechargeId)).toBe(item);
  });

  it('has unique recharge ids', () => {
    expect(new Set(packages.map((p) => p.recharge_id)).size).toBe(packages.length);
  });

  it('recommends one non-numeric entry among numeric amounts, and sets extra_recommend', () => {
    const nonNumeric = recommends.filter((entry) => Number.isNaN(Number(entry)));
    expect(nonNumeric).toEqual([NON_NUMERIC_RECOMMEND]);
    for (const entry of recommends.filter((e) => e !== NON_NUMERIC_RECOMMEND)) {
      expect(packages.map((p) => p.amount)).toContain(Number(entry));
    }
    expect(Number.isFinite(Number(extraRecommend))).toBe(true);
    expect(packages.map((p) => p.amount)).toContain(Number(extraRecommend));
  });

  it.each([
    [{ loggedIn: false, isNew: false }, 7, false, false],
    [{ loggedIn: true, isNew: false }, 9, false, true],
    [{ loggedIn: false, isNew: true }, 8, true, false],
    [{ loggedIn: true, isNew: true }, 10, true, true],
  ])('lists for %o', (visitor, count, hasNewUser, hasLoginOnly) => {
    const listed = packagesFor(visitor);
    expect(listed).toHaveLength(count);
    expect(listed.some((p) => p.new_user_only)).toBe(hasNewUser);
    expect(listed.some((p) => p.login_only)).toBe(hasLoginOnly);
  });
});
