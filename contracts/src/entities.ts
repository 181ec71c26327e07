import { z } from 'zod/mini';

/** The entities of SPEC §3, as the backend sends them. */

/** Sources (SPEC §3): 1 the main app flavour, 4 the game flavour. */
export const Source = { main: 1, game: 4 } as const;

/** Account check statuses (SPEC §3). */
export const AccountCheckStatus = {
  normal: 0,
  deactivated: 1,
  banned: 2,
  notExist: 3,
  deactivating: 4,
  sourceMismatch: 5,
} as const;
export type AccountCheckStatus = (typeof AccountCheckStatus)[keyof typeof AccountCheckStatus];

/**
 * A display id: digits only (SPEC §5), as a visitor types it and as the server names an account. An id the
 * server sends otherwise (letters, bidirectional controls, thousands of characters) is outside the contract.
 */
export const DisplayIdSchema = /* @__PURE__ */ z
  .string()
  .check(
    z.regex(/^\d{5,12}$/, 'display id must be 5 to 12 digits'),
    z.describe('display id: 5 to 12 digits'),
  );

/** Whether a visitor's text is a display id at all (the server answers 20002 for one that is not). */
export function isDisplayId(value: string): boolean {
  return DisplayIdSchema.safeParse(value).success;
}

export const SessionUserSchema = /* @__PURE__ */ z.object({
  uid: z.int().check(z.nonnegative()),
  display_uid: DisplayIdSchema,
  nickname: z.string().check(z.maxLength(200)),
  icon: z.string().check(z.maxLength(2048)),
  session_key: z.optional(z.string().check(z.maxLength(200))),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

/** User row of check_uid (SPEC §3): status 2 means banned. */
export const UserRowSchema = /* @__PURE__ */ z.object({
  id: z.int(),
  uid: z.int(),
  display_uid: DisplayIdSchema,
  nickname: z.string(),
  icon: z.string(),
  status: z.int(),
  is_streamer: z.int(),
  is_invisibility: z.int(),
  is_online: z.int(),
  room_id: z.int(),
});
export type UserRow = z.infer<typeof UserRowSchema>;

export const AccountCheckStatusSchema = /* @__PURE__ */ z.union([
  z.literal(0),
  z.literal(1),
  z.literal(2),
  z.literal(3),
  z.literal(4),
  z.literal(5),
]);

/** Pay-target user record, i.e. one recharge history entry (SPEC §3). */
export const PayTargetRecordSchema = /* @__PURE__ */ z.object({
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
});
export type PayTargetRecord = z.infer<typeof PayTargetRecordSchema>;

export const PayMethodSchema = /* @__PURE__ */ z.object({
  subType: z.int(),
  recharge_id: z.string(),
});

export const PayItemDisplayMethodSchema = /* @__PURE__ */ z.object({
  displayName: z.string(),
  methods: z.array(PayMethodSchema),
});

/** Charge package (SPEC §3): amount in USD. */
export const ChargePackageSchema = /* @__PURE__ */ z.object({
  recharge_id: z.string(),
  amount: z.number().check(z.positive()),
  coin: z.int().check(z.nonnegative()),
  extra_coin: z.int().check(z.nonnegative()),
  origin_coin: z.int().check(z.nonnegative()),
  icon: z.string(),
  pay_sub_types: z.array(z.int()),
  new_user_only: z.boolean(),
  payItemDisplayMethods: z.array(PayItemDisplayMethodSchema),
});
export type ChargePackage = z.infer<typeof ChargePackageSchema>;

/** Charge-list info (SPEC §3). recommends may hold non-numeric entries, which the app skips. */
export const ChargeListInfoSchema = /* @__PURE__ */ z.object({
  list: z.array(ChargePackageSchema),
  is_new: z.boolean(),
  is_new_uid: z.boolean(),
  is_new_h5device: z.boolean(),
  pay_group: z.array(z.string()),
  extra_recommend: z.union([z.string(), z.number()]),
  recommends: z.array(z.union([z.string(), z.number()])),
});
export type ChargeListInfo = z.infer<typeof ChargeListInfoSchema>;

/** Saved card (SPEC §3). card_valid_date is MM/YY. */
export const SavedCardSchema = /* @__PURE__ */ z.object({
  source_id: z.string(),
  last4: z.string().check(z.regex(/^\d{4}$/)),
  bin: z.string().check(z.regex(/^\d{6,8}$/)),
  to_uid: z.int(),
  scheme: z.string(),
  fingerprint: z.string(),
  issuer_country: z.string(),
  // SPEC §5: expiry MM/YY, month 01-12.
  card_valid_date: z.string().check(z.regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'expiry must be MM/YY')),
  is_bank_expire: z.int(),
  h5_deviceid: z.string(),
  is_remember: z.int(),
  last_use_at: z.int(),
  login: z.int(),
  uid: z.int(),
});
export type SavedCard = z.infer<typeof SavedCardSchema>;

/** The fields of pkgInfo (SPEC §3), the app configuration served by /api/sys/config/. */
export const GrayConfigEntrySchema = /* @__PURE__ */ z.object({
  gray_ratio: z.number().check(z.gte(0), z.lte(100)),
  whitelist: z.array(z.int()),
  pay_type: z.int(),
});

export const WalletSheetConfigSchema = /* @__PURE__ */ z.object({
  countryCode: z.string(),
  // SPEC §9 wallet sheet: currency USD (the amounts it shows are USD).
  currencyCode: z.literal('USD'),
  supportedNetworks: z.array(z.string()),
  merchantCapabilities: z.array(z.string()),
  merchantName: z.string(),
});

export const PkgInfoSchema = /* @__PURE__ */ z.object({
  applepay_gray_config: z.array(GrayConfigEntrySchema),
  ABtest_repurchase_ratio: z.record(z.string(), z.number()),
  adyen_card_ratio: z.number().check(z.gte(0), z.lte(100)),
  adyen_card_whitelist: z.array(z.int()),
  applepay_config: WalletSheetConfigSchema,
  adyen_applepay_config: WalletSheetConfigSchema,
  cko_new_rate: z.number().check(z.gte(0), z.lte(100)),
  cko_new_whitelist: z.array(z.int()),
  website_version: z.string(),
  ksa_android_url: z.string(),
  ksa_huawei_url: z.string(),
  ksa_apple_url: z.string(),
  ksa_google_url: z.string(),
});
export type PkgInfo = z.infer<typeof PkgInfoSchema>;

/** Card token result of a card tokeniser (SPEC §3). Never holds the number or the CVV. */
export const CardTokenSchema = /* @__PURE__ */ z.object({
  token: z.string(),
  bin: z.string(),
  last4: z.string(),
  scheme: z.string(),
  issuer: z.string(),
  issuer_country: z.string(),
  name: z.string(),
});
export type CardToken = z.infer<typeof CardTokenSchema>;
