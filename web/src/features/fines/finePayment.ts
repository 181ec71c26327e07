import { type PayType, ServerCode, Source } from '@topup/contracts';
import type { ApiClient, Params } from '../../api/client';
import { tolerant } from '../../api/tolerant';
import { ft } from '../../i18n/fines';
import type { FineIntent, FineOrderRequest } from '../../payments/fineOrders';
import { giveUpOrder } from '../../payments/giveUpOrder';
import type { OrderAttempts } from '../../payments/orderAttempt';
import { orderMayExist } from '../../payments/orderCreation';
import { failureMessage, outcomeOfPaymentFailure } from '../../payments/outcome';
import {
  completePayment,
  orderRequestId,
  type PaymentEnd,
  pollOrder,
  type Settled,
} from '../../payments/payment';
import type { ThreeDsAction, ThreeDsAdapter, TokenisedCard } from '../../payments/providers/types';
import type { FineInfo, FinePaymentEnd } from './state';
import type { AccountBan } from './unban';

/**
 * Fine payments over the pay feature's engine: create_fine_pay by card (provider 13, pay type 23) followed
 * to its end, payer_max's hosted page, the result on return, and the unban check. UI-free.
 */

/** Provider 13's card (Checkout.com): the card fields are the pay feature's adapter for this provider. */
export const FINE_CARD_PAY_TYPE: PayType = 23;
export const FINE_CARD_PROVIDER = 13;
/** The hosted page's result is asked for at most this many times (every 500 ms) before "still pending". */
export const RETURN_POLL_TRIES = 20;

export interface FineDeps {
  readonly api: ApiClient;
  readonly sleep: (ms: number) => Promise<void>;
  readonly deviceId: () => string;
  readonly now: () => number;
  /** The order exists (before its 3-D Secure, polling or hosted page): kept for a reload or the return. */
  readonly onOrdered?: (orderId: string) => void;
}

/** The fines screen's order attempts: the pay step's rule (payments/orderAttempt.ts) over fine orders. */
export type FineAttempts = OrderAttempts<FineOrderRequest, FineIntent>;

export interface CardDeps extends FineDeps {
  readonly threeDs: () => Promise<ThreeDsAdapter>;
  readonly container: () => HTMLElement;
  readonly signal: AbortSignal;
  /** Sends the page to a provider's page; false when its address is refused and the page stays. */
  readonly redirect: (url: string) => boolean;
  /** The 3-D Secure step opens: in the page's layer, or the issuer's own page (`action.type` 'redirect'). */
  readonly onVerifying: (action: ThreeDsAction) => void;
  readonly onRedirect: () => void;
}

export interface FineCard {
  readonly tokenised: TokenisedCard;
  readonly holderName: string;
  readonly remember: boolean;
}

/** create_fine_pay's parameters: the amount the visitor was shown, the token and public card fields only. */
export function fineCardParams(fine: FineInfo, deviceId: string, card: FineCard): Params<'createFinePay'> {
  const t = card.tokenised;
  return {
    fine_id: fine.id,
    amount: fine.amount,
    source: Source.main,
    h5_deviceid: deviceId,
    pay_type: FINE_CARD_PAY_TYPE,
    ext: { h5_deviceid: deviceId },
    ...(t.token === undefined ? {} : { token: t.token }),
    ...(t.platformData === undefined ? {} : { platform_data: { ...t.platformData } }),
    bin: t.bin,
    last4: t.last4,
    scheme: t.scheme,
    ...(t.cardValidDate === undefined ? {} : { card_valid_date: t.cardValidDate }),
    ...(card.holderName === '' ? {} : { name: card.holderName }),
    is_remember: card.remember,
  };
}

export function hostedParams(fine: FineInfo, deviceId: string): Params<'payerMaxCreateFinePay'> {
  return { fine_id: fine.id, amount: fine.amount, source: Source.main, h5_deviceid: deviceId };
}

/** The provider's page was refused (the visitor was told): the order is cancelled, its screen says so. */
function refusedPage(api: ApiClient, orderId: string): FinePaymentEnd {
  void api.call('clickCancel', { app_order: orderId, reason: 'redirect refused' });
  return { kind: 'failed', orderId, outcome: 'other', detail: ft('fines.noPaymentPage') };
}

const endOf = (orderId: string, end: PaymentEnd | Settled): FinePaymentEnd => {
  if (end.kind === 'redirected') return { kind: 'redirected', orderId };
  if (end.kind === 'redirectRefused')
    return { kind: 'failed', orderId, outcome: 'other', detail: ft('fines.noPaymentPage') };
  if (end.kind === 'pending') return { kind: 'pending', orderId };
  // Not found for this browser: a return opened in another one reads so while its order may still be paid there.
  if (end.kind === 'notFound') return { kind: 'orderNotFound', orderId };
  if (end.kind === 'paid') return { kind: 'paid', orderId };
  if (end.kind === 'failed') {
    return {
      kind: 'failed',
      orderId,
      outcome: outcomeOfPaymentFailure(end.failure),
      detail: failureMessage(end.failure),
    };
  }
  // The fine's page offers no challenge cancel (no challenge signal): a cancel is the verification not finished.
  if (end.kind === 'challengeCancelled')
    return { kind: 'failed', orderId, outcome: 'verify', detail: undefined };
  if (end.outcome === 'success') return { kind: 'paid', orderId };
  return {
    kind: 'failed',
    orderId,
    outcome: end.outcome,
    detail: end.failure === undefined ? undefined : failureMessage(end.failure),
  };
};

/**
 * One order per intent, the pay step's rule (payments/orderAttempt.ts): a tap while an order is being created
 * is ignored; the X-CLI-RID is kept (in this tab's session storage) until an answer settles it, so a retry
 * after a lost answer (no answer, a reset, a 5xx, garbage) or a reload asks for the same order; an order is
 * kept until its result is known (a reload or the return asks for it); a refusal or a known result frees it.
 */
export function createOrderGuard(attempts: FineAttempts, deps: Pick<FineDeps, 'deviceId' | 'now'>) {
  let inFlight = false;
  return {
    get busy() {
      return inFlight;
    },
    async run(
      request: FineOrderRequest,
      send: (requestId: string) => Promise<FinePaymentEnd>,
    ): Promise<FinePaymentEnd | undefined> {
      if (inFlight) return undefined;
      inFlight = true;
      try {
        const requestId = attempts.requestIdFor(request, () => orderRequestId(deps.deviceId(), deps.now()));
        const end = await send(requestId);
        settleAttempt(attempts, end, request.call);
        return end;
      } finally {
        inFlight = false;
      }
    },
  };
}

/**
 * What an end says of the kept attempt: a known result (no such order too) or a refusal that made no order
 * (`orderMayExist` of the call that answered it) frees it; the rest keep it.
 */
export function settleAttempt(attempts: FineAttempts, end: FinePaymentEnd, call?: FineCall): void {
  if (end.kind === 'paid' || end.kind === 'failed' || end.kind === 'orderNotFound') attempts.settled();
  else if (end.kind === 'refused' && call !== undefined && !orderMayExist(call, end.result))
    attempts.settled();
  else if (end.kind === 'pending' || end.kind === 'redirected') attempts.ordered(end.orderId);
}

/** A fine order's call, as `orderMayExist` names it. */
export type FineCall = FineOrderRequest['call'];

/** A fine order's answer that says nothing of what the server did: the order may exist. */
export const lostAnswer = (end: FinePaymentEnd, call: FineCall): boolean =>
  end.kind === 'refused' && orderMayExist(call, end.result);

/** create_fine_pay's request as the order attempt sees it (its key, its public fields). */
export const cardRequest = (fine: FineInfo, deviceId: string, card: FineCard): FineOrderRequest => ({
  call: 'createFinePay',
  params: fineCardParams(fine, deviceId, card),
});

export const hostedRequest = (fine: FineInfo, deviceId: string): FineOrderRequest => ({
  call: 'payerMaxCreateFinePay',
  params: hostedParams(fine, deviceId),
});

export async function payFineByCard(
  deps: CardDeps,
  fine: FineInfo,
  card: FineCard,
  requestId: string,
): Promise<FinePaymentEnd> {
  const api = tolerant(deps.api);
  const created = await api.call('createFinePay', fineCardParams(fine, deps.deviceId(), card), {
    requestId,
  });
  if (!created.ok) return { kind: 'refused', result: created.result, message: created.message };
  deps.onOrdered?.(created.data.order_id);
  const end = await completePayment(
    {
      api,
      sleep: deps.sleep,
      threeDs: deps.threeDs,
      container: deps.container,
      signal: deps.signal,
      onVerifying: deps.onVerifying,
      onRedirect: (url) => {
        deps.onRedirect();
        return deps.redirect(url);
      },
    },
    created.data,
  );
  if (end.kind === 'redirectRefused') return refusedPage(api, created.data.order_id);
  return endOf(created.data.order_id, end);
}

/** payer_max: the order's url is the hosted page; the visitor comes back to /fines?id=…&zp_show=1. */
export async function payFineOnHostedPage(
  deps: FineDeps & { readonly redirect: (url: string) => boolean },
  fine: FineInfo,
  requestId: string,
): Promise<FinePaymentEnd> {
  const created = await tolerant(deps.api).call(
    'payerMaxCreateFinePay',
    hostedParams(fine, deps.deviceId()),
    {
      requestId,
    },
  );
  if (!created.ok) return { kind: 'refused', result: created.result, message: created.message };
  deps.onOrdered?.(created.data.order_id);
  if (created.data.url === '')
    return { kind: 'failed', orderId: created.data.order_id, outcome: 'other', detail: undefined };
  if (!deps.redirect(created.data.url)) return refusedPage(tolerant(deps.api), created.data.order_id);
  return { kind: 'redirected', orderId: created.data.order_id };
}

/** Back from the hosted page: the order's status, polled while it is -1 (bounded). */
export async function fineOrderResult(
  deps: FineDeps,
  orderId: string,
  tries = RETURN_POLL_TRIES,
): Promise<FinePaymentEnd> {
  const api = tolerant(deps.api);
  return endOf(
    orderId,
    await pollOrder({ api, sleep: deps.sleep }, orderId, { zp_h5deviceid: deps.deviceId() }, tries),
  );
}

/**
 * A pending order the visitor gives up to pay another way: the shared rule (`giveUpOrder`): asked once, still
 * pending cancelled and asked again. Paid stands; failed or not found frees the fine; still pending (the cancel
 * refused or unanswered) may still be paid.
 */
export async function giveUpFineOrder(deps: FineDeps, orderId: string): Promise<FinePaymentEnd> {
  const settled = await giveUpOrder(deps, orderId, 'pay another way', { zp_h5deviceid: deps.deviceId() });
  return endOf(orderId, settled);
}

/**
 * The fine's order this tab kept before a reload (or a return by back): one made has its result asked for;
 * a card order whose answer never came is asked for by the same X-CLI-RID without the card (the server
 * answers the order that id made, and without a card makes none). Undefined when there is nothing of this
 * fine's to find, or the server could not say: the fine is then shown as it is.
 */
export async function recoverFineOrder(
  deps: FineDeps,
  attempts: FineAttempts,
  fineId: number,
  tries = RETURN_POLL_TRIES,
): Promise<FinePaymentEnd | undefined> {
  const kept = attempts.unsettled();
  if (kept !== undefined && kept.intent?.fine_id === fineId) {
    const end = await fineOrderResult(deps, kept.orderId, tries);
    settleAttempt(attempts, end);
    return end;
  }
  const lost = attempts.unanswered();
  if (lost === undefined || lost.intent.fine_id !== fineId || lost.intent.call !== 'createFinePay')
    return undefined;
  const created = await tolerant(deps.api).call(
    'createFinePay',
    {
      fine_id: lost.intent.fine_id,
      amount: lost.intent.amount,
      source: Source.main,
      h5_deviceid: deps.deviceId(),
      pay_type: lost.payType,
      ext: { h5_deviceid: deps.deviceId() },
    },
    { requestId: lost.requestId },
  );
  if (!created.ok) {
    if (!orderMayExist('createFinePay', created.result)) attempts.settled();
    return undefined;
  }
  attempts.ordered(created.data.order_id);
  const end = await fineOrderResult(deps, created.data.order_id, tries);
  settleAttempt(attempts, end);
  return end;
}

/**
 * After a paid fine, the account as it is now: the fine says whether its account is banned, and
 * check_display_id whether the account answers normally (20001 while banned). Whether that is an unban
 * depends on the ban before the payment, which the screen's state holds (`unbanOf`).
 */
export async function checkUnban(
  api: ApiClient,
  fineId: number,
): Promise<{ account: AccountBan; fine?: FineInfo }> {
  const info = await api.call('getFineInfo', { id: fineId });
  if (!info.ok) return { account: 'unknown' };
  const account = await api.call('checkDisplayId', {
    display_id: info.data.display_uid,
    source: Source.main,
  });
  if (info.data.account_banned || (!account.ok && account.result === ServerCode.banned))
    return { account: 'banned', fine: info.data };
  return { account: account.ok ? 'notBanned' : 'unknown', fine: info.data };
}
