import { z } from 'zod/mini';
import { PayTargetRecordSchema, SessionUserSchema } from './entities';
import { SAFE_IMAGE_URL } from './images';
import { PayTypeSchema } from './payments';

/**
 * Browser storage (SPEC §3): the key of every stored value, the schema it must pass when read back, and
 * reading one. Values are stored as JSON; anything missing, corrupt or of the wrong shape reads as absent.
 */

const PREFIX = 'topup.';

export const StorageKeys = {
  clientUuid: `${PREFIX}client_uuid`,
  anonymousId: `${PREFIX}anonymous_id`,
  performanceTiming: `${PREFIX}performance_timing`,
  randomId: `${PREFIX}random_id`,
  sessionKey: `${PREFIX}session_key`,
  user: `${PREFIX}user`,
  payTargetUid: `${PREFIX}pay_target_uid`,
  payTargetUser: `${PREFIX}pay_target_user`,
  rechargeHistory: `${PREFIX}recharge_history`,
  lastPayType: `${PREFIX}last_pay_type`,
  lastPayCard: `${PREFIX}last_pay_card`,
  /** The signed-in visitor's last answer to "save this card" (a yes or no, never card data). */
  rememberCard: `${PREFIX}remember_card`,
  deviceId: `${PREFIX}device_id`,
  loginTicket: `${PREFIX}login_ticket`,
  loginType: `${PREFIX}login_type`,
  /**
   * The uid of a `link` sign-in's account that the visitor has said is theirs (the link notice's "yes"):
   * until then the page names it as the link's account, not as the visitor's own.
   */
  linkAcknowledged: `${PREFIX}link_acknowledged`,
  lastApiBase: `${PREFIX}last_api_base`,
  backupApiLists: `${PREFIX}backup_api_lists`,
} as const;
export type StorageKey = (typeof StorageKeys)[keyof typeof StorageKeys];

/**
 * Keys the web module that keeps each value reads through its own schema, silently: in sessionStorage (the
 * tab's visit) unless noted. The fine keys are prefixes, followed by the fine's id.
 */
export const OwnedStorageKeys = {
  updateReloadedFor: `${PREFIX}update_reloaded_for`,
  appAccount: `${PREFIX}app_account`,
  payAttempt: `${PREFIX}pay_attempt`,
  /** sessionStorage: the session each order of the tab was made under (web api/orderSession.ts). */
  orderSessions: `${PREFIX}order_sessions`,
  fineAttempt: `${PREFIX}fine_attempt`,
  /**
   * localStorage, so every tab knows them: the orders given up (cancelled at the visitor's word), ids only,
   * the last few for a day (web givenUp.ts).
   */
  givenUpOrders: `${PREFIX}given_up_orders`,
  paidPayVisits: `${PREFIX}paid_pay_visits`,
  /**
   * sessionStorage: the one-time proof of the wallet domain move this page made to its own origin, written
   * right before the move and consumed on arrival (web features/pay/pageInfo.ts, security/handOver.ts).
   */
  handOverProof: `${PREFIX}hand_over_proof`,
  fineBannedBefore: `${PREFIX}fine_banned_before.`,
  finePaidOrder: `${PREFIX}fine_paid_order.`,
  /** localStorage, so other tabs hear it. */
  recentPayments: `${PREFIX}recent_payments`,
  /** The problem report's text while it is written (never its files), until it is sent. */
  feedbackDraft: `${PREFIX}feedback_draft`,
} as const;

export const AB_TEST_PREFIX = `${PREFIX}abtest_`;
export type AbTestKey = `${typeof AB_TEST_PREFIX}${string}`;

/** The key of one AB test's score: `abtest_` plus the test id, under the app's prefix. */
export function abTestKey(testId: string): AbTestKey {
  return `${AB_TEST_PREFIX}${testId}`;
}

/** Recharge history kept locally: 40 targets plus the visitor's own account first (SPEC §9). */
export const RECHARGE_HISTORY_MAX_TARGETS = 40;
export const RECHARGE_HISTORY_MAX_ENTRIES = RECHARGE_HISTORY_MAX_TARGETS + 1;

const shortText = /* @__PURE__ */ z.string().check(z.minLength(1), z.maxLength(256));

/** Timing marks by name, in milliseconds. */
export const PerformanceTimingSchema = /* @__PURE__ */ z.record(
  z.string().check(z.maxLength(64)),
  z.number().check(z.nonnegative()),
);
export type PerformanceTiming = z.infer<typeof PerformanceTimingSchema>;

export const RandomIdSchema = /* @__PURE__ */ z
  .string()
  .check(z.regex(/^[0-9a-f]{32}$/, '32 lower-case hex characters'));

/** A stored image address: only what the page may load (SAFE_IMAGE_URL); anything else reads as absent. */
const StoredIconSchema = /* @__PURE__ */ z
  .string()
  .check(z.maxLength(2048), z.regex(SAFE_IMAGE_URL, 'an http(s) address or a same-origin path'));

/** The signed-in user as stored: the session user, its icon an address the page may load. */
const StoredUserSchema = /* @__PURE__ */ z.extend(SessionUserSchema, { icon: StoredIconSchema });

/** The h5 device id the app generates (platform/ids.ts): `h5_` and 32 lower-case hex characters. */
const DeviceIdSchema = /* @__PURE__ */ z.string().check(z.regex(/^h5_[0-9a-f]{32}$/, 'h5_ and 32 hex'));

/** The pay target as the recharge page keeps it (SPEC §3: display_uid, icon and source beside the user). */
export const StoredPayTargetSchema = /* @__PURE__ */ z.object({
  uid: z.int().check(z.positive()),
  display_uid: z.string().check(z.minLength(1), z.maxLength(32)),
  nickname: z.string().check(z.maxLength(200)),
  icon: StoredIconSchema,
  is_guest: z.boolean(),
  source: z.union([z.literal(1), z.literal(4)]),
});
export type StoredPayTarget = z.infer<typeof StoredPayTargetSchema>;

export const RechargeHistorySchema = /* @__PURE__ */ z
  .array(PayTargetRecordSchema)
  .check(z.maxLength(RECHARGE_HISTORY_MAX_ENTRIES));

/** Numeric pay types of SPEC §3; a stored type the app no longer knows reads as absent. */
export const StoredPayTypeSchema = PayTypeSchema;

/**
 * The last card, enough to show and reuse a saved card. Strict, so a value carrying a card number, a CVV or
 * anything else is refused rather than kept in the browser.
 */
export const LastPayCardSchema = /* @__PURE__ */ z.strictObject({
  source_id: z.string().check(z.minLength(1), z.maxLength(128)),
  bin: z.string().check(z.regex(/^\d{6,8}$/)),
  last4: z.string().check(z.regex(/^\d{4}$/)),
  scheme: z.string().check(z.maxLength(32)),
});
export type LastPayCard = z.infer<typeof LastPayCardSchema>;

/**
 * How the session began. `link`: a `session_key` or `#pageinfo` in the address signed in a visitor who was
 * signed out, not yet confirmed by them or by the app's bridge (a stranger's link could sign a visitor into
 * the stranger's account: the page says whose account it is and saves no card by default until confirmed).
 */
export const LoginTypeSchema = /* @__PURE__ */ z.enum(['account', 'social', 'search', 'ticket', 'link']);
export type LoginType = z.infer<typeof LoginTypeSchema>;

/** An absolute http(s) base or a same-origin path. */
export const ApiBaseSchema = /* @__PURE__ */ z
  .string()
  .check(z.maxLength(2048), z.regex(/^(https?:\/\/[^\s/]+(\/\S*)?|\/\S*)$/, 'an http(s) URL or a path'));

/** The backup domains map: host to its replacement hosts. */
export const BackupApiListsSchema = /* @__PURE__ */ z.record(
  z.string().check(z.maxLength(255)),
  z.array(z.string().check(z.maxLength(255))).check(z.maxLength(20)),
);

export const AbScoreSchema = /* @__PURE__ */ z.int().check(z.gte(0), z.lte(99));

export const storageSchemas = {
  [StorageKeys.clientUuid]: z.uuid(),
  [StorageKeys.anonymousId]: shortText,
  [StorageKeys.performanceTiming]: PerformanceTimingSchema,
  [StorageKeys.randomId]: RandomIdSchema,
  [StorageKeys.sessionKey]: z.string().check(z.minLength(1), z.maxLength(200)),
  [StorageKeys.user]: StoredUserSchema,
  [StorageKeys.payTargetUid]: z.int().check(z.positive()),
  [StorageKeys.payTargetUser]: StoredPayTargetSchema,
  [StorageKeys.rechargeHistory]: RechargeHistorySchema,
  [StorageKeys.lastPayType]: StoredPayTypeSchema,
  [StorageKeys.lastPayCard]: LastPayCardSchema,
  [StorageKeys.rememberCard]: z.boolean(),
  [StorageKeys.deviceId]: DeviceIdSchema,
  [StorageKeys.loginTicket]: shortText,
  [StorageKeys.loginType]: LoginTypeSchema,
  [StorageKeys.linkAcknowledged]: z.int().check(z.positive()),
  [StorageKeys.lastApiBase]: ApiBaseSchema,
  [StorageKeys.backupApiLists]: BackupApiListsSchema,
} as const satisfies Record<StorageKey, z.ZodMiniType>;

/** The schema of any key, AB test keys included; undefined for a key the app does not own. */
export function storageSchemaOf(key: string): z.ZodMiniType | undefined {
  if (Object.hasOwn(storageSchemas, key)) return storageSchemas[key as StorageKey];
  if (key.startsWith(AB_TEST_PREFIX) && key.length > AB_TEST_PREFIX.length) return AbScoreSchema;
  return undefined;
}

/** Picks the four storable fields, so callers can hand over a whole card object safely. */
export function toLastPayCard(card: LastPayCard): LastPayCard {
  return { source_id: card.source_id, bin: card.bin, last4: card.last4, scheme: card.scheme };
}

export type StoredValue<K extends StorageKey | AbTestKey> = K extends StorageKey
  ? z.infer<(typeof storageSchemas)[K]>
  : number;

/** The value stored under `key`, or undefined when missing, not JSON or not of the key's shape. */
export function readStored<K extends StorageKey | AbTestKey>(
  key: K,
  raw: string | null,
): StoredValue<K> | undefined {
  const schema = storageSchemaOf(key);
  if (schema === undefined || raw === null) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const result = schema.safeParse(parsed);
  return result.success ? (result.data as StoredValue<K>) : undefined;
}
