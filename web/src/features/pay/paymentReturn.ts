import { isPayType } from '@topup/contracts';
import type { ApiClient } from '../../api/client';
import { api as appApi } from '../../api/instance';
import { tolerant } from '../../api/tolerant';
import { pt } from '../../i18n/pay';
import { wasGivenUp } from '../../payments/givenUp';
import { methodKindOf } from '../../payments/methodKind';
import { payAttempts } from '../../payments/orderAttempt';
import {
  cancelledPanel,
  failureMessage,
  givenUpPanel,
  isCancel,
  outcomeOfPaymentFailure,
  processingPanel,
  resultPanelOf,
} from '../../payments/outcome';
import { pollOrder } from '../../payments/payment';
import { pendingPanelOf } from '../../payments/pendingPanel';
import { deviceId } from '../../platform/ids';
import { payIntentSearch } from '../../platform/payIntent';
import type { AppStore } from '../../platform/store';
import { leavePaymentReturn, type PaymentReturn, PROVIDER_RETURN_ARGS } from '../../platform/urlArgs';
import { CHOSEN_HERE } from '../../security/handOver';
import { refreshPageViewId } from './pageView';
import { rememberSuccessAtom, showResultAtom } from './state';

/** Where a return ends: the pay step's result panel, or a notice on the list when there is no pay step to show. */
export type ReturnEnd =
  | { readonly kind: 'payStep'; readonly path: string }
  /** `settled`: the order's end is known (or that there is none), so the return has nothing left to ask. */
  | { readonly kind: 'notice'; readonly notice: ReturnNotice; readonly settled: boolean };

/** A return's end said on the list: its text and whether it is good news, bad news or neither. */
export interface ReturnNotice {
  readonly text: string;
  readonly tone: 'ok' | 'error' | 'info';
}

/**
 * The payment return (SPEC §2): a visitor back from a hosted or issuer page. The order's result is asked
 * of the server (with what the page brought back), its package and pay type looked up, and the result
 * panel shown on /pay-step for that package.
 *
 * A return is this browser's when it carries this browser's device id (`deps.deviceId`, the one its orders
 * are made with), when it is the order this tab kept, or when the server answers the order's package to this
 * browser (an order is its payer's: its session or its client id). Any other return link (a stranger's
 * forwarded return, or a bank that opened the return in another browser) is never shown as the visitor's
 * payment: its result is not asked, and the list says the link is for a payment made on another device.
 */
export async function handlePaymentReturn(
  payment: PaymentReturn,
  deps: {
    readonly store: AppStore;
    readonly api: ApiClient;
    readonly sleep: (ms: number) => Promise<void>;
    readonly search: string;
    /** This browser's device id (platform/ids.ts). */
    readonly deviceId: string;
  },
): Promise<ReturnEnd> {
  const params = new URLSearchParams(deps.search);
  const extra: Record<string, string | number> = { zp_h5deviceid: payment.deviceId };
  // The contract takes the pay type as a number; the URL brings it as digits.
  if (payment.paySubType !== undefined && /^\d{1,6}$/.test(payment.paySubType))
    extra.zp_pay_sub_type = Number(payment.paySubType);
  for (const name of PROVIDER_RETURN_ARGS) {
    const value = params.get(name);
    if (value !== null) extra[name] = value;
  }
  const api = tolerant(deps.api);
  const asked = api.call('getOrderInfo', { order_id: payment.orderId });
  const kept = payAttempts.unsettled()?.orderId === payment.orderId;
  // A link this browser did not make: nothing of its result is asked or shown, so it reads as no one's proof.
  if (payment.deviceId !== deps.deviceId && !kept && !(await asked).ok)
    return { kind: 'notice', notice: { text: pt('pay.returnOtherDevice'), tone: 'info' }, settled: true };
  const [settled, info] = await Promise.all([
    pollOrder({ api, sleep: deps.sleep }, payment.orderId, extra),
    asked,
  ]);
  // The order the page kept is found (or known not to exist): nothing is left to find again.
  if (settled.kind !== 'pending' && payAttempts.unsettled()?.orderId === payment.orderId)
    payAttempts.settled();
  // No such order (a crafted or stale link): no result to show, the list says so.
  if (settled.kind === 'notFound')
    return { kind: 'notice', notice: { text: pt('pay.returnNotFound'), tone: 'info' }, settled: true };
  const payType = info.ok && isPayType(info.data.pay_sub_type) ? info.data.pay_sub_type : undefined;
  if (settled.kind === 'paid') {
    if (payType !== undefined) deps.store.set(rememberSuccessAtom, { payType, card: undefined });
    refreshPageViewId(deps.api);
  }
  // A visitor who cancelled on the provider's page is told nothing was charged, not that something failed;
  // a result still unknown is never a failure: "processing" with "check again", or, the order this tab sent to
  // its page, "not confirmed" with the way to give it up and pay again (`pendingPanelOf`).
  const cancelled = settled.kind === 'failed' && isCancel(settled.failure);
  const panel =
    settled.kind === 'paid'
      ? resultPanelOf('success')
      : settled.kind === 'pending'
        ? pendingPanelOf(payment.orderId, false, payAttempts.unsettled())
        : cancelled
          ? wasGivenUp(payment.orderId)
            ? givenUpPanel
            : cancelledPanel
          : resultPanelOf(outcomeOfPaymentFailure(settled.failure));
  const detail = settled.kind === 'failed' && !cancelled ? failureMessage(settled.failure) : undefined;
  if (!info.ok || info.data.kind !== 'coin') {
    // No pay step to show it on (the order's package unknown): the list says what became of it; a result still
    // unknown is "processing" there, as the list has no way to give the order up.
    const tone = settled.kind === 'paid' ? 'ok' : settled.kind === 'pending' ? 'info' : 'error';
    const said = settled.kind === 'pending' ? processingPanel : panel;
    return {
      kind: 'notice',
      notice: { text: `${pt(said.title)}. ${detail || pt(said.tip)}`, tone },
      settled: settled.kind !== 'pending',
    };
  }
  deps.store.set(showResultAtom, {
    panel,
    orderId: payment.orderId,
    detail,
    payType,
    sourceId: settled.kind === 'paid' ? settled.sourceId : undefined,
    kind: methodKindOf(payType),
    // The order's own amount: the panel says it, not the package list's (which a server may name otherwise).
    charged: { amount: info.data.amount, coin: info.data.coin, toUid: info.data.to_uid },
  });
  const search = payIntentSearch(
    { recharge_id: info.data.recharge_id, pay_type: info.data.pay_sub_type, to_uid: info.data.to_uid },
    '',
  );
  return { kind: 'payStep', path: `/pay-step${search}` };
}

/**
 * HAND-OVER POINT: the recharge list calls this when the URL is a return from a payment
 * (zp_show=1 or test_zp_show, an order id and a device id; SPEC §2): the result is asked and shown, and
 * the return URL (order id and all) replaced with the pay step, which the router follows. A return said on
 * the list leaves the address without its arguments once its end is known.
 */
export async function returnFromPayment(
  payment: PaymentReturn,
  store: AppStore,
): Promise<ReturnNotice | undefined> {
  const end = await handlePaymentReturn(payment, {
    store,
    api: appApi,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    search: location.search,
    deviceId: deviceId(),
  });
  if (end.kind === 'notice') {
    // An ended return leaves the address, so a reload does not ask again; one still unknown stays to be asked.
    if (end.settled) leavePaymentReturn();
    return end.notice;
  }
  // The order's package, account and method were the visitor's choice on this app's pages, as the list's are.
  history.replaceState({ [CHOSEN_HERE]: true }, '', end.path);
  dispatchEvent(new PopStateEvent('popstate'));
  return undefined;
}
