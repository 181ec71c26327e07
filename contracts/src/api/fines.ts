import { z } from 'zod/mini';
import { ServerCode } from '../codes';
import { DisplayIdSchema } from '../entities';
import { UsdAmountSchema } from '../money';
import { PayTypeSchema } from '../payments';
import { defineCall, PAYMENT_LIMITS, REQUEST_ID_SCOPE } from '../registry/define';
import { wireBool, wireInt, wireJson, wireNumber } from '../wire';
import { DeviceIdParam, SessionKeyParam, SourceParam } from './common';
import { ClientPlatformDataSchema, cardFields, OrderCreatedSchema, OrderExtSchema } from './orders';

const FineIdParam = z.pipe(wireInt(), z.int().check(z.positive()));

export const getFineInfo = defineCall({
  method: 'GET',
  path: '/api/fine/get_fine_info/',
  transport: 'query',
  summary: 'A fine: its account, amount and whether it is paid',
  tag: 'fines',
  request: z.object({ id: FineIdParam }),
  data: z.object({
    id: z.int(),
    uid: z.int(),
    display_uid: DisplayIdSchema,
    nickname: z.string(),
    // A fine is in USD, whole cents, as the packages are (TESTDATA "Fines": 4.99 USD): anything else is a
    // fine the page could only draw rounded or in a text of the server's, and never one to pay.
    amount: UsdAmountSchema,
    currency: z.literal('USD'),
    status: z.enum(['unpaid', 'paid']),
    account_banned: z.boolean(),
  }),
  codes: [ServerCode.fineNotFound],
  access: 'public',
  readOnly: true,
  projectChoice: "the fine info shape is the project's choice",
});

const finePayRequest = {
  fine_id: FineIdParam,
  /** The amount the visitor was shown; a different current amount answers 22003 (fine amount changed). */
  amount: wireNumber(),
  source: SourceParam,
  uuid: z.optional(z.string().check(z.maxLength(128))),
  h5_deviceid: z.optional(DeviceIdParam),
};

const fineRefusals = [
  ServerCode.fineNotFound,
  ServerCode.fineAlreadyPaid,
  ServerCode.fineAmountChanged,
  ServerCode.savedCardLocked,
  ServerCode.tooManyPaymentAttempts,
];

export const createFinePay = defineCall({
  method: 'GET',
  path: '/api/order/create_fine_pay/',
  transport: 'query',
  summary: 'Create a fine order and start its payment (card providers); idempotent on X-CLI-RID',
  tag: 'fines',
  headers: ['X-CLI-RID'],
  request: z.object({
    ...finePayRequest,
    pay_type: z.pipe(wireInt(), PayTypeSchema),
    source_id: z.optional(z.string().check(z.maxLength(128))),
    platform_data: z.optional(wireJson(ClientPlatformDataSchema, 16384)),
    session_key: z.optional(SessionKeyParam),
    ext: z.optional(wireJson(OrderExtSchema, 4096)),
    mock: z.optional(wireBool()),
    ...cardFields,
  }),
  data: OrderCreatedSchema,
  codes: [...fineRefusals, ServerCode.requestIdReused, ServerCode.walletTypeUnavailable],
  access: 'public',
  readOnly: false,
  projectChoice: `${REQUEST_ID_SCOPE}. ${PAYMENT_LIMITS}`,
  scope: 'requestId',
});

export const payerMaxCreateFinePay = defineCall({
  method: 'GET',
  path: '/api/payer_max/create_fine_pay/',
  transport: 'query',
  summary: "Create a fine order paid on a redirect provider's hosted page",
  tag: 'fines',
  headers: ['X-CLI-RID'],
  request: z.object({ ...finePayRequest, pay_type: z.optional(z.pipe(wireInt(), PayTypeSchema)) }),
  data: OrderCreatedSchema,
  // A pay type that is not a redirect provider's is refused as unavailable (found by topup contract fuzz).
  codes: [...fineRefusals, ServerCode.requestIdReused, ServerCode.walletTypeUnavailable],
  access: 'public',
  readOnly: false,
  projectChoice: `${REQUEST_ID_SCOPE}. ${PAYMENT_LIMITS}`,
  scope: 'requestId',
});
