import type { PkgInfo } from '@topup/contracts/entities';
import { isPayType, payTypeInfo } from '@topup/contracts/payTypeInfo';
import { abTestKey } from '@topup/contracts/storage';
import { randomScore } from '../platform/score';
import { readKey, writeKey } from '../platform/storage';

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

// ------------------------------------------------------------------------- the visitor's stored scores

/** The tests whose scores are kept under `abtest_<id>` (SPEC §3 browser storage). */
export const AbTest = {
  newCheckout: 'cko_new',
  adyenCard: 'adyen_card',
  repurchase: 'repurchase',
  wallet: 'applepay_gray',
} as const;
export type AbTest = (typeof AbTest)[keyof typeof AbTest];

/** A visitor's score for one test: read from storage, or drawn (0–99) and kept on first use. */
export function storedScore(testId: string): number {
  const key = abTestKey(testId);
  const stored = readKey(key);
  if (stored !== undefined) return stored;
  const fresh = randomScore();
  writeKey(key, fresh);
  return fresh;
}

/** Who the gray and AB rules look at: the signed-in uid (whitelists) and the stored scores. */
export interface GrayVisitor {
  readonly uid: number | undefined;
  readonly scores: { readonly newCheckout: number; readonly adyenCard: number; readonly wallet: number };
}

export function grayVisitor(
  uid: number | undefined,
  score: (testId: string) => number = storedScore,
): GrayVisitor {
  return {
    uid,
    scores: {
      newCheckout: score(AbTest.newCheckout),
      adyenCard: score(AbTest.adyenCard),
      wallet: score(AbTest.wallet),
    },
  };
}

// ------------------------------------------------------------------------ the card and wallet choices

export type GrayPkg = Pick<
  PkgInfo,
  'cko_new_rate' | 'cko_new_whitelist' | 'adyen_card_ratio' | 'adyen_card_whitelist' | 'applepay_gray_config'
>;

/** The card pay types with a card frame: provider 13's (Checkout.com) and provider 17's (Adyen). */
export const CHECKOUT_CARD = 23;
export const ADYEN_CARD = 27;

/**
 * Which provider takes a new card when a package offers both card pay types (SPEC §5). Our reading, as SPEC
 * leaves the combination open:
 * - "the new checkout" (cko_new_*) is Checkout.com's card, provider 13 ("cko" is Checkout.com's own
 *   abbreviation): a gray release, so a visitor it has not reached keeps the established card, Adyen's;
 * - adyen_card_ratio/whitelist is an AB test over card payments: among visitors the new checkout has reached,
 *   the Adyen share still pays with Adyen. With the new checkout fully released it is exactly Adyen's share;
 * - a whitelisted uid takes precedence over any score (SPEC §5), Adyen's whitelist first, as the AB test's.
 */
export function cardProviderChoice(pkg: GrayPkg, visitor: GrayVisitor): 13 | 17 {
  const { uid, scores } = visitor;
  if (uid !== undefined && pkg.adyen_card_whitelist.includes(uid)) return 17;
  if (uid !== undefined && pkg.cko_new_whitelist.includes(uid)) return 13;
  if (!inNewCheckout(scores.newCheckout, pkg, undefined)) return 17;
  return inAdyenCard(scores.adyenCard, pkg, undefined) ? 17 : 13;
}

/**
 * The methods offered to this visitor: of the two card pay types only the chosen provider's, and a wallet
 * pay type only where its gray release reaches the visitor. `pinned` (the pay type chosen on the recharge
 * list) is always kept and, when it is a card, is the card the visitor pays with. A single card pay type is
 * kept whatever the rules say: hiding it would leave no card at all. Without pkgInfo nothing is decided.
 */
export function methodsForVisitor<T extends { readonly payType: number }>(
  methods: readonly T[],
  pkg: GrayPkg | undefined,
  visitor: GrayVisitor,
  pinned?: number,
): T[] {
  if (pkg === undefined) return [...methods];
  const offered = new Set(methods.map((m) => m.payType));
  const bothCards = offered.has(CHECKOUT_CARD) && offered.has(ADYEN_CARD);
  const card =
    pinned === CHECKOUT_CARD || pinned === ADYEN_CARD
      ? pinned
      : cardProviderChoice(pkg, visitor) === 13
        ? CHECKOUT_CARD
        : ADYEN_CARD;
  return methods.filter((m) => {
    if (m.payType === pinned) return true;
    if (bothCards && (m.payType === CHECKOUT_CARD || m.payType === ADYEN_CARD)) return m.payType === card;
    if (isWallet(m.payType)) return walletGrayAllows(visitor.scores.wallet, pkg, m.payType, visitor.uid);
    return true;
  });
}

function isWallet(payType: number): boolean {
  return isPayType(payType) && payTypeInfo[payType].kind === 'wallet';
}

/**
 * The method to select when the selected one is not offered to the visitor: the other provider's card for a
 * card, else the first offered.
 */
export function replacementMethod<T extends { readonly payType: number }>(
  shown: readonly T[],
  selected: number | undefined,
): T | undefined {
  if (selected !== undefined && shown.some((m) => m.payType === selected)) return undefined;
  if (selected === CHECKOUT_CARD || selected === ADYEN_CARD) {
    const card = shown.find((m) => m.payType === CHECKOUT_CARD || m.payType === ADYEN_CARD);
    if (card !== undefined) return card;
  }
  return shown[0];
}
