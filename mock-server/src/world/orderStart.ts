import { randomBytes } from 'node:crypto';
import { type CardBehaviour, type CardDecline, CHALLENGE_WINDOW_SIZE, payTypeInfo } from '@topup/contracts';
import { SimulatorPath } from '@topup/contracts/simulators';
import { declineOrder, payOrder } from './orderSettlement';
import type { Order } from './orderTypes';
import type { World } from './world';

/**
 * How each provider's payment begins once an order is created: Checkout.com cards (provider 13), Adyen cards
 * and their 3DS2 actions (17), the hosted page of redirect providers; wallets wait for the sheet's token.
 */

/** Sends a new order on its provider's first step; `origin` makes the simulator pages' URLs. */
export function startOrder(world: World, order: Order, origin: string): void {
  if (order.card !== undefined) {
    if (order.payType === 27) startAdyenCard(world, order, order.card.behaviour, origin);
    else startCheckoutCard(world, order, order.card.behaviour, origin);
    return;
  }
  if (payTypeInfo[order.payType].redirect) {
    order.status = 'pending';
    order.url = `${origin}${SimulatorPath.hostedPay}?${new URLSearchParams({ order_id: order.id })}`;
  }
  // Wallets on the page (26, 2528) stay created until adyen_verify_pay brings the sheet's token.
}

const genericDecline: CardDecline = {
  adyen_result_code: 'Refused',
  refusal_code: 2,
  err_code: '20005',
  fail_detail: null,
  outcome: 'other',
};

/**
 * Provider 13: approved, declined, or, for the 3DS rows, pending with a redirect to its 3-D Secure page
 * (Checkout.com answers 202 Pending with `_links.redirect`); the page decides as the catalogue says.
 */
function startCheckoutCard(world: World, order: Order, behaviour: CardBehaviour, origin: string): void {
  switch (behaviour.kind) {
    case 'declined':
      declineOrder(order, behaviour.decline);
      return;
    case 'invalidNumber':
      declineOrder(order, genericDecline);
      return;
    case 'approved':
      payOrder(world, order, undefined);
      return;
    case 'challenge':
    case 'identify':
    case 'redirect': {
      const token = randomBytes(16).toString('hex');
      order.status = 'pending';
      order.checkoutThreeDs = { token, kind: behaviour.kind };
      order.url = `${origin}${SimulatorPath.checkoutThreeDs}?${new URLSearchParams({ order_id: order.id, token })}`;
      return;
    }
  }
}

/** Provider 17: Authorised, a 3DS2 action (ChallengeShopper, IdentifyShopper, RedirectShopper) or Refused. */
function startAdyenCard(world: World, order: Order, behaviour: CardBehaviour, origin: string): void {
  switch (behaviour.kind) {
    case 'approved':
      payOrder(world, order, 'Authorised');
      return;
    case 'declined':
      declineOrder(order, behaviour.decline);
      return;
    case 'invalidNumber':
      declineOrder(order, genericDecline);
      return;
    case 'challenge': {
      const token = world.providers.beginThreeDs({ orderId: order.id, kind: 'challenge' });
      const url = `${origin}${SimulatorPath.adyenChallenge}?${new URLSearchParams({ order_id: order.id, token })}`;
      order.status = 'pending';
      order.resultCode = 'ChallengeShopper';
      order.action = {
        type: 'threeDS2',
        subtype: 'challenge',
        token,
        url,
        windowSize: CHALLENGE_WINDOW_SIZE,
        paymentData: `pd_${order.id}`,
      };
      return;
    }
    case 'identify': {
      const token = world.providers.beginThreeDs({ orderId: order.id, kind: 'fingerprint' });
      order.status = 'pending';
      order.resultCode = 'IdentifyShopper';
      order.action = {
        type: 'threeDS2',
        subtype: 'fingerprint',
        token,
        url: `${origin}${SimulatorPath.adyenFingerprint}`,
        paymentData: `pd_${order.id}`,
      };
      return;
    }
    case 'redirect': {
      const url = `${origin}${SimulatorPath.adyenIssuer}?${new URLSearchParams({ order_id: order.id })}`;
      order.url = url;
      order.status = 'pending';
      order.resultCode = 'RedirectShopper';
      order.action = { type: 'redirect', url, paymentData: `pd_${order.id}` };
      return;
    }
  }
}
