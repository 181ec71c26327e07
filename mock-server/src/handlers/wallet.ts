import { randomBytes } from 'node:crypto';
import { payTypeInfo, ServerCode } from '@topup/contracts';
import { ORDER_PAYMENT_WINDOW_MS } from '@topup/contracts/simulators';
import { type Handlers, ok, refuse } from '../contract/reply';
import { walletAnswerOf } from '../world/orderAnswers';
import { domainCheck, ownedOrder } from './orders';

/** How long a merchant session stays valid, as Apple's do (about five minutes). */
const SESSION_LIFETIME_MS = 5 * 60 * 1000;

/** Apple Pay through Adyen (SPEC §4 wallet flow): the merchant session, then the sheet's payment token. */
export const walletHandlers: Pick<Handlers, 'adyenApplePaySessionData' | 'adyenVerifyPay'> = {
  /** A domain the wallet cannot pay on fails merchant validation, as Apple refuses an unregistered domain. */
  adyenApplePaySessionData: (request, context) => {
    const { world } = context;
    const order = ownedOrder(context, request.app_order, true);
    if (order === undefined) return refuse(ServerCode.orderNotFound);
    if (order.createdAt + ORDER_PAYMENT_WINDOW_MS < world.clock.now()) return refuse(ServerCode.orderExpired);
    if (payTypeInfo[order.payType].kind !== 'wallet') return refuse(ServerCode.walletTypeUnavailable);
    if (!domainCheck(request.domain_name, world.options.walletHosts).is_payable) {
      return refuse(ServerCode.walletSessionFailed);
    }
    const now = world.clock.now();
    const session = {
      merchantSessionIdentifier: `SSH${randomBytes(16).toString('hex').toUpperCase()}`,
      merchantIdentifier: request.merchant_identifier || 'merchant.com.mock.topup',
      domainName: request.domain_name,
      displayName: request.display_name,
      epochTimestamp: now,
      expiresAt: now + SESSION_LIFETIME_MS,
      nonce: randomBytes(4).toString('hex'),
      signature: randomBytes(32).toString('base64'),
      operationalAnalyticsIdentifier: `${request.display_name}:${order.id}`,
      retries: 0,
      pspId: 'adyen_mock',
    };
    return ok({ session_json_string: Buffer.from(JSON.stringify(session), 'utf8').toString('base64') });
  },

  adyenVerifyPay: (request, context) => {
    const { world } = context;
    const order = ownedOrder(context, request.app_order);
    if (order === undefined) return refuse(ServerCode.orderNotFound);
    const outcome = world.orders.verifyWallet(order, request.apple_pay_token);
    if (!outcome.ok) return refuse(outcome.result, outcome.message);
    return ok(walletAnswerOf(order));
  },
};
