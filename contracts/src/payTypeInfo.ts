import type { PayType } from './payTypes';

/**
 * Providers and display groups (SPEC §3, §4), without zod and apart from payTypes.ts (which the first load
 * carries): the recharge list's methods and the pay step read them. What an order's result means is in
 * outcomes.ts.
 */

export const Provider = { p6: 6, checkout: 13, adyen: 17, p18: 18, p19: 19 } as const;
export type Provider = (typeof Provider)[keyof typeof Provider];

export type PayKind = 'card' | 'wallet';

export interface PayTypeInfo {
  readonly provider: Provider | undefined;
  readonly kind: PayKind;
  /** Card entry happens in the provider's card frame (providers 13 and 17); provider 6 redirects. */
  readonly cardFrame: boolean;
  /** The provider sends the visitor to a hosted page and back to /recharge-list (SPEC §2). */
  readonly redirect: boolean;
}

export const payTypeInfo: Readonly<Record<PayType, PayTypeInfo>> = {
  23: { provider: 13, kind: 'card', cardFrame: true, redirect: false },
  24: { provider: 6, kind: 'card', cardFrame: false, redirect: true },
  25: { provider: 6, kind: 'wallet', cardFrame: false, redirect: true },
  26: { provider: 17, kind: 'wallet', cardFrame: false, redirect: false },
  27: { provider: 17, kind: 'card', cardFrame: true, redirect: false },
  28: { provider: 18, kind: 'wallet', cardFrame: false, redirect: true },
  29: { provider: 19, kind: 'wallet', cardFrame: false, redirect: true },
  30: { provider: undefined, kind: 'wallet', cardFrame: false, redirect: true },
  31: { provider: 6, kind: 'wallet', cardFrame: false, redirect: true },
  2528: { provider: undefined, kind: 'wallet', cardFrame: false, redirect: false },
};

export function isPayType(value: number): value is PayType {
  return Object.hasOwn(payTypeInfo, value);
}

/** Display groups of the channel list (SPEC §3): Wallet, then one per card provider. */
export const DisplayGroup = {
  wallet: 'Wallet',
  p13: 'Provider13',
  p6: 'Provider6',
  p17: 'Provider17',
} as const;
export type DisplayGroup = (typeof DisplayGroup)[keyof typeof DisplayGroup];

export function displayGroupOf(payType: PayType): DisplayGroup {
  const info = payTypeInfo[payType];
  if (info.kind === 'wallet') return DisplayGroup.wallet;
  if (info.provider === 13) return DisplayGroup.p13;
  if (info.provider === 17) return DisplayGroup.p17;
  return DisplayGroup.p6;
}
