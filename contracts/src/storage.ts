import type { z } from 'zod/mini';
import { storedCheckOf } from './startup/storage';
import type { LastPayCard, storageSchemas } from './storageSchemas';

export type {
  LastPayCard,
  LoginType,
  PerformanceTiming,
  StoredPayTarget,
} from './storageSchemas';

/**
 * Browser storage (SPEC §3): the key of every stored value, and reading one back. Values are stored as JSON;
 * anything missing, corrupt or of the wrong shape reads as absent. The schemas are storageSchemas.ts's; reading
 * uses their zod-free mirrors (startup/storage.ts), so the first load carries no zod.
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
  lastApiBase: `${PREFIX}last_api_base`,
  backupApiLists: `${PREFIX}backup_api_lists`,
} as const;
export type StorageKey = (typeof StorageKeys)[keyof typeof StorageKeys];

export const AB_TEST_PREFIX = `${PREFIX}abtest_`;
export type AbTestKey = `${typeof AB_TEST_PREFIX}${string}`;

/** The key of one AB test's score: `abtest_` plus the test id, under the app's prefix. */
export function abTestKey(testId: string): AbTestKey {
  return `${AB_TEST_PREFIX}${testId}`;
}

/** Recharge history kept locally: 40 targets plus the visitor's own account first (SPEC §9). */
export const RECHARGE_HISTORY_MAX_TARGETS = 40;
export const RECHARGE_HISTORY_MAX_ENTRIES = RECHARGE_HISTORY_MAX_TARGETS + 1;

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
  const check = storedCheckOf(key);
  if (check === undefined || raw === null) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const result = check(parsed);
  return result.success ? (result.data as StoredValue<K>) : undefined;
}
