import type { ChargePackage } from '../entities';
import { PAY_TYPES, type PayType } from '../payments';
/**
 * The charge packages of source 1 (TESTDATA "Charge packages"). Amounts and coins are the project's
 * choice; TESTDATA fixes only their shape: seven or more from 0.99 USD (seven even for a visitor neither
 * logged in nor new), one new-user only, the ones of 199.99 USD and more only when logged in, a non-numeric
 * recommends entry and extra_recommend set.
 */

/** Numeric pay types of SPEC §3, here so the catalogue stays free of the rest of contracts. */

export interface TestPackage {
  readonly recharge_id: string;
  /** USD. */
  readonly amount: number;
  /** origin_coin + extra_coin. */
  readonly coin: number;
  readonly extra_coin: number;
  readonly origin_coin: number;
  readonly icon: string;
  readonly pay_sub_types: readonly PayType[];
  /** Listed only for a new user (is_new). */
  readonly new_user_only: boolean;
  /** Listed only when a session is signed in. */
  readonly login_only: boolean;
}

const ALL_PAY_TYPES: readonly PayType[] = PAY_TYPES;
/** The smallest package skips provider 6 and the redirect wallets, so channel filtering has a case. */
const SMALL_PAY_TYPES: readonly PayType[] = [23, 26, 27, 2528];
/** The largest package skips the wallets of providers 18 and 19, as their limits would. */
const LARGEST_PAY_TYPES: readonly PayType[] = [23, 24, 25, 26, 27, 30, 31, 2528];

/** Amount at or above which a package is listed only when logged in. */
export const LOGIN_ONLY_FROM_USD = 199.99;

const row = (
  recharge_id: string,
  amount: number,
  origin_coin: number,
  extra_coin: number,
  pay_sub_types: readonly PayType[] = ALL_PAY_TYPES,
  new_user_only = false,
): TestPackage => ({
  recharge_id,
  amount,
  coin: origin_coin + extra_coin,
  extra_coin,
  origin_coin,
  icon: `/static/packages/${recharge_id}.png`,
  pay_sub_types,
  new_user_only,
  login_only: amount >= LOGIN_ONLY_FROM_USD,
});

/** In ascending amount, as the list shows them; 70 coins a dollar, bonuses grow with the amount. */
export const packages: readonly TestPackage[] = [
  row('rc_099', 0.99, 70, 0, SMALL_PAY_TYPES),
  // First top-up bonus: double coins, for new users only.
  row('rc_199_new', 1.99, 140, 140, ALL_PAY_TYPES, true),
  row('rc_499', 4.99, 350, 0),
  row('rc_999', 9.99, 700, 35),
  row('rc_1999', 19.99, 1400, 100),
  row('rc_2999', 29.99, 2100, 200),
  row('rc_4999', 49.99, 3500, 350),
  row('rc_9999', 99.99, 7000, 1000),
  row('rc_19999', 199.99, 14000, 2400),
  row('rc_49999', 499.99, 35000, 7000, LARGEST_PAY_TYPES),
];

/** Amounts as the server sends them; 'hot' is not a number and the app must skip it. */
export const recommends: readonly (string | number)[] = ['9.99', 'hot', '49.99'];
export const NON_NUMERIC_RECOMMEND = 'hot';
export const extraRecommend = '19.99';

export function packageByRechargeId(rechargeId: string): TestPackage | undefined {
  return packages.find((item) => item.recharge_id === rechargeId);
}

/** The packages get_recharge_list_v3 lists for a visitor: new-user and login-only rows filtered. */
export function packagesFor(visitor: { loggedIn: boolean; isNew: boolean }): TestPackage[] {
  return packages.filter(
    (item) => (visitor.loggedIn || !item.login_only) && (visitor.isNew || !item.new_user_only),
  );
}

/**
 * A charge list's package for a test of the package-terms rule (packageTerms.ts and its users): `id` at
 * `amount`, `coin` diamonds (all base), its one method ordering `methodId` (its own id unless said).
 */
export function listedPackage(id: string, amount: number, methodId = id, coin = 70): ChargePackage {
  return {
    recharge_id: id,
    amount,
    coin,
    extra_coin: 0,
    origin_coin: coin,
    icon: '',
    pay_sub_types: [23],
    new_user_only: false,
    payItemDisplayMethods: [{ displayName: 'Provider13', methods: [{ subType: 23, recharge_id: methodId }] }],
  };
}
