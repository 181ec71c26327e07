import type { ChargeListInfo, ChargePackage } from '@topup/contracts/entities';
import { trustedPackages } from '../../payments/trustedPackages';

/** The packages this visitor may be offered: new-user-only ones only for a new user (SPEC §2 rechargeList). */
const forVisitor = (list: readonly ChargePackage[], isNew: boolean) =>
  list.filter((item) => isNew || !item.new_user_only);

/**
 * Packages by amount ascending, those whose terms cannot be trusted left out (payments/trustedPackages.ts: a
 * price finer than a cent, never drawn rounded; a recharge_id given several prices or diamond counts; a method
 * ordering another package): `refusedPackages` says how many.
 */
export function visiblePackages(list: readonly ChargePackage[], isNew: boolean): ChargePackage[] {
  return forVisitor(trustedPackages(list).trusted, isNew).sort((a, b) => a.amount - b.amount);
}

/** How many of the visitor's packages were left out for a price that cannot be trusted. */
export function refusedPackages(list: readonly ChargePackage[], isNew: boolean): number {
  return forVisitor(trustedPackages(list).refused, isNew).length;
}

function asAmount(value: string | number): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  const trimmed = value.trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return undefined;
  return Number(trimmed);
}

/**
 * Recommended amounts: non-numeric entries skipped; the extra recommended amount first, the rest by amount
 * descending, each amount once.
 */
export function recommendedAmounts(info: Pick<ChargeListInfo, 'extra_recommend' | 'recommends'>): number[] {
  const extra = asAmount(info.extra_recommend);
  const rest = info.recommends
    .map(asAmount)
    .filter((amount): amount is number => amount !== undefined && amount !== extra)
    .sort((a, b) => b - a);
  const unique = [...new Set(rest)];
  return extra === undefined ? unique : [extra, ...unique];
}

/** The package to preselect: the first recommended amount that is listed, else the first package. */
export function defaultPackage(
  packages: readonly ChargePackage[],
  recommended: readonly number[],
): ChargePackage | undefined {
  for (const amount of recommended) {
    const found = packages.find((item) => item.amount === amount);
    if (found) return found;
  }
  return packages[0];
}

export interface PayMethodChoice {
  readonly group: string;
  readonly payType: number;
  readonly rechargeId: string;
}

/** The methods a package offers, in its display groups' order. */
export function methodsOf(item: ChargePackage): PayMethodChoice[] {
  return item.payItemDisplayMethods.flatMap((group) =>
    group.methods.map((method) => ({
      group: group.displayName,
      payType: method.subType,
      rechargeId: method.recharge_id,
    })),
  );
}

/** Method display modes (SPEC §2): 0 the last-used method only, 1 every channel. */
export const MethodDisplayMode = { lastUsed: 0, channels: 1 } as const;
export type MethodDisplayMode = (typeof MethodDisplayMode)[keyof typeof MethodDisplayMode];

export function methodDisplayMode(
  methods: readonly PayMethodChoice[],
  lastPayType: number | undefined,
): MethodDisplayMode {
  return lastPayType !== undefined && methods.some((m) => m.payType === lastPayType)
    ? MethodDisplayMode.lastUsed
    : MethodDisplayMode.channels;
}
