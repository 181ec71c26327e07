import { FailDetail, type OrderPlatformData, OrderResult, payTypeInfo } from '@topup/contracts';
import { WalletVerifyCode } from '@topup/contracts/simulators';
import type { Order } from './orderTypes';

/** What the order calls answer about a payment, read from the order: platform_data, the poll's result, the wallet's code. */

/** What create and the submit calls answer about the payment's state. */
export function platformDataOf(order: Order): OrderPlatformData {
  const status =
    order.status === 'pending'
      ? order.action !== undefined
        ? 'action'
        : payTypeInfo[order.payType].redirect || order.checkoutThreeDs !== undefined
          ? 'redirect'
          : 'pending'
      : order.status;
  return {
    status,
    ...(order.resultCode === undefined ? {} : { resultCode: order.resultCode }),
    ...(order.refusalReasonCode === undefined ? {} : { refusalReasonCode: order.refusalReasonCode }),
    ...(order.action === undefined || order.status !== 'pending' ? {} : { action: order.action }),
    ...(order.status === 'failed' ? { err_code: order.errCode, fail_detail: order.failDetail } : {}),
    ...(order.status === 'pending' && order.wallet !== undefined ? { fail_detail: FailDetail.pending } : {}),
    ...(order.sourceId === '' ? {} : { source_id: order.sourceId }),
  };
}

/** What adyen_verify_pay answers: code 0 paid, -1 pending, 1 failed, with the fail_detail. */
export function walletAnswerOf(order: Order): { code: number; fail_detail: string } {
  if (order.status === 'paid') return { code: WalletVerifyCode.paid, fail_detail: '' };
  if (order.status === 'failed') return { code: WalletVerifyCode.failed, fail_detail: order.failDetail };
  return { code: WalletVerifyCode.pending, fail_detail: FailDetail.pending };
}

/** pay_result_by_order_fast's result: -1 pending, 0 paid, 1 failed. */
export function resultOf(order: Order): number {
  if (order.status === 'paid') return OrderResult.success;
  if (order.status === 'failed') return OrderResult.failed;
  return OrderResult.pending;
}
