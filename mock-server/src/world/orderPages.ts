import { CHALLENGE_PASSWORD, FailDetail, payTypeInfo } from '@topup/contracts';
import { cancelOrder, expireIfStale, failOrder, payOrder } from './orderSettlement';
import type { Order } from './orderTypes';
import type { World } from './world';

/**
 * The simulator pages' decisions on an order: the redirect providers' hosted page, Adyen's issuer, challenge
 * and fingerprint pages, Checkout.com's 3-D Secure page. Each answers where the page sends the visitor next.
 */

/** The hosted page's pay, fail or cancel (redirect providers and payer_max fines); answers the return URL. */
export function settleHosted(world: World, order: Order, decision: 'pay' | 'fail' | 'cancel'): string {
  expireIfStale(world, order);
  // Only a redirect provider's order is decided here; a wallet or card order has its own way.
  if (order.status === 'pending' && payTypeInfo[order.payType].redirect) {
    if (decision === 'pay') payOrder(world, order, undefined);
    else if (decision === 'cancel') cancelOrder(order, FailDetail.userCancel);
    else failOrder(order, { errCode: '', summary: 'Declined', detail: FailDetail.default });
  }
  return order.returnUrl;
}

/** The issuer page of RedirectShopper: answers the return URL carrying the redirectResult. */
export function issuerDecision(world: World, order: Order, approve: boolean): string | undefined {
  if (order.status !== 'pending' || order.resultCode !== 'RedirectShopper') return undefined;
  const redirectResult = world.providers.issueRedirectResult(order.id, approve);
  return `${order.returnUrl}&${new URLSearchParams({ redirectResult })}`;
}

/** The challenge page's form: the TESTDATA password approves; answers the threeDSResult to submit. */
export function answerChallenge(
  world: World,
  order: Order,
  token: string,
  password: string,
): string | undefined {
  const step = world.providers.threeDsStep(token);
  if (step === undefined || step.orderId !== order.id || step.kind !== 'challenge') return undefined;
  return world.providers.completeThreeDs(token, password === CHALLENGE_PASSWORD);
}

/** IdentifyShopper's device fingerprint always authenticates (TESTDATA: then approved). */
export function answerFingerprint(world: World, token: string): string | undefined {
  const step = world.providers.threeDsStep(token);
  if (step === undefined || step.kind !== 'fingerprint') return undefined;
  return world.providers.completeThreeDs(token, true);
}

/** Provider 13's 3-D Secure step of an order, when its page token matches and it is still waiting. */
export function checkoutThreeDs(world: World, order: Order, token: string): Order['checkoutThreeDs'] {
  expireIfStale(world, order);
  const step = order.checkoutThreeDs;
  return order.status === 'pending' && step !== undefined && step.token === token ? step : undefined;
}

/**
 * The 3-D Secure page's form: the challenge's password (TESTDATA: `password` approves, anything else fails
 * with 3ds_authentication_failure), a fingerprint that passes, or the issuer's decision. Answers the
 * return URL, or undefined when the step is unknown or over.
 */
export function answerCheckoutThreeDs(
  world: World,
  order: Order,
  token: string,
  answer: { password: string; approve: boolean },
): string | undefined {
  const step = checkoutThreeDs(world, order, token);
  if (step === undefined) return undefined;
  order.checkoutThreeDs = undefined;
  const passed =
    step.kind === 'challenge'
      ? answer.password === CHALLENGE_PASSWORD
      : step.kind === 'identify' || answer.approve;
  if (passed) payOrder(world, order, undefined);
  else failOrder(order, { errCode: '', summary: 'Authentication failed', detail: FailDetail.threeDsFailed });
  return order.returnUrl;
}
