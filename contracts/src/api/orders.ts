import { z } from 'zod/mini';
import { ServerCode } from '../codes';
import { ADYEN_RESULT_CODES, ORDER_KINDS } from '../outcomes';
import { PAY_TYPES, PayTypeSchema } from '../payments';
import { defineCall, ORDER_SCOPE, PAYMENT_LIMITS, REQUEST_ID_SCOPE } from '../registry/define';
import { wireBool, wireInt, wireJson } from '../wire';
import { CardValidDateParam } from './cards';
import { DeviceIdParam, OrderIdParam, SessionKeyParam, SourceParam, UidParam } from './common';

/**
 * What the app sends about a card: only the provider's token and the card's public fields. A card number
 * or CVV never travels in these parameters; a CVV for a saved card travels as the tokeniser's cvv_token.
 */
export const cardFields = {
  token: z.optional(z.string().check(z.maxLength(512))),
  cvv_token: z.optional(z.string().check(z.maxLength(512))),
  bin: z.optional(z.string().check(z.regex(/^\d{6,8}$/))),
  last4: z.optional(z.string().check(z.regex(/^\d{4}$/))),
  scheme: z.optional(z.string().check(z.maxLength(32))),
  name: z.optional(z.string().check(z.maxLength(254))),
  card_valid_date: z.optional(CardValidDateParam),
  is_remember: z.optional(wireBool()),
};

/** Provider data the app sends (Adyen's encrypted fields and browser info, 3DS results): opaque JSON. */
export const ClientPlatformDataSchema = z.record(z.string(), z.unknown());

/** A 3DS2 or redirect action the app must perform (Adyen action shape, simplified). */
export const PaymentActionSchema = z.object({
  type: z.enum(['threeDS2', 'redirect']),
  subtype: z.optional(z.enum(['challenge', 'fingerprint'])),
  url: z.optional(z.string()),
  token: z.optional(z.string()),
  paymentData: z.optional(z.string()),
  windowSize: z.optional(z.string()),
});

/** What the server answers about a payment attempt: paid, failed, pending, an action, or a redirect. */
export const OrderPlatformDataSchema = z.object({
  status: z.enum(['paid', 'failed', 'pending', 'action', 'redirect', 'created']),
  resultCode: z.optional(z.enum(ADYEN_RESULT_CODES)),
  refusalReasonCode: z.optional(z.string()),
  action: z.optional(PaymentActionSchema),
  err_code: z.optional(z.string()),
  fail_detail: z.optional(z.string()),
  source_id: z.optional(z.string()),
});
export type OrderPlatformData = z.infer<typeof OrderPlatformDataSchema>;

export const OrderCreatedSchema = z.object({
  order_id: z.string().check(z.minLength(1)),
  /** The hosted payment page (redirect providers) or the issuer page (RedirectShopper); '' when none. */
  url: z.string(),
  platform_data: OrderPlatformDataSchema,
});
export type OrderCreated = z.infer<typeof OrderCreatedSchema>;

/** Device and session info the app attaches to an order (SPEC §7 `ext`). */
export const OrderExtSchema = z.object({
  h5_deviceid: z.string().check(z.maxLength(128)),
  page_view_id: z.optional(z.string().check(z.maxLength(64))),
  session_key: z.optional(z.string().check(z.maxLength(200))),
  href: z.optional(z.string().check(z.maxLength(2048))),
  ua: z.optional(z.string().check(z.maxLength(512))),
});

export const orderRefusals = [
  ServerCode.banned,
  ServerCode.deactivated,
  ServerCode.deactivating,
  ServerCode.sourceMismatch,
  ServerCode.guestAccount,
  ServerCode.accountNotFound,
  ServerCode.requestIdReused,
  ServerCode.loggedOut,
  ServerCode.walletTypeUnavailable,
  ServerCode.securityCheckFailed,
  ServerCode.savedCardLocked,
  ServerCode.tooManyPaymentAttempts,
] as const;

export const createCoinPay = defineCall({
  method: 'GET',
  path: '/api/order/create_coin_pay/',
  transport: 'query',
  summary: 'Create a coin order and start its payment; idempotent on the X-CLI-RID header',
  tag: 'orders',
  headers: ['X-CLI-RID'],
  request: z.object({
    recharge_id: z.string().check(z.minLength(1), z.maxLength(64)),
    uid: UidParam,
    pay_type: z.pipe(wireInt(), PayTypeSchema),
    source: SourceParam,
    source_id: z.optional(z.string().check(z.maxLength(128))),
    platform_data: z.optional(wireJson(ClientPlatformDataSchema, 16384)),
    session_key: z.optional(SessionKeyParam),
    ext: wireJson(OrderExtSchema, 4096),
    kind: z._default(z.enum(ORDER_KINDS), 'normal'),
    mock: z.optional(wireBool()),
    uuid: z.optional(z.string().check(z.maxLength(128))),
    ...cardFields,
  }),
  data: OrderCreatedSchema,
  codes: [...orderRefusals],
  access: 'session-optional',
  readOnly: false,
  projectChoice: `${REQUEST_ID_SCOPE}. ${PAYMENT_LIMITS}`,
  scope: 'requestId',
});

export const clickCancel = defineCall({
  method: 'POST',
  path: '/api/order/click_cancel/',
  transport: 'json',
  summary: 'The visitor gave up an order',
  tag: 'orders',
  request: z.object({
    app_order: OrderIdParam,
    reason: z.string().check(z.maxLength(200)),
  }),
  data: z.object({ cancelled: z.boolean() }),
  codes: [ServerCode.orderNotFound],
  access: 'public',
  readOnly: false,
  projectChoice: `${ORDER_SCOPE}; the answer (cancelled) is the project's choice`,
  scope: 'order',
});

export const payResultByOrderFast = defineCall({
  method: 'GET',
  path: '/api/web/pay_result_by_order_fast/',
  transport: 'query',
  summary: "An order's result: -1 pending, 0 paid, 1 failed; source_id of the card when one was saved",
  tag: 'orders',
  request: z.looseObject({
    zp_orderid: OrderIdParam,
    zp_pay_sub_type: z.optional(wireInt()),
    zp_h5deviceid: z.optional(DeviceIdParam),
    platform_data: z.optional(wireJson(ClientPlatformDataSchema, 16384)),
  }),
  // SPEC §4 wallet flow: -1 pending, 0 success; 1 failed (this contract's summary).
  data: z.object({
    result: z.union([z.literal(-1), z.literal(0), z.literal(1)], {
      error: 'result is -1 (pending), 0 (paid) or 1 (failed)',
    }),
    source_id: z.string(),
  }),
  codes: [ServerCode.orderNotFound],
  access: 'public',
  readOnly: true,
  projectChoice: `${ORDER_SCOPE}, except that the order's own zp_h5deviceid (the return URL holds both ids, and a bank may open it in another browser) reads the result, with no source_id`,
  scope: 'order',
});

export const getOrderInfo = defineCall({
  method: 'POST',
  path: '/api/web/get_order_info_by_pay2_order_id/',
  transport: 'json',
  summary: 'The package and pay type of an order',
  tag: 'orders',
  request: z.object({ order_id: OrderIdParam }),
  data: z.object({
    recharge_id: z.string(),
    pay_sub_type: z.int(),
    amount: z.number(),
    coin: z.int(),
    to_uid: z.int(),
    kind: z.enum(['coin', 'fine']),
  }),
  codes: [ServerCode.orderNotFound],
  access: 'public',
  readOnly: true,
  projectChoice: ORDER_SCOPE,
  scope: 'order',
});

export const getPayError = defineCall({
  method: 'GET',
  path: '/api/web/get_pay_error_by_order/',
  transport: 'query',
  summary: 'Why an order failed: err_code, summary, reason and detail (pending while undecided)',
  tag: 'orders',
  request: z.object({ order_id: OrderIdParam, source: SourceParam }),
  data: z.object({
    err_code: z.string(),
    err_summary: z.string(),
    fail_reason: z.string(),
    fail_detail: z.string(),
  }),
  codes: [ServerCode.orderNotFound],
  access: 'public',
  readOnly: true,
  projectChoice: ORDER_SCOPE,
  scope: 'order',
});

export const checkDomainPayable = defineCall({
  method: 'GET',
  path: '/api/order/check_domain_payable',
  transport: 'query',
  summary: 'Whether a wallet pay type can pay on this domain, and which domain to move to if not',
  tag: 'orders',
  request: z.object({
    pay_type: z.pipe(wireInt(), PayTypeSchema),
    domain: z.string().check(z.minLength(1), z.maxLength(255)),
    uid: z.optional(wireInt()),
    check_only: z.optional(wireBool()),
  }),
  // SPEC §3 pay types: the answer's pay_type is one of them.
  data: z.object({
    is_payable: z.boolean(),
    domain: z.string(),
    pay_type: z
      .int()
      .check(
        z.refine((t) => (PAY_TYPES as readonly number[]).includes(t), 'not a pay type (SPEC §3 pay types)'),
      ),
  }),
  codes: [],
  access: 'public',
  readOnly: true,
});

/** The 3DS2 and redirect results' call, on two paths. */
const authenticationCall = {
  method: 'GET',
  path: '/api/order/submit_authentication_result/',
  transport: 'query',
  summary: "Send a 3DS2 challenge or fingerprint result back; answers the payment's next state",
  tag: 'orders',
  request: z.object({
    order_id: OrderIdParam,
    platform_data: wireJson(ClientPlatformDataSchema, 16384),
  }),
  data: OrderPlatformDataSchema,
  codes: [ServerCode.orderNotFound, ServerCode.orderExpired],
  access: 'public',
  readOnly: false,
  projectChoice: `${ORDER_SCOPE}; the answer (the payment's next state) is the project's choice`,
  scope: 'order',
} as const;

export const submitAuthenticationResult = defineCall(authenticationCall);

export const submitPaymentToken = defineCall({
  ...authenticationCall,
  path: '/api/order/submit_payment_token/',
  summary: "Send the redirect result or payment token back; answers the payment's next state",
});
