import {
  domainPayability,
  Message,
  type OrderKind,
  type OrderPlatformData,
  type PayType,
  packageByRechargeId,
  payTypeInfo,
  ServerCode,
} from '@topup/contracts';
import { type CallContext, type Handlers, ok, type Reply, refuse } from '../contract/reply';
import { platformDataOf } from '../world/orderAnswers';
import type { Order, OrderOutcome, PaymentFields, RequestFingerprint } from '../world/orders';

/** Orders: creation (idempotent on X-CLI-RID), results, failure reasons, cancel, 3DS2 submits, the domain check. */

/** The signed-in payer's uid, 0 when signed out (an unknown key on a public call counts as signed out). */
export function payerUidOf({ world, sessionKey }: CallContext): number {
  return sessionKey === undefined ? 0 : (world.sessions.sessionUser(sessionKey)?.uid ?? 0);
}

/**
 * The X-CLI-RID as the order book keys it: scoped to the signed-in payer, or to the device and client, so
 * another caller's use of the same id can neither refuse this payer's order (10009) nor be handed it.
 */
export function scopedRequestId(context: CallContext, deviceId: string): string | undefined {
  const rid = context.requestId;
  if (rid === undefined || rid === '') return undefined;
  const payerUid = payerUidOf(context);
  const owner =
    payerUid !== 0 ? `uid:${payerUid}` : `device:${deviceId}|client:${context.headers['x-cli-id'] ?? ''}`;
  return JSON.stringify([owner, rid]);
}

/**
 * Whether the caller may read or act on an order: a signed-in payer's order only with that payer's session; a
 * signed-out order with the client (x-cli-id, never answered to anyone) that created it. One made without a
 * client id (every client sends one, SPEC §7) is no one's: its id alone is no credential, since whoever made
 * the order holds it and can forward its return URL to a stranger, whose page would take the order for its
 * own. Only the result lookup of a return answers it (`returnedOrder`). The device id is never a credential:
 * it travels in history rows, links and return URLs.
 */
export function callerOwns(context: CallContext, order: Order): boolean {
  if (order.payerUid !== 0) return payerUidOf(context) === order.payerUid;
  if (order.clientId === undefined) return false;
  return context.headers['x-cli-id'] === order.clientId;
}

/** The caller's order (as it stands now when `current`), or undefined for an unknown or someone else's. */
export function ownedOrder(context: CallContext, orderId: string, current = false): Order | undefined {
  const order = current ? context.world.orders.current(orderId) : context.world.orders.get(orderId);
  return order !== undefined && callerOwns(context, order) ? order : undefined;
}

/**
 * The order a payment return names (SPEC §7: the lookup carries zp_h5deviceid), found by its unguessable id
 * and the device that made it, as the return URL holds them: a bank may open that URL in another browser,
 * without the payer's client id or session. Only the result lookup answers it (never target, amount, card).
 */
function returnedOrder({ world }: CallContext, orderId: string, deviceId = ''): Order | undefined {
  const order = world.orders.get(orderId);
  return order !== undefined && deviceId !== '' && order.deviceId === deviceId ? order : undefined;
}

/**
 * The card fields a page can hold only in memory: single-use tokens (a card's, a security code's, Adyen's
 * encrypted card in platform_data) and the card's details. After a reload a page has none of them.
 */
const PAYMENT_KEYS: ReadonlySet<string> = new Set([
  'token',
  'cvv_token',
  'platform_data',
  'bin',
  'last4',
  'scheme',
  'name',
  'card_valid_date',
  'is_remember',
]);

/**
 * The request in a canonical form for X-CLI-RID: every parameter but ext (whose page view and href may differ
 * between a tap and its retry without making it another order), as the intent (the order's public fields)
 * and the payment (the card fields, '' when there are none).
 */
export function requestFingerprint(
  call: string,
  request: Readonly<Record<string, unknown>>,
): RequestFingerprint {
  const entries = Object.entries(request)
    .filter(([key, value]) => key !== 'ext' && value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  const payment = entries.filter(([key]) => PAYMENT_KEYS.has(key));
  return {
    intent: JSON.stringify([call, entries.filter(([key]) => !PAYMENT_KEYS.has(key))]),
    payment: payment.length === 0 ? '' : JSON.stringify(payment),
  };
}

/** The payment fields of a create call, in the order book's words. */
export function paymentFieldsOf(request: {
  token?: string | undefined;
  cvv_token?: string | undefined;
  source_id?: string | undefined;
  platform_data?: Record<string, unknown> | undefined;
  is_remember?: boolean | undefined;
  card_valid_date?: string | undefined;
  name?: string | undefined;
}): PaymentFields {
  return {
    token: request.token,
    cvvToken: request.cvv_token,
    sourceId: request.source_id,
    platformData: request.platform_data,
    isRemember: request.is_remember,
    cardValidDate: request.card_valid_date,
    name: request.name,
  };
}

type Created = { order_id: string; url: string; platform_data: OrderPlatformData };

/** What the create calls answer: the order and its payment's state, or the refusal. */
export function createdAnswer(outcome: OrderOutcome): Reply<Created> {
  if (!outcome.ok) return refuse(outcome.result, outcome.message);
  const { order } = outcome;
  return ok({ order_id: order.id, url: order.url, platform_data: platformDataOf(order) });
}

const notFound = () => refuse(ServerCode.orderNotFound);

/** A package offers only some pay types; a wallet it does not offer is "unavailable" (SPEC §5). */
function payTypeRefusal(payType: PayType, offered: readonly PayType[]): Reply<never> | undefined {
  if (offered.includes(payType)) return undefined;
  if (payTypeInfo[payType].kind === 'wallet') return refuse(ServerCode.walletTypeUnavailable);
  return refuse(ServerCode.invalidParam, `${Message.invalidParam}: pay_type: not offered for this package`);
}

/**
 * check_domain_payable (TESTDATA): localhost is payable; 127.0.0.1 is not and moves to localhost on the same
 * port. A host outside options.walletHosts is never payable and is sent nowhere, so the pageinfo redirect
 * (which carries the session key) can only reach a configured host.
 */
export function domainCheck(
  domain: string,
  walletHosts: readonly string[],
): { is_payable: boolean; domain: string } {
  if (!walletHosts.includes(hostnameOf(domain))) return { is_payable: false, domain: '' };
  const answer = domainPayability(domain);
  if (answer.is_payable || walletHosts.includes(hostnameOf(answer.domain))) return { ...answer };
  return { is_payable: false, domain: '' };
}

function hostnameOf(domain: string): string {
  const host = domain.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').split(/[/?#]/, 1)[0] ?? '';
  return host.replace(/:\d+$/, '').toLowerCase();
}

export const orderHandlers: Pick<
  Handlers,
  | 'createCoinPay'
  | 'clickCancel'
  | 'payResultByOrderFast'
  | 'getOrderInfo'
  | 'getPayError'
  | 'checkDomainPayable'
  | 'submitAuthenticationResult'
  | 'submitPaymentToken'
  | 'getCardInfoByOrder'
> = {
  // Synchronous from the replay check to the order's creation: concurrent duplicates cannot interleave.
  createCoinPay: (request, context) => {
    const { world } = context;
    const fingerprint = requestFingerprint('createCoinPay', request);
    const requestId = scopedRequestId(context, request.ext.h5_deviceid);
    const replayed = world.orders.replay(requestId, fingerprint);
    if (replayed !== undefined) return createdAnswer(replayed);

    const pack = packageByRechargeId(request.recharge_id);
    if (pack === undefined) {
      return refuse(ServerCode.invalidParam, `${Message.invalidParam}: recharge_id: no such package`);
    }
    const payTypeRefused = payTypeRefusal(request.pay_type, pack.pay_sub_types);
    if (payTypeRefused !== undefined) return payTypeRefused;
    const payerUid = payerUidOf(context);
    if (pack.login_only && payerUid === 0) {
      return refuse(ServerCode.invalidParam, `${Message.invalidParam}: recharge_id: only when signed in`);
    }
    const target = world.people.checkTopUpTarget(request.uid, request.source);
    if (!target.ok) return refuse(target.result);
    // Sold only to the targets whose charge list shows it (SPEC §3 is_new; SPEC §8 gives no code for this
    // refusal, so it is the same invalid parameter as a signed-in-only package ordered signed out).
    if (pack.new_user_only && !target.account.is_new) {
      return refuse(ServerCode.invalidParam, `${Message.invalidParam}: recharge_id: only for a new user`);
    }

    const kind: OrderKind = request.kind;
    return createdAnswer(
      world.orders.create({
        purpose: 'coin',
        kind,
        payType: request.pay_type,
        rechargeId: pack.recharge_id,
        amount: pack.amount,
        coin: pack.coin,
        toUid: request.uid,
        payerUid,
        deviceId: request.ext.h5_deviceid,
        address: context.ip,
        clientId: context.headers['x-cli-id'],
        pageViewId: request.ext.page_view_id,
        origin: context.origin,
        payment: paymentFieldsOf(request),
        requestId,
        fingerprint,
      }),
    );
  },

  clickCancel: (request, context) => {
    const { world } = context;
    const order = ownedOrder(context, request.app_order, true);
    if (order === undefined) return notFound();
    return ok({ cancelled: world.orders.cancel(order, request.reason) });
  },

  /**
   * The return handler's poll. A page back from the issuer (or a standalone challenge) carries its result in
   * the raw query or platform_data; it is applied first, so the poll answers the decided order.
   */
  payResultByOrderFast: (request, context) => {
    const { world } = context;
    const owned = ownedOrder(context, request.zp_orderid);
    const order = owned ?? returnedOrder(context, request.zp_orderid, request.zp_h5deviceid);
    if (order === undefined) return notFound();
    const raw = request as Readonly<Record<string, unknown>>;
    const carried = { ...raw, ...(request.platform_data ?? {}) };
    if (typeof carried.redirectResult === 'string' && order.resultCode === 'RedirectShopper') {
      world.orders.submitPaymentToken(order, { redirectResult: carried.redirectResult });
    } else if (typeof carried.threeDSResult === 'string' && order.resultCode === 'ChallengeShopper') {
      world.orders.submitAuthentication(order, { threeDSResult: carried.threeDSResult });
    }
    const result = world.orders.poll(order);
    // A saved card is its payer's: a return read by its device id alone learns the result, not the card.
    return ok({ result, source_id: owned === undefined ? '' : order.sourceId });
  },

  getOrderInfo: (request, context) => {
    const order = ownedOrder(context, request.order_id);
    if (order === undefined) return notFound();
    return ok({
      recharge_id: order.rechargeId,
      pay_sub_type: order.payType,
      amount: order.amount,
      coin: order.coin,
      to_uid: order.toUid,
      kind: order.purpose,
    });
  },

  getPayError: (request, context) => {
    const order = ownedOrder(context, request.order_id, true);
    if (order === undefined) return notFound();
    const undecided = order.status === 'created' || order.status === 'pending';
    return ok({
      err_code: order.errCode,
      err_summary: order.errSummary,
      fail_reason: order.failReason,
      fail_detail: undecided ? 'pending' : order.failDetail,
    });
  },

  checkDomainPayable: (request, { world }) => {
    if (payTypeInfo[request.pay_type].kind !== 'wallet') {
      return ok({ is_payable: true, domain: request.domain, pay_type: request.pay_type });
    }
    const answer = domainCheck(request.domain, world.options.walletHosts);
    return ok({ ...answer, pay_type: request.pay_type });
  },

  submitAuthenticationResult: (request, context) => {
    const { world } = context;
    const order = ownedOrder(context, request.order_id);
    if (order === undefined) return notFound();
    const outcome = world.orders.submitAuthentication(order, request.platform_data);
    return outcome.ok ? ok(platformDataOf(order)) : refuse(outcome.result, outcome.message);
  },

  submitPaymentToken: (request, context) => {
    const { world } = context;
    const order = ownedOrder(context, request.order_id);
    if (order === undefined) return notFound();
    const outcome = world.orders.submitPaymentToken(order, request.platform_data);
    return outcome.ok ? ok(platformDataOf(order)) : refuse(outcome.result, outcome.message);
  },

  /** The payer's own saved card, shown to the payer's session on the device that paid; otherwise none. */
  getCardInfoByOrder: (request, context) => {
    const { world } = context;
    const order = ownedOrder(context, request.order_id);
    if (order === undefined) return notFound();
    if (order.sourceId === '' || order.deviceId !== request.h5_deviceid) return ok({ card: null });
    return ok({ card: world.cards.ownedBy(order.sourceId, payerUidOf(context)) ?? null });
  },
};
