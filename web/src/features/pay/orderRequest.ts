import type { PayType } from '@topup/contracts';
import type { Params } from '../../api/client';
import type { Attempt, Intent } from '../../payments/orderAttempt';
import { coinPayParams, type OrderContext } from '../../payments/payment';
import { deviceId } from '../../platform/ids';
import { pageViewId } from './pageView';

/** The pay step's order requests: one as sent, and the same X-CLI-RID without its card that finds its order. */

export type UsedCard = { last4: string; bin: string; scheme: string } | undefined;
/** What an order pays with: a new card's fields, a saved card (and whether it is kept), or a channel. */
export type PaidWith = { readonly kind: 'newCard' | 'savedCard' | 'channel' };

/** An order request whose answer never came: the retry re-sends exactly it, with the same X-CLI-RID. */
export interface Unconfirmed {
  readonly params: Params<'createCoinPay'>;
  readonly requestId: string;
  readonly payType: PayType;
  readonly used: UsedCard;
  /** Unknown (undefined) for a request without the card, which finds an order rather than pays one. */
  readonly paidWith: PaidWith | undefined;
  /** The same X-CLI-RID and intent without the card: it finds the order that id made, and can make none. */
  readonly lookup?: boolean;
  /** A new card's public identity (`keptOrder.ts`): a tap with another, or an edited, card is another request. */
  readonly cardKey?: string | undefined;
  /** The order the request made, once a lookup found it with its result still unknown: only asked for again. */
  readonly orderId?: string | undefined;
  /** Kept from another pay step (`keptElsewhere`): its result is said on this step, never shown as this one's. */
  readonly elsewhere?: boolean;
}

function lookup(order: OrderContext, sourceId: string | undefined, requestId: string, used: UsedCard) {
  return {
    params: coinPayParams(order, { sourceId }),
    requestId,
    payType: order.payType,
    used,
    paidWith: undefined,
    lookup: true,
  } satisfies Unconfirmed;
}

/** A request the server says its X-CLI-RID already made an order for (10009): that order, asked for. */
export function cardless(request: Unconfirmed): Unconfirmed {
  const p = request.params;
  const order = {
    rechargeId: p.recharge_id,
    toUid: p.uid,
    payType: p.pay_type,
    kind: p.kind,
    deviceId: p.ext.h5_deviceid,
    sessionKey: p.session_key,
    pageViewId: p.ext.page_view_id ?? pageViewId(),
  };
  return lookup(order, p.source_id, request.requestId, request.used);
}

/** A card order sent before a reload whose answer never came (its card gone with the page): its order, asked for. */
export function lookupOf(
  lost: Attempt & { readonly intent: Intent },
  sessionKey: string | undefined,
): Unconfirmed {
  const order = {
    rechargeId: lost.intent.recharge_id,
    toUid: lost.intent.uid,
    payType: lost.payType,
    kind: lost.intent.kind,
    deviceId: deviceId(),
    sessionKey,
    pageViewId: pageViewId(),
  };
  return lookup(order, lost.intent.source_id, lost.requestId, undefined);
}
