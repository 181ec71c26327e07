import { ServerCode } from '../codes';
import { DisplayUid } from './accounts';

/** The fines of TESTDATA "Fines". Owners and amounts TESTDATA leaves open are the project's choice. */

export type FineState = 'unpaid' | 'paid' | 'amountChanges' | 'notFound';

/**
 * Codes the fine calls answer. 22001-22003 are the project's choice (SPEC.md gives none); 0 means the
 * fine can be paid.
 */
export const FineCode = {
  ok: ServerCode.ok,
  notFound: ServerCode.fineNotFound,
  alreadyPaid: ServerCode.fineAlreadyPaid,
  amountChanged: ServerCode.fineAmountChanged,
} as const;
export type FineCode = (typeof FineCode)[keyof typeof FineCode];

export interface TestFine {
  readonly fine_id: number;
  readonly state: FineState;
  /** USD as get_fine_info shows it; null when the fine does not exist. */
  readonly amount: number | null;
  /** The amount once the order is created, when it differs from the one shown. */
  readonly amount_at_order: number | null;
  readonly currency: 'USD';
  readonly display_uid: string | null;
  readonly uid: number | null;
  /** Paying it lifts the account's ban at once. */
  readonly unbans_on_payment: boolean;
  /** Code of get_fine_info (7999) or of the fine order creation (7002, 7003). */
  readonly expected_code: FineCode;
  readonly must: string;
}

export const FineId = { outstanding: 7001, paid: 7002, amountChanges: 7003, missing: 7999 } as const;

export const fines: readonly TestFine[] = [
  {
    fine_id: FineId.outstanding,
    state: 'unpaid',
    amount: 4.99,
    amount_at_order: null,
    currency: 'USD',
    display_uid: DisplayUid.fined,
    uid: 1009,
    unbans_on_payment: true,
    expected_code: FineCode.ok,
    must: 'paying it unbans 10000009 at once',
  },
  {
    fine_id: FineId.paid,
    state: 'paid',
    amount: 2.99,
    amount_at_order: null,
    currency: 'USD',
    display_uid: DisplayUid.omar,
    uid: 1002,
    unbans_on_payment: false,
    expected_code: FineCode.alreadyPaid,
    must: 'the app says it is already paid and offers no payment',
  },
  {
    fine_id: FineId.amountChanges,
    state: 'amountChanges',
    amount: 9.99,
    amount_at_order: 14.99,
    currency: 'USD',
    display_uid: DisplayUid.omar,
    uid: 1002,
    unbans_on_payment: false,
    expected_code: FineCode.amountChanged,
    must: '"fine amount changed, refresh" when the order is created',
  },
  {
    fine_id: FineId.missing,
    state: 'notFound',
    amount: null,
    amount_at_order: null,
    currency: 'USD',
    display_uid: null,
    uid: null,
    unbans_on_payment: false,
    expected_code: FineCode.notFound,
    must: 'a clear not-found message',
  },
];

/** The row of a fine id; ids of no row do not exist, like 7999. */
export function fineById(fineId: number): TestFine | undefined {
  return fines.find((fine) => fine.fine_id === fineId);
}
