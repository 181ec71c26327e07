import { z } from 'zod/mini';
import { PayTargetRecordSchema, SessionUserSchema } from './entities';
import { built } from './lazy';
import * as lazyEntities from './lazyEntities';
import { PayTypeSchema } from './payments';
import { AB_TEST_PREFIX, RECHARGE_HISTORY_MAX_ENTRIES, type StorageKey, StorageKeys } from './storage';

/**
 * The schema every stored value must pass when read back (SPEC §3): the source of truth. The app reads
 * storage through startup/storage.ts's zod-free checkers, which `startup.test.ts` holds equal to these.
 */

const shortText = /* @__PURE__ */ built(() => z.string().check(z.minLength(1), z.maxLength(256)));

/** Timing marks by name, in milliseconds. */
export const PerformanceTimingSchema = /* @__PURE__ */ built(() =>
  z.record(z.string().check(z.maxLength(64)), z.number().check(z.nonnegative())),
);
export type PerformanceTiming = z.infer<typeof PerformanceTimingSchema>;

export const RandomIdSchema = /* @__PURE__ */ built(() =>
  z.string().check(z.regex(/^[0-9a-f]{32}$/, '32 lower-case hex characters')),
);

/** The pay target as the recharge page keeps it (SPEC §3: display_uid, icon and source beside the user). */
export const StoredPayTargetSchema = /* @__PURE__ */ built(() =>
  z.object({
    uid: z.int().check(z.positive()),
    display_uid: z.string().check(z.minLength(1), z.maxLength(32)),
    nickname: z.string().check(z.maxLength(200)),
    icon: z.string().check(z.maxLength(2048)),
    is_guest: z.boolean(),
    source: z.union([z.literal(1), z.literal(4)]),
  }),
);
export type StoredPayTarget = z.infer<typeof StoredPayTargetSchema>;

export const RechargeHistorySchema = /* @__PURE__ */ built(() =>
  z.array(PayTargetRecordSchema).check(z.maxLength(RECHARGE_HISTORY_MAX_ENTRIES)),
);

/** Numeric pay types of SPEC §3; a stored type the app no longer knows reads as absent. */
export const StoredPayTypeSchema = PayTypeSchema;

/**
 * The last card, enough to show and reuse a saved card. Strict, so a value carrying a card number, a CVV or
 * anything else is refused rather than kept in the browser.
 */
export const LastPayCardSchema = /* @__PURE__ */ lazyEntities.LastPayCardSchema();
export type LastPayCard = z.infer<typeof LastPayCardSchema>;

/**
 * How the session began. `link`: a `session_key` or `#pageinfo` in the address signed in a visitor who was
 * signed out, not yet confirmed by them or by the app's bridge (a stranger's link could sign a visitor into
 * the stranger's account: the page says whose account it is and saves no card by default until confirmed).
 */
export const LoginTypeSchema = /* @__PURE__ */ built(() =>
  z.enum(['account', 'social', 'search', 'ticket', 'link']),
);
export type LoginType = z.infer<typeof LoginTypeSchema>;

/** An absolute http(s) base or a same-origin path. */
export const ApiBaseSchema = /* @__PURE__ */ built(() =>
  z
    .string()
    .check(z.maxLength(2048), z.regex(/^(https?:\/\/[^\s/]+(\/\S*)?|\/\S*)$/, 'an http(s) URL or a path')),
);

/** The backup domains map: host to its replacement hosts. */
export const BackupApiListsSchema = /* @__PURE__ */ built(() =>
  z.record(
    z.string().check(z.maxLength(255)),
    z.array(z.string().check(z.maxLength(255))).check(z.maxLength(20)),
  ),
);

export const AbScoreSchema = /* @__PURE__ */ built(() => z.int().check(z.gte(0), z.lte(99)));

export const storageSchemas = /* @__PURE__ */ built(
  () =>
    ({
      [StorageKeys.clientUuid]: z.uuid(),
      [StorageKeys.anonymousId]: shortText,
      [StorageKeys.performanceTiming]: PerformanceTimingSchema,
      [StorageKeys.randomId]: RandomIdSchema,
      [StorageKeys.sessionKey]: z.string().check(z.minLength(1), z.maxLength(200)),
      [StorageKeys.user]: SessionUserSchema,
      [StorageKeys.payTargetUid]: z.int().check(z.positive()),
      [StorageKeys.payTargetUser]: StoredPayTargetSchema,
      [StorageKeys.rechargeHistory]: RechargeHistorySchema,
      [StorageKeys.lastPayType]: StoredPayTypeSchema,
      [StorageKeys.lastPayCard]: LastPayCardSchema,
      [StorageKeys.rememberCard]: z.boolean(),
      [StorageKeys.deviceId]: z.string().check(z.minLength(1), z.maxLength(128)),
      [StorageKeys.loginTicket]: shortText,
      [StorageKeys.loginType]: LoginTypeSchema,
      [StorageKeys.lastApiBase]: ApiBaseSchema,
      [StorageKeys.backupApiLists]: BackupApiListsSchema,
    }) as const satisfies Record<StorageKey, z.ZodMiniType>,
);

/** The schema of any key, AB test keys included; undefined for a key the app does not own. */
export function storageSchemaOf(key: string): z.ZodMiniType | undefined {
  if (Object.hasOwn(storageSchemas, key)) return storageSchemas[key as StorageKey];
  if (key.startsWith(AB_TEST_PREFIX) && key.length > AB_TEST_PREFIX.length) return AbScoreSchema;
  return undefined;
}
