import { DeclineCode } from './codes';

/**
 * What a payment's result means (SPEC §4, §8): order kinds, outcomes, fail details, Adyen result codes and
 * steps, wallet failure reasons. Apart from the pay types, which start-up's stored values need, so the
 * first load carries none of this.
 */

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
