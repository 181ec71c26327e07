import { z } from 'zod/mini';
import { ServerCode } from '../codes';
import { defineCall, ORDER_SCOPE } from '../registry/define';
import { decodeMerchantSession } from '../simulators';
import { SessionKeyParam, SourceParam, UidParam } from './common';

export const adyenApplePaySessionData = defineCall({
  method: 'GET',
  path: '/api/order/adyen_apple_pay_session_data/',
  transport: 'query',
  summary: 'The wallet merchant session for an order (merchant validation payload, base64 JSON)',
  tag: 'wallet',
  request: z.object({
    uid: UidParam,
    source: SourceParam,
    display_name: z.string().check(z.maxLength(64)),
    domain_name: z.string().check(z.minLength(1), z.maxLength(255)),
    app_order: z.string().check(z.minLength(1), z.maxLength(64)),
    merchant_identifier: z.string().check(z.maxLength(128)),
  }),
  // SPEC §4 wallet flow: merchant validation completes with the decoded validation payload.
  data: z.object({
    session_json_string: z.string().check(
      z.minLength(1),
      z.refine((s) => decodeMerchantSession(s) !== undefined, 'not a base64 JSON merchant session'),
    ),
  }),
  codes: [ServerCode.walletSessionFailed, ServerCode.orderNotFound, ServerCode.orderExpired],
  access: 'public',
  readOnly: false,
  projectChoice: ORDER_SCOPE,
  scope: 'order',
});

export const adyenVerifyPay = defineCall({
  method: 'POST',
  path: '/api/order/adyen_verify_pay/',
  transport: 'form',
  summary: 'Send the wallet payment token: code 0 paid, -1 pending (poll the order), otherwise failed',
  tag: 'wallet',
  request: z.object({
    app_order: z.string().check(z.minLength(1), z.maxLength(64)),
    apple_pay_token: z.string().check(z.minLength(1), z.maxLength(16384)),
    payment_method_type: z.string().check(z.maxLength(32)),
    session_key: z.optional(SessionKeyParam),
  }),
  data: z.object({ code: z.int(), fail_detail: z.string() }),
  codes: [ServerCode.orderNotFound, ServerCode.orderExpired],
  access: 'public',
  readOnly: false,
  projectChoice: ORDER_SCOPE,
  scope: 'order',
});
