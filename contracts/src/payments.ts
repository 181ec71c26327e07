import { z } from 'zod/mini';
import { DeclineCode } from './codes';

/** Pay types, providers, display groups, order kinds and result outcomes (SPEC §3, §4). */

export const Provider = { p6: 6, checkout: 13, adyen: 17, p18: 18, p19: 19 } as const;
export type Provider = (typeof Provider)[keyof typeof Provider];

export const PayType = {
  checkoutCard: 23,
  p6Card: 24,
  p6Wallet: 25,
  adyenWallet: 26,
  adyenCard: 27,
  p18Wallet: 28,
  p19Wallet: 29,
  otherWallet: 30,
  p6WalletInsert: 31,
  genericWallet: 2528,
} as const;
export type PayType = (typeof PayType)[keyof typeof PayType];
export const PAY_TYPES = Object.values(PayType);
export const PayTypeSchema = z.union(
  PAY_TYPES.map((t) => z.literal(t)) as [z.ZodMiniLiteral<PayType>, ...z.ZodMiniLiteral<PayType>[]],
);

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

export const ORDER_KINDS = ['normal', 'retry', 'repurchase', 'expired'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

export const OUTCOMES = [
  'success',
  'fail',
  'balance',
  'expire',
  'verify',
  'not_support_apple_pay',
  'other',
  'notActive',
  'highRisk',
] as const;
export type Outcome = (typeof OUTCOMES)[number];
export const OutcomeSchema = z.enum(OUTCOMES);

/** fail_detail strings of SPEC §8. */
export const FailDetail = {
  insufficientFunds: 'Insufficient Funds or Exceeds Amount Limits',
  threeDsFailed: '3ds_authentication_failure',
  pending: 'pending',
  channelRisk: 'channel_user_risk',
  userCancel: 'userCancel',
  timeOut: 'time_out',
  default: 'default',
} as const;
export type FailDetail = (typeof FailDetail)[keyof typeof FailDetail];

/**
 * The outcome of a failed order (SPEC §4 "Failure-detail mapping"): insufficient funds gives balance, a failed
 * verification gives verify, error code 20054 gives expire; the rest is other. Risk control gives highRisk
 * (SPEC §8 result tips), and 20051 is the insufficient-balance code itself.
 */
export function outcomeOfFailure(failure: {
  errCode?: string | number | undefined;
  failDetail?: string | undefined;
}): Outcome {
  const detail = failure.failDetail ?? '';
  const code = failure.errCode === undefined ? '' : String(failure.errCode);
  if (detail === FailDetail.insufficientFunds || code === DeclineCode.insufficientBalance) return 'balance';
  if (detail === FailDetail.threeDsFailed) return 'verify';
  if (detail === FailDetail.channelRisk) return 'highRisk';
  if (code === DeclineCode.cardExpired) return 'expire';
  return 'other';
}

/** Adyen refusal reason codes (SPEC §4 "Provider 17 results"). */
export function outcomeOfAdyenRefusal(refusalReasonCode: string | number | undefined): Outcome {
  switch (String(refusalReasonCode)) {
    case '6':
      return 'expire';
    case '11':
    case '24':
      return 'verify';
    case '12':
      return 'balance';
    default:
      return 'other';
  }
}

export const ADYEN_ACTION_CODES = ['ChallengeShopper', 'IdentifyShopper', 'RedirectShopper'] as const;
export type AdyenActionCode = (typeof ADYEN_ACTION_CODES)[number];
export const ADYEN_RESULT_CODES = [
  'Authorised',
  ...ADYEN_ACTION_CODES,
  'Refused',
  'Cancelled',
  'Error',
  'Pending',
  'Received',
] as const;
export type AdyenResultCode = (typeof ADYEN_RESULT_CODES)[number];

/** What a provider 17 result code means for the app: done, a 3DS2 action to run, or pending. */
export type AdyenStep =
  | { kind: 'done'; outcome: Outcome }
  | { kind: 'action'; action: AdyenActionCode }
  | { kind: 'pending' };

export function adyenStepOf(resultCode: AdyenResultCode, refusalReasonCode?: string | number): AdyenStep {
  switch (resultCode) {
    case 'Authorised':
      return { kind: 'done', outcome: 'success' };
    case 'ChallengeShopper':
    case 'IdentifyShopper':
    case 'RedirectShopper':
      return { kind: 'action', action: resultCode };
    case 'Refused':
      return { kind: 'done', outcome: outcomeOfAdyenRefusal(refusalReasonCode) };
    case 'Pending':
    case 'Received':
      return { kind: 'pending' };
    default:
      return { kind: 'done', outcome: 'other' };
  }
}

/** The 3DS2 challenge window size the app asks for (SPEC §4): 05 is full screen. */
export const CHALLENGE_WINDOW_SIZE = '05';

/** Wallet failure reasons (SPEC §4 "Wallet flow") by fail_detail. */
export const WALLET_FAILURE_REASONS = [
  'userCancel',
  'networkTimeout',
  'highRisk',
  'verifyFailed',
  'insufficientFunds',
  'default',
] as const;
export type WalletFailureReason = (typeof WALLET_FAILURE_REASONS)[number];

export function walletFailureReasonOf(failDetail: string | undefined): WalletFailureReason {
  switch (failDetail) {
    case FailDetail.userCancel:
      return 'userCancel';
    case FailDetail.timeOut:
      return 'networkTimeout';
    case FailDetail.channelRisk:
      return 'highRisk';
    case FailDetail.threeDsFailed:
      return 'verifyFailed';
    case FailDetail.insufficientFunds:
      return 'insufficientFunds';
    default:
      return 'default';
  }
}

/** Order results of pay_result_by_order_fast and the wallet poll (SPEC §4): -1 pending, 0 success, else failed. */
export const OrderResult = { pending: -1, success: 0, failed: 1 } as const;
