import {
  type AdyenResultCode,
  type CardDecline,
  DeclineCode,
  declineMessage,
  FailDetail,
  Message,
  ServerCode,
  type WalletTokenOutcome,
} from '@topup/contracts';
import { ORDER_PAYMENT_WINDOW_MS } from '@topup/contracts/simulators';
import type { Order } from './orderTypes';
import type { World } from './world';

/**
 * How an order ends, whichever provider took it: paid (the card saved, the top-up or fine recorded), failed,
 * declined, refused by 3-D Secure, settled by the wallet, or expired past its payment window.
 */

/** Adyen's refusal reasons by code, for err_summary. */
const refusalReasons: Readonly<Record<string, string>> = {
  '2': 'Refused',
  '6': 'Expired Card',
  '11': '3D Not Authenticated',
  '12': 'Not enough balance',
  '20': 'FRAUD',
  '24': 'CVC Declined',
};

export interface Failure {
  readonly errCode: string;
  readonly summary: string;
  readonly detail: string;
  readonly reason?: string;
}

export function failOrder(order: Order, failure: Failure): void {
  order.status = 'failed';
  order.checkoutThreeDs = undefined;
  order.action = undefined;
  order.wallet = undefined;
  order.errCode = failure.errCode;
  order.errSummary = failure.summary;
  order.failDetail = failure.detail;
  order.failReason = failure.reason ?? declineMessage(failure.errCode === '' ? undefined : failure.errCode);
}

/** The card's issuer said no: Adyen's result and refusal codes on provider 17, the decline's err_code. */
export function declineOrder(order: Order, decline: CardDecline): void {
  if (order.payType === 27) {
    order.resultCode = decline.adyen_result_code;
    if (decline.refusal_code !== null) order.refusalReasonCode = String(decline.refusal_code);
  }
  const summary =
    decline.refusal_code === null
      ? 'Acquirer Error'
      : (refusalReasons[String(decline.refusal_code)] ?? 'Refused');
  failOrder(order, {
    errCode: decline.err_code,
    summary,
    detail: decline.fail_detail ?? FailDetail.default,
  });
}

/** Adyen's 3DS2 result: Authorised, or Refused with reason 11. */
export function authenticateOrder(world: World, order: Order, authenticated: boolean): void {
  order.action = undefined;
  if (authenticated) {
    payOrder(world, order, 'Authorised');
    return;
  }
  order.resultCode = 'Refused';
  order.refusalReasonCode = '11';
  failOrder(order, {
    errCode: '',
    summary: refusalReasons['11'] ?? 'Refused',
    detail: FailDetail.threeDsFailed,
  });
}

export function settleWallet(world: World, order: Order, outcome: WalletTokenOutcome): void {
  if (outcome.final_result === 0) {
    payOrder(world, order, undefined);
    return;
  }
  // A pending payment that fails says why only through the failure reason lookup: default (TESTDATA).
  const detail = outcome.fail_detail === FailDetail.pending ? FailDetail.default : outcome.fail_detail;
  failOrder(order, {
    errCode: detail === FailDetail.insufficientFunds ? DeclineCode.insufficientBalance : '',
    summary: 'Wallet payment failed',
    detail,
  });
}

/**
 * A fine is paid once: an order for a fine another order paid since it was created (two tabs, the card and
 * the hosted page, a 3-D Secure answered late) fails with the fine's own code 22002 and charges nothing.
 */
function fineAlreadyPaid(world: World, order: Order): boolean {
  return order.purpose === 'fine' && order.fineId !== undefined && world.fines.isPaid(order.fineId);
}

/** Paid: save (or touch) the card, record the top-up or clear the fine, and end the page view. */
export function payOrder(world: World, order: Order, resultCode: AdyenResultCode | undefined): void {
  if (fineAlreadyPaid(world, order)) {
    if (resultCode !== undefined) order.resultCode = 'Refused';
    failOrder(order, {
      errCode: String(ServerCode.fineAlreadyPaid),
      summary: 'Fine already paid',
      detail: FailDetail.default,
      reason: Message.fineAlreadyPaid,
    });
    return;
  }
  order.status = 'paid';
  order.checkoutThreeDs = undefined;
  order.action = undefined;
  order.wallet = undefined;
  if (resultCode !== undefined) order.resultCode = resultCode;
  const card = order.card;
  if (card !== undefined) {
    if (card.savedSourceId !== undefined) {
      world.cards.touch(card.savedSourceId);
      order.sourceId = card.savedSourceId;
    } else if (card.remember && order.payerUid !== 0) {
      // Kept only when the visitor asked for it, and only for a signed-in account.
      const saved = world.cards.save({
        last4: card.last4,
        bin: card.bin,
        to_uid: order.toUid,
        scheme: card.scheme,
        fingerprint: card.fingerprint,
        issuer_country: 'SA',
        card_valid_date: card.cardValidDate,
        is_bank_expire: 0,
        h5_deviceid: order.deviceId,
        is_remember: 1,
        login: 1,
        uid: order.payerUid,
      });
      order.sourceId = saved?.source_id ?? '';
      if (saved !== undefined && card.securityCodeDigest !== undefined) {
        world.cards.rememberSecurityCode(saved.source_id, card.securityCodeDigest);
      }
    }
  }
  if (order.purpose === 'coin') world.people.recordTopUp(order.payerUid, order.toUid, order.deviceId);
  if (order.purpose === 'fine' && order.fineId !== undefined) world.fines.markPaid(order.fineId);
  if (order.pageViewId !== undefined) world.events.completePageView(order.pageViewId);
}

/** An order left undecided past its payment window fails as expired; true when this one just did. */
export function expireIfStale(world: World, order: Order): boolean {
  if (order.status === 'paid' || order.status === 'failed') return false;
  if (order.createdAt + ORDER_PAYMENT_WINDOW_MS >= world.clock.now()) return false;
  failOrder(order, {
    errCode: String(ServerCode.orderExpired),
    summary: 'Expired',
    detail: FailDetail.timeOut,
    reason: Message.orderExpired,
  });
  return true;
}

/** The visitor gave up, or the wallet sheet was cancelled: nothing is charged; false once already decided. */
export function cancelOrder(order: Order, reason: string): boolean {
  if (order.status === 'paid' || order.status === 'failed') return false;
  failOrder(order, {
    errCode: '',
    summary: 'Cancelled',
    detail: FailDetail.userCancel,
    reason: reason === '' ? FailDetail.userCancel : reason,
  });
  return true;
}
