import { z } from 'zod/mini';
import { once } from './lazy';
import { PAY_TYPES, type PayType } from './payTypes';

/**
 * The entities' schemas (SPEC §3), each built on its first use (see lazy.ts): the calls' contracts read them
 * here, so loading the registry builds none of them. entities.ts exports each one built, for everything else.
 */

export const SessionUserSchema = /* @__PURE__ */ once(() =>
  z.object({
    uid: z.int().check(z.nonnegative()),
    display_uid: z.string(),
    nickname: z.string().check(z.maxLength(200)),
    icon: z.string().check(z.maxLength(2048)),
    session_key: z.optional(z.string().check(z.maxLength(200))),
  }),
);

/** User row of check_uid (SPEC §3): status 2 means banned. */
export const UserRowSchema = /* @__PURE__ */ once(() =>
  z.object({
    id: z.int(),
    uid: z.int(),
    display_uid: z.string(),
    nickname: z.string(),
    icon: z.string(),
    status: z.int(),
    is_streamer: z.int(),
    is_invisibility: z.int(),
    is_online: z.int(),
    room_id: z.int(),
  }),
);

export const AccountCheckStatusSchema = /* @__PURE__ */ once(() =>
  z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]),
);

/** Pay-target user record, i.e. one recharge history entry (SPEC §3). */
export const PayTargetRecordSchema = /* @__PURE__ */ once(() =>
  z.object({
    to_uid: z.int(),
    to_display_uid: z.string(),
    to_nickname: z.string(),
    to_icon: z.string(),
    is_guest: z.boolean(),
    uid: z.int().check(z.nonnegative()),
    h5_deviceid: z.string(),
    fill_times: z.int().check(z.nonnegative()),
    first_fill_time: z.int().check(z.nonnegative()),
    last_fill_time: z.int().check(z.nonnegative()),
    status2: z.int(),
  }),
);

export const PayMethodSchema = /* @__PURE__ */ once(() =>
  z.object({
    subType: z.int(),
    recharge_id: z.string(),
  }),
);

export const PayItemDisplayMethodSchema = /* @__PURE__ */ once(() =>
  z.object({
    displayName: z.string(),
    methods: z.array(PayMethodSchema()),
  }),
);

/** Charge package (SPEC §3): amount in USD. */
export const ChargePackageSchema = /* @__PURE__ */ once(() =>
  z.object({
    recharge_id: z.string(),
    amount: z.number().check(z.positive()),
    coin: z.int().check(z.nonnegative()),
    extra_coin: z.int().check(z.nonnegative()),
    origin_coin: z.int().check(z.nonnegative()),
    icon: z.string(),
    pay_sub_types: z.array(z.int()),
    new_user_only: z.boolean(),
    payItemDisplayMethods: z.array(PayItemDisplayMethodSchema()),
  }),
);

/** Charge-list info (SPEC §3). recommends may hold non-numeric entries, which the app skips. */
export const ChargeListInfoSchema = /* @__PURE__ */ once(() =>
  z.object({
    list: z.array(ChargePackageSchema()),
    is_new: z.boolean(),
    is_new_uid: z.boolean(),
    is_new_h5device: z.boolean(),
    pay_group: z.array(z.string()),
    extra_recommend: z.union([z.string(), z.number()]),
    recommends: z.array(z.union([z.string(), z.number()])),
  }),
);

/** Saved card (SPEC §3). card_valid_date is MM/YY. */
export const SavedCardSchema = /* @__PURE__ */ once(() =>
  z.object({
    source_id: z.string(),
    last4: z.string().check(z.regex(/^\d{4}$/)),
    bin: z.string().check(z.regex(/^\d{6,8}$/)),
    to_uid: z.int(),
    scheme: z.string(),
    fingerprint: z.string(),
    issuer_country: z.string(),
    card_valid_date: z.string().check(z.regex(/^\d{2}\/\d{2}$/)),
    is_bank_expire: z.int(),
    h5_deviceid: z.string(),
    is_remember: z.int(),
    last_use_at: z.int(),
    login: z.int(),
    uid: z.int(),
  }),
);

/** The fields of pkgInfo (SPEC §3), the app configuration served by /api/sys/config/. */
export const GrayConfigEntrySchema = /* @__PURE__ */ once(() =>
  z.object({
    gray_ratio: z.number().check(z.gte(0), z.lte(100)),
    whitelist: z.array(z.int()),
    pay_type: z.int(),
  }),
);

export const WalletSheetConfigSchema = /* @__PURE__ */ once(() =>
  z.object({
    countryCode: z.string(),
    currencyCode: z.string(),
    supportedNetworks: z.array(z.string()),
    merchantCapabilities: z.array(z.string()),
    merchantName: z.string(),
  }),
);

export const PkgInfoSchema = /* @__PURE__ */ once(() =>
  z.object({
    applepay_gray_config: z.array(GrayConfigEntrySchema()),
    ABtest_repurchase_ratio: z.record(z.string(), z.number()),
    adyen_card_ratio: z.number().check(z.gte(0), z.lte(100)),
    adyen_card_whitelist: z.array(z.int()),
    applepay_config: WalletSheetConfigSchema(),
    adyen_applepay_config: WalletSheetConfigSchema(),
    cko_new_rate: z.number().check(z.gte(0), z.lte(100)),
    cko_new_whitelist: z.array(z.int()),
    website_version: z.string(),
    ksa_android_url: z.string(),
    ksa_huawei_url: z.string(),
    ksa_apple_url: z.string(),
    ksa_google_url: z.string(),
  }),
);

/** A display id as typed by a visitor: digits only (SPEC §5). */
export const DisplayIdSchema = /* @__PURE__ */ once(() =>
  z
    .string()
    .check(
      z.regex(/^\d{5,12}$/, 'display id must be 5 to 12 digits'),
      z.describe('display id: 5 to 12 digits'),
    ),
);

export const SourceSchema = /* @__PURE__ */ once(() =>
  z.pipe(z.coerce.number(), z.union([z.literal(1), z.literal(4)])),
);

/** Card token result of a card tokeniser (SPEC §3). Never holds the number or the CVV. */
export const CardTokenSchema = /* @__PURE__ */ once(() =>
  z.object({
    token: z.string(),
    bin: z.string(),
    last4: z.string(),
    scheme: z.string(),
    issuer: z.string(),
    issuer_country: z.string(),
    name: z.string(),
  }),
);

/** Numeric pay types (SPEC §3, §4); payments.ts exports it built. */
export const PayTypeSchema = /* @__PURE__ */ once(() =>
  z.union(PAY_TYPES.map((t) => z.literal(t)) as [z.ZodMiniLiteral<PayType>, ...z.ZodMiniLiteral<PayType>[]]),
);

/**
 * The last card (storageSchemas.ts exports it built): enough to show and reuse a saved card. Strict, so a value
 * carrying a card number, a CVV or anything else is refused rather than kept in the browser.
 */
export const LastPayCardSchema = /* @__PURE__ */ once(() =>
  z.strictObject({
    source_id: z.string().check(z.minLength(1), z.maxLength(128)),
    bin: z.string().check(z.regex(/^\d{6,8}$/)),
    last4: z.string().check(z.regex(/^\d{4}$/)),
    scheme: z.string().check(z.maxLength(32)),
  }),
);
