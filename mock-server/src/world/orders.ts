import { createHash, randomBytes } from 'node:crypto';
import {
  type AdyenResultCode,
  FailDetail,
  payTypeInfo,
  ServerCode,
  walletTokenOutcome,
} from '@topup/contracts';
import {
  RedirectSubmissionSchema,
  ThreeDsSubmissionSchema,
  WALLET_CANCEL_TOKEN,
} from '@topup/contracts/simulators';
import { resultOf } from './orderAnswers';
import { cardOfOrder } from './orderCards';
import { authenticateOrder, cancelOrder, expireIfStale, settleWallet } from './orderSettlement';
import { startOrder } from './orderStart';
import {
  invalid,
  type NewOrder,
  type Order,
  type OrderCard,
  type OrderOutcome,
  type Refusal,
  type RequestFingerprint,
  refusal,
  replays,
} from './orderTypes';
import type { World } from './world';

/**
 * The order book: its lookups, creation, and the API calls that move an order on (polls, cancels, 3DS2 and
 * wallet submits). Orders go created (waiting for the wallet sheet) → pending (3DS2, issuer or hosted page,
 * wallet polls) → paid, or failed with err_code, fail_reason and fail_detail. Creation is idempotent on the
 * X-CLI-RID header (scoped by the caller to its session or device) and synchronous, so concurrent duplicates
 * can only ever find the first order. How a payment starts is in orderStart, how it ends in orderSettlement,
 * what the calls answer in orderAnswers, and the simulator pages' decisions in orderPages.
 */

export type {
  NewOrder,
  Order,
  OrderOutcome,
  OrderPurpose,
  OrderStatus,
  PaymentFields,
  Refusal,
  RequestFingerprint,
} from './orderTypes';

export class OrderBook {
  readonly #world: World;
  readonly #orders = new Map<string, Order>();
  /**
   * What each X-CLI-RID was used for: the order it made, or (`spent`) the refusal of a request without its card
   * fields under an id that had made nothing, a lookup that can make no order and so spends the id.
   */
  readonly #byRequestId = new Map<
    string,
    { fingerprint: RequestFingerprint } & ({ orderId: string } | { spent: Refusal })
  >();

  constructor(world: World) {
    this.#world = world;
  }

  get(orderId: string): Order | undefined {
    return this.#orders.get(orderId);
  }

  /** The order as it stands now: one left undecided past its payment window has failed as expired. */
  current(orderId: string): Order | undefined {
    const order = this.#orders.get(orderId);
    if (order !== undefined) expireIfStale(this.#world, order);
    return order;
  }

  /**
   * The order an X-CLI-RID already made: the same order for the same parameters (or the same intent without
   * its card fields, see `replays`), 10009 for others, and undefined when the id is new (or absent). Called
   * before any other check, so a retry of a request that succeeded gets its order even if, say, the fine is
   * paid by now. An id a lookup spent answers that lookup's refusal again, and 10009 to anything else: the
   * request it looked for, arriving late, makes no order after the page was told there was none.
   */
  replay(requestId: string | undefined, fingerprint: RequestFingerprint): OrderOutcome | undefined {
    if (requestId === undefined || requestId === '') return undefined;
    const earlier = this.#byRequestId.get(requestId);
    if (earlier === undefined) return undefined;
    if (!replays(earlier.fingerprint, fingerprint)) return refusal(ServerCode.requestIdReused);
    if ('spent' in earlier) return earlier.spent;
    const order = this.current(earlier.orderId);
    return order === undefined ? undefined : { ok: true, order };
  }

  /** Creates an order and starts its payment. Synchronous on purpose: see the class comment. */
  create(input: NewOrder): OrderOutcome {
    const replayed = this.replay(input.requestId, input.fingerprint);
    if (replayed !== undefined) return replayed;

    const card = cardOfOrder(this.#world, input);
    if (card !== undefined && !card.ok) {
      // A request without its card fields is a lookup (a page back from a reload asking what its id made): under
      // an id that made nothing it makes nothing, and spends the id, so its "no order" stays true.
      if (input.fingerprint.payment === '' && input.requestId !== undefined && input.requestId !== '') {
        this.#byRequestId.set(input.requestId, { fingerprint: input.fingerprint, spent: card });
      }
      return card;
    }
    const admitted = this.#world.payments.admit({
      account: input.payerUid === 0 ? undefined : input.payerUid,
      device: input.deviceId,
      card: card?.card?.fingerprint,
      address: input.address,
    });
    if (!admitted) return refusal(ServerCode.tooManyPaymentAttempts);
    // The wrong code that locks a saved card is answered with the lock at once (no order), not with one more
    // decline that would ask the visitor for a code no card can take any more.
    if (card?.card?.savedSourceId !== undefined && this.#countSecurityCode(input.payerUid, card.card))
      return refusal(ServerCode.savedCardLocked);

    const id = newOrderId();
    const returnUrl =
      input.purpose === 'fine'
        ? `${input.origin}/fines?${new URLSearchParams({ id: String(input.fineId ?? ''), zp_show: '1', zp_orderid: id })}`
        : `${input.origin}/recharge-list?${new URLSearchParams({
            zp_show: '1',
            zp_orderid: id,
            zp_h5deviceid: input.deviceId,
            zp_pay_sub_type: String(input.payType),
          })}`;
    const order: Order = {
      id,
      purpose: input.purpose,
      kind: input.kind,
      payType: input.payType,
      rechargeId: input.rechargeId,
      amount: input.amount,
      coin: input.coin,
      toUid: input.toUid,
      fineId: input.fineId,
      payerUid: input.payerUid,
      deviceId: input.deviceId,
      clientId: input.clientId === '' ? undefined : input.clientId,
      pageViewId: input.pageViewId,
      createdAt: this.#world.clock.now(),
      returnUrl,
      card: card?.card,
      url: '',
      checkoutThreeDs: undefined,
      status: 'created',
      resultCode: undefined,
      refusalReasonCode: undefined,
      action: undefined,
      errCode: '',
      errSummary: '',
      failReason: '',
      failDetail: '',
      sourceId: '',
      wallet: undefined,
    };
    this.#orders.set(id, order);
    if (input.requestId !== undefined && input.requestId !== '') {
      this.#byRequestId.set(input.requestId, { fingerprint: input.fingerprint, orderId: id });
    }
    startOrder(this.#world, order, input.origin);
    // A seeded saved card's wrong code says where its test code is (TESTDATA sets none): its name, never a code.
    const saved = order.card?.securityCode === 'wrong' ? order.card.savedSourceId : undefined;
    if (order.status === 'failed' && saved !== undefined && this.#world.cards.takesTestCode(saved))
      order.errSummary = `${order.errSummary} (mock: a seeded saved card takes SAVED_CARD_SECURITY_CODE, see mock-server/README.md)`;
    return { ok: true, order };
  }

  /** pay_result_by_order_fast: -1 pending, 0 paid, 1 failed. Each poll moves a pending wallet payment on. */
  poll(order: Order): number {
    expireIfStale(this.#world, order);
    if (order.status === 'pending' && order.wallet !== undefined) {
      if (order.wallet.pollsLeft > 0) {
        order.wallet.pollsLeft -= 1;
      } else {
        settleWallet(this.#world, order, order.wallet.outcome);
      }
    }
    return resultOf(order);
  }

  /** The visitor gave up (click_cancel), or the wallet sheet was cancelled: nothing is charged. */
  cancel(order: Order, reason: string): boolean {
    return cancelOrder(order, reason);
  }

  /** submit_authentication_result: the threeDSResult of a challenge or a fingerprint. */
  submitAuthentication(order: Order, platformData: Record<string, unknown>): OrderOutcome {
    const usable = this.#awaitingAction(order, ['ChallengeShopper', 'IdentifyShopper']);
    if (usable !== undefined) return usable;
    const parsed = ThreeDsSubmissionSchema.safeParse(platformData);
    if (!parsed.success) return invalid('platform_data.threeDSResult', 'expected the 3DS2 result');
    const outcome = this.#world.providers.takeThreeDsResult(parsed.data.threeDSResult);
    if (outcome === undefined || outcome.orderId !== order.id) {
      return invalid('platform_data.threeDSResult', 'unknown or already used');
    }
    authenticateOrder(this.#world, order, outcome.authenticated);
    return { ok: true, order };
  }

  /** submit_payment_token: the redirectResult the issuer page returned with. */
  submitPaymentToken(order: Order, platformData: Record<string, unknown>): OrderOutcome {
    const usable = this.#awaitingAction(order, ['RedirectShopper']);
    if (usable !== undefined) return usable;
    const parsed = RedirectSubmissionSchema.safeParse(platformData);
    if (!parsed.success) return invalid('platform_data.redirectResult', 'expected the redirect result');
    const outcome = this.#world.providers.takeRedirectResult(parsed.data.redirectResult);
    if (outcome === undefined || outcome.orderId !== order.id) {
      return invalid('platform_data.redirectResult', 'unknown or already used');
    }
    authenticateOrder(this.#world, order, outcome.authenticated);
    return { ok: true, order };
  }

  /** adyen_verify_pay: the wallet sheet's payment token (TESTDATA "Wallet"). */
  verifyWallet(order: Order, token: string): OrderOutcome {
    if (expireIfStale(this.#world, order)) return refusal(ServerCode.orderExpired);
    if (order.status === 'paid' || order.status === 'failed') return { ok: true, order };
    if (payTypeInfo[order.payType].kind !== 'wallet') {
      return refusal(ServerCode.walletTypeUnavailable);
    }
    const tokenDigest = createHash('sha256').update(token).digest('hex');
    if (order.wallet !== undefined) {
      // The same token sent again (a page whose answer the connection lost) is answered with the payment it
      // started, left to run as it was; another token for an order already paying is refused.
      if (order.wallet.tokenDigest === tokenDigest) return { ok: true, order };
      return invalid('apple_pay_token', 'the order is already paying with another token');
    }
    if (token === WALLET_CANCEL_TOKEN) {
      this.cancel(order, FailDetail.userCancel);
      return { ok: true, order };
    }
    const outcome = walletTokenOutcome(token);
    if (outcome.pending_polls > 0) {
      order.status = 'pending';
      order.wallet = { pollsLeft: outcome.pending_polls, outcome, tokenDigest };
    } else {
      settleWallet(this.#world, order, outcome);
    }
    return { ok: true, order };
  }

  // ------------------------------------------------------------------------------------------- internals

  /**
   * A saved card's security code, as the issuer's count of wrong ones: the right code starts it again, the
   * last wrong one allowed locks the card (it leaves the list; its source id answers 23005 from then on, this
   * attempt included). True when this attempt locked it.
   */
  #countSecurityCode(payerUid: number, card: OrderCard): boolean {
    const key = `${payerUid}|${card.fingerprint}`;
    if (card.securityCode === 'right') this.#world.payments.recordRightSecurityCode(key);
    else if (card.securityCode === 'wrong' && this.#world.payments.recordWrongSecurityCode(key)) {
      this.#world.cards.lock(payerUid, card.fingerprint);
      return true;
    }
    return false;
  }

  /** A submit is answered with the order's state when it is already decided, so a retried submit is safe. */
  #awaitingAction(
    order: Order,
    codes: readonly AdyenResultCode[],
  ): Refusal | { ok: true; order: Order } | undefined {
    if (expireIfStale(this.#world, order)) return refusal(ServerCode.orderExpired);
    if (order.status === 'paid' || order.status === 'failed') return { ok: true, order };
    if (order.status !== 'pending' || order.resultCode === undefined || !codes.includes(order.resultCode)) {
      return invalid('order_id', `the order is not waiting for ${codes.join(' or ')}`);
    }
    return undefined;
  }
}

/** 128 random bits: an order id cannot be guessed from another. */
export function newOrderId(): string {
  return `PO${randomBytes(16).toString('hex')}`;
}
