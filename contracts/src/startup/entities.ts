import {
  array,
  boolean,
  gte,
  int,
  lte,
  maxLength,
  nonnegative,
  number,
  object,
  optional,
  positive,
  record,
  string,
  union,
} from './check';

/** The entities the first load checks, mirroring entities.ts line for line (see check.ts). */

/** Sources (SPEC §3): 1 the main app flavour, 4 the game flavour. */
export const Source = { main: 1, game: 4 } as const;

export const SessionUser = object({
  uid: int(nonnegative),
  display_uid: string(),
  nickname: string(maxLength(200)),
  icon: string(maxLength(2048)),
  session_key: optional(string(maxLength(200))),
});

export const PayTargetRecord = object({
  to_uid: int(),
  to_display_uid: string(),
  to_nickname: string(),
  to_icon: string(),
  is_guest: boolean(),
  uid: int(nonnegative),
  h5_deviceid: string(),
  fill_times: int(nonnegative),
  first_fill_time: int(nonnegative),
  last_fill_time: int(nonnegative),
  status2: int(),
});

const PayMethod = object({ subType: int(), recharge_id: string() });

const PayItemDisplayMethod = object({ displayName: string(), methods: array(PayMethod) });

const ChargePackage = object({
  recharge_id: string(),
  amount: number(positive),
  coin: int(nonnegative),
  extra_coin: int(nonnegative),
  origin_coin: int(nonnegative),
  icon: string(),
  pay_sub_types: array(int()),
  new_user_only: boolean(),
  payItemDisplayMethods: array(PayItemDisplayMethod),
});

export const ChargeListInfo = object({
  list: array(ChargePackage),
  is_new: boolean(),
  is_new_uid: boolean(),
  is_new_h5device: boolean(),
  pay_group: array(string()),
  extra_recommend: union(string(), number()),
  recommends: array(union(string(), number())),
});

const GrayConfigEntry = object({
  gray_ratio: number(gte(0), lte(100)),
  whitelist: array(int()),
  pay_type: int(),
});

const WalletSheetConfig = object({
  countryCode: string(),
  currencyCode: string(),
  supportedNetworks: array(string()),
  merchantCapabilities: array(string()),
  merchantName: string(),
});

export const PkgInfo = object({
  applepay_gray_config: array(GrayConfigEntry),
  ABtest_repurchase_ratio: record(string(), number()),
  adyen_card_ratio: number(gte(0), lte(100)),
  adyen_card_whitelist: array(int()),
  applepay_config: WalletSheetConfig,
  adyen_applepay_config: WalletSheetConfig,
  cko_new_rate: number(gte(0), lte(100)),
  cko_new_whitelist: array(int()),
  website_version: string(),
  ksa_android_url: string(),
  ksa_huawei_url: string(),
  ksa_apple_url: string(),
  ksa_google_url: string(),
});
