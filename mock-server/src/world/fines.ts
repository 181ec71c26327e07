import { AccountCheckStatus, accountByUid, type FineState, fines, ServerCode } from '@topup/contracts';
import type { World } from './world';

/**
 * The fines of TESTDATA: 7001 unpaid (paying it unbans 10000009 at once), 7002 paid, 7003 whose amount
 * changes when its order is created, and no 7999.
 */

export interface FineInfo {
  readonly id: number;
  readonly uid: number;
  readonly display_uid: string;
  readonly nickname: string;
  readonly amount: number;
  readonly currency: string;
  readonly status: 'unpaid' | 'paid';
  readonly account_banned: boolean;
}

interface FineRecord {
  readonly id: number;
  readonly uid: number;
  readonly displayUid: string;
  readonly state: FineState;
  readonly unbansOnPayment: boolean;
  amount: number;
  /** The amount the fine moves to when its order is created (7003), until it has moved. */
  amountAtOrder: number | null;
  paid: boolean;
}

export type FinePayCheck =
  | { readonly ok: true; readonly fine: FineInfo }
  | { readonly ok: false; readonly result: number };

const cents = (amount: number): number => Math.round(amount * 100);

export class FineBook {
  readonly #world: World;
  readonly #fines = new Map<number, FineRecord>();

  constructor(world: World) {
    this.#world = world;
    for (const row of fines) {
      if (row.uid === null || row.amount === null || row.display_uid === null) continue;
      this.#fines.set(row.fine_id, {
        id: row.fine_id,
        uid: row.uid,
        displayUid: row.display_uid,
        state: row.state,
        unbansOnPayment: row.unbans_on_payment,
        amount: row.amount,
        amountAtOrder: row.amount_at_order,
        paid: row.state === 'paid',
      });
    }
  }

  info(fineId: number): FineInfo | undefined {
    const fine = this.#fines.get(fineId);
    return fine === undefined ? undefined : this.#infoOf(fine);
  }

  /**
   * Whether a fine order may be created for the amount the visitor was shown. Creating it is when 7003's
   * amount moves, so the visitor who saw the old amount is told to refresh (22003).
   */
  checkPayable(fineId: number, shownAmount: number): FinePayCheck {
    const fine = this.#fines.get(fineId);
    if (fine === undefined) return { ok: false, result: ServerCode.fineNotFound };
    if (fine.paid) return { ok: false, result: ServerCode.fineAlreadyPaid };
    if (fine.amountAtOrder !== null) {
      fine.amount = fine.amountAtOrder;
      fine.amountAtOrder = null;
    }
    if (cents(fine.amount) !== cents(shownAmount)) return { ok: false, result: ServerCode.fineAmountChanged };
    return { ok: true, fine: this.#infoOf(fine) };
  }

  /** Whether the fine is settled (its own state, or an order that paid it). */
  isPaid(fineId: number): boolean {
    return this.#fines.get(fineId)?.paid ?? false;
  }

  /** The fine's order was paid: the fine is settled and, for 7001, the account's ban lifted at once. */
  markPaid(fineId: number): void {
    const fine = this.#fines.get(fineId);
    if (fine === undefined || fine.paid) return;
    fine.paid = true;
    if (fine.unbansOnPayment) this.#world.people.unban(fine.uid);
  }

  #infoOf(fine: FineRecord): FineInfo {
    const account = this.#world.people.accountByUid(fine.uid);
    return {
      id: fine.id,
      uid: fine.uid,
      display_uid: fine.displayUid,
      nickname: account?.nickname ?? accountByUid(fine.uid)?.nickname ?? '',
      amount: fine.amount,
      currency: 'USD',
      status: fine.paid ? 'paid' : 'unpaid',
      account_banned:
        account === undefined
          ? fine.unbansOnPayment && !fine.paid
          : account.status === AccountCheckStatus.banned,
    };
  }
}
