import { z } from 'zod';
import { ServerCode } from '../codes';
import { defineCall } from '../registry/define';
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
    display_name: z.string().max(64),
    domain_name: z.string().min(1).max(255),
    app_order: z.string().min(1).max(64),
    merchant_identifier: z.string().max(128),
  }),
  data: z.object({ session_json_string: z.string().min(1) }),
  codes: [ServerCode.walletSessionFailed, ServerCode.orderNotFound, ServerCode.orderExpired],
  access: 'public',
  readOnly: false,
});

export const adyenVerifyPay = defineCall({
  method: 'POST',
  path: '/api/order/adyen_verify_pay/',
  transport: 'form',
  summary: 'Send the wallet payment token: code 0 paid, -1 pending (poll the order), otherwise failed',
  tag: 'wallet',
  request: z.object({
    app_order: z.string().min(1).max(64),
    apple_pay_token: z.string().min(1).max(16_384),
    payment_method_type: z.string().max(32),
    session_key: SessionKeyParam.optional(),
  }),
  data: z.object({ code: z.number().int(), fail_detail: z.string() }),
  codes: [ServerCode.orderNotFound, ServerCode.orderExpired],
  access: 'public',
  readOnly: false,
});
