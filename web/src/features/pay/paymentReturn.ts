import { isPayType } from '@topup/contracts';
import type { ApiClient } from '../../api/client';
import { api as appApi } from '../../api/instance';
import { tolerant } from '../../api/tolerant';
import { methodKindOf } from '../../payments/methodKind';
import { payAttempts } from '../../payments/orderAttempt';
import {
  cancelledPanel,
  failureMessage,
  isCancel,
  outcomeOfPaymentFailure,
  resultPanelOf,
} from '../../payments/outcome';
import { pollOrder } from '../../payments/payment';
import { payIntentSearch } from '../../platform/payIntent';
import type { AppStore } from '../../platform/store';
import type { PaymentReturn } from '../../platform/urlArgs';
import { refreshPageViewId } from './pageView';
import { rememberSuccessAtom, showResultAtom } from './state';

const RETURN_ARGS = ['redirectResult', 'threeDSResult', 'payload', 'resultCode'] as const;

/**
 * The payment return (SPEC §2): a visitor back from a hosted or issuer page. The order's result is asked
 * of the server (with what the page brought back), its package and pay type looked up, and the result
 * panel shown on /pay-step for that package.
 */
export async function handlePaymentReturn(
  payment: PaymentReturn,
  deps: {
    readonly store: AppStore;
    readonly api: ApiClient;
    readonly sleep: (ms: number) => Promise<void>;
    readonly search: string;
  },
): Promise<string | undefined> {
  const params = new URLSearchParams(deps.search);
  const extra: Record<string, string | number> = { zp_h5deviceid: payment.deviceId };
  // The contract takes the pay type as a number; the URL brings it as digits.
  if (payment.paySubType !== undefined && /^\d{1,6}$/.test(payment.paySubType))
    extra.zp_pay_sub_type = Number(payment.paySubType);
  for (const name of RETURN_ARGS) {
    const value = params.get(name);
    if (value !== null) extra[name] = value;
  }
  const api = tolerant(deps.api);
  const [settled, info] = await Promise.all([
    pollOrder({ api, sleep: deps.sleep }, payment.orderId, extra),
    api.call('getOrderInfo', { order_id: payment.orderId }),
  ]);
  // The order the page kept is found: once its result is known there is nothing left to find again.
  if (settled.kind !== 'pending' && payAttempts.unsettled()?.orderId === payment.orderId)
    payAttempts.settled();
  const payType = info.ok && isPayType(info.data.pay_sub_type) ? info.data.pay_sub_type : undefined;
  if (settled.kind === 'paid') {
    if (payType !== undefined) deps.store.set(rememberSuccessAtom, { payType, card: undefined });
    refreshPageViewId(deps.api);
  }
  const outcome =
    settled.kind === 'paid'
      ? 'success'
      : settled.kind === 'failed'
        ? outcomeOfPaymentFailure(settled.failure)
        : 'fail';
  // A visitor who cancelled on the provider's page is told nothing was charged, not that something failed.
  const cancelled = settled.kind === 'failed' && isCancel(settled.failure);
  deps.store.set(showResultAtom, {
    panel: cancelled ? cancelledPanel : resultPanelOf(outcome),
    orderId: payment.orderId,
    detail: settled.kind === 'failed' && !cancelled ? failureMessage(settled.failure) : undefined,
    payType,
    sourceId: settled.kind === 'paid' ? settled.sourceId : undefined,
    kind: methodKindOf(payType),
  });
  if (!info.ok || info.data.kind !== 'coin') return undefined;
  return `/pay-step${payIntentSearch({ recharge_id: info.data.recharge_id, pay_type: info.data.pay_sub_type, to_uid: info.data.to_uid }, '')}`;
}

/**
 * HAND-OVER POINT (issue 5): the recharge list calls this when the URL is a return from a payment
 * (zp_show=1 or test_zp_show, an order id and a device id; SPEC §2): the result is asked and shown, and
 * the return URL (order id and all) replaced with the pay step, which the router follows.
 */
export async function returnFromPayment(payment: PaymentReturn, store: AppStore): Promise<void> {
  const target = await handlePaymentReturn(payment, {
    store,
    api: appApi,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    search: location.search,
  });
  if (target === undefined) return;
  history.replaceState(null, '', target);
  dispatchEvent(new PopStateEvent('popstate'));
}
