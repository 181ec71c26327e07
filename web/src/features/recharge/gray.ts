import type { PkgInfo } from '@topup/contracts/entities';

/**
 * Gray release and AB assignment (SPEC §5). Scores are random integers 0–99 kept per test in storage;
 * ratios summing above 100 are rescaled to 100; a user id on a whitelist takes precedence.
 */

/** The new checkout: the score is under cko_new_rate, or the uid is whitelisted. */
export function inNewCheckout(
  score: number,
  pkg: Pick<PkgInfo, 'cko_new_rate' | 'cko_new_whitelist'>,
  uid: number | undefined,
): boolean {
  if (uid !== undefined && pkg.cko_new_whitelist.includes(uid)) return true;
  return score < pkg.cko_new_rate;
}

/** Adyen's card share works the same way. */
export function inAdyenCard(
  score: number,
  pkg: Pick<PkgInfo, 'adyen_card_ratio' | 'adyen_card_whitelist'>,
  uid: number | undefined,
): boolean {
  if (uid !== undefined && pkg.adyen_card_whitelist.includes(uid)) return true;
  return score < pkg.adyen_card_ratio;
}

/** Ratios as cumulative bounds over 0–100; a total above 100 is rescaled to 100. */
export function rescaleRatios(ratios: Readonly<Record<string, number>>): [string, number][] {
  const entries = Object.entries(ratios).filter(([, ratio]) => Number.isFinite(ratio) && ratio > 0);
  const total = entries.reduce((sum, [, ratio]) => sum + ratio, 0);
  const scale = total > 100 ? 100 / total : 1;
  return entries.map(([group, ratio]) => [group, ratio * scale]);
}

/** The group of a score: the first whose cumulative bound is above it, else `fallback`. */
export function abGroup(
  score: number,
  ratios: Readonly<Record<string, number>>,
  fallback: string,
  whitelist?: {
    readonly uid: number | undefined;
    readonly byGroup: Readonly<Record<string, readonly number[]>>;
  },
): string {
  if (whitelist?.uid !== undefined) {
    for (const [group, uids] of Object.entries(whitelist.byGroup))
      if (uids.includes(whitelist.uid)) return group;
  }
  let bound = 0;
  for (const [group, ratio] of rescaleRatios(ratios)) {
    bound += ratio;
    if (score < bound) return group;
  }
  return fallback;
}

/** The repurchase test yields B or A: B within the B ratio, A otherwise. */
export function repurchaseGroup(score: number, pkg: Pick<PkgInfo, 'ABtest_repurchase_ratio'>): 'A' | 'B' {
  return abGroup(score, { B: pkg.ABtest_repurchase_ratio.B ?? 0 }, 'A') === 'B' ? 'B' : 'A';
}

/** The wallet gray config entries that let this visitor use a wallet pay type. */
export function walletGrayAllows(
  score: number,
  pkg: Pick<PkgInfo, 'applepay_gray_config'>,
  payType: number,
  uid: number | undefined,
): boolean {
  const entry = pkg.applepay_gray_config.find((e) => e.pay_type === payType);
  if (entry === undefined) return true;
  if (uid !== undefined && entry.whitelist.includes(uid)) return true;
  return score < entry.gray_ratio;
}
