import type { AdyenResultCode, OrderPlatformData } from '@topup/contracts';

/**
 * Whether an order answer's platform_data (create_coin_pay's, or a 3-D Secure submit's) can be believed as it
 * says: its `status` and its other fields (SPEC §3 order; §4 provider 17 results) must agree. One that
 * contradicts itself (failed yet Authorised, paid yet Refused or carrying an error) or a failure whose code and
 * detail are no code or detail at all is neither a success nor "nothing was charged": the engine asks the
 * server's result poll for the order (`nextStep` makes it pending), and says what that answers.
 */

export type AnswerDoubt =
  /** status failed, yet the provider's result code says the payment went through. */
  | 'failedButAuthorised'
  /** status failed, yet the provider's result code says it is not decided (an action or pending). */
  | 'failedButUndecided'
  /** status paid, yet the provider's result code is not Authorised (a refusal, an error, still pending). */
  | 'paidButNotAuthorised'
  /** status paid, yet the answer carries a failure's fields (err_code, fail_detail, refusalReasonCode). */
  | 'paidWithFailure'
  /** status failed, with an err_code or fail_detail no server writes (markup, control characters, a flood). */
  | 'garbledFailure';

/** The result codes a failed order can carry: the provider refused, cancelled or erred. */
const FAILED_CODES: ReadonlySet<AdyenResultCode> = new Set(['Refused', 'Cancelled', 'Error']);

/** A decline code: digits and letters (20051, 200P1), never markup or text. */
const ERR_CODE = /^[\w.-]{1,32}$/;
/** A failure detail: a short plain phrase ('Insufficient Funds or Exceeds Amount Limits', 'userCancel'). */
const DETAIL_MAX = 200;
const NOT_PLAIN = /[<>\p{Cc}\p{Cf}]/u;

const present = (value: string | undefined): value is string => value !== undefined && value !== '';

function garbled(data: OrderPlatformData): boolean {
  if (present(data.err_code) && !ERR_CODE.test(data.err_code)) return true;
  const detail = data.fail_detail;
  return present(detail) && (detail.length > DETAIL_MAX || NOT_PLAIN.test(detail));
}

/** Why the answer cannot be believed as it stands, or undefined when its fields agree. */
export function answerDoubtOf(data: OrderPlatformData): AnswerDoubt | undefined {
  const code = data.resultCode;
  if (data.status === 'paid') {
    if (code !== undefined && code !== 'Authorised') return 'paidButNotAuthorised';
    if (present(data.err_code) || present(data.fail_detail) || present(data.refusalReasonCode))
      return 'paidWithFailure';
    return undefined;
  }
  if (data.status === 'failed') {
    if (code === 'Authorised') return 'failedButAuthorised';
    if (code !== undefined && !FAILED_CODES.has(code)) return 'failedButUndecided';
    if (garbled(data)) return 'garbledFailure';
  }
  return undefined;
}
