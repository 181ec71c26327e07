import { PAY_TYPES } from '../payTypes';
import type { AbTestKey, StorageKey, StoredValue } from '../storage';
import {
  array,
  boolean,
  type Check,
  type Checked,
  gte,
  int,
  literal,
  lte,
  maxLength,
  minLength,
  nonnegative,
  number,
  object,
  parse,
  positive,
  record,
  regex,
  strictObject,
  string,
  union,
} from './check';
import { PayTargetRecord, SessionUser } from './entities';

/**
 * What a value read back from storage must be, without zod: storageSchemas.ts's schemas mirrored line for
 * line (`startup.test.ts` holds each equal to its schema). Keys are spelled out rather than imported from
 * storage.ts, which imports this module; the table's type ties them to StorageKey.
 */

const shortText = string(minLength(1), maxLength(256));

/** zod's `uuid()`: RFC 9562 versions 1 to 8, and the nil and max uuids. */
const uuid = string(
  regex(
    /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/,
  ),
);

export const ApiBase = string(maxLength(2048), regex(/^(https?:\/\/[^\s/]+(\/\S*)?|\/\S*)$/));

const storedChecks: { readonly [K in StorageKey]: Check<StoredValue<K>> } = {
  'topup.client_uuid': uuid,
  'topup.anonymous_id': shortText,
  'topup.performance_timing': record(string(maxLength(64)), number(nonnegative)),
  'topup.random_id': string(regex(/^[0-9a-f]{32}$/)),
  'topup.session_key': string(minLength(1), maxLength(200)),
  'topup.user': SessionUser,
  'topup.pay_target_uid': int(positive),
  'topup.pay_target_user': object({
    uid: int(positive),
    display_uid: string(minLength(1), maxLength(32)),
    nickname: string(maxLength(200)),
    icon: string(maxLength(2048)),
    is_guest: boolean(),
    source: union(literal(1), literal(4)),
  }),
  'topup.recharge_history': array(PayTargetRecord, maxLength(41)),
  'topup.last_pay_type': literal(...PAY_TYPES),
  'topup.last_pay_card': strictObject({
    source_id: string(minLength(1), maxLength(128)),
    bin: string(regex(/^\d{6,8}$/)),
    last4: string(regex(/^\d{4}$/)),
    scheme: string(maxLength(32)),
  }),
  'topup.remember_card': boolean(),
  'topup.device_id': string(minLength(1), maxLength(128)),
  'topup.login_ticket': shortText,
  'topup.login_type': literal('account', 'social', 'search', 'ticket', 'link'),
  'topup.last_api_base': ApiBase,
  'topup.backup_api_lists': record(string(maxLength(255)), array(string(maxLength(255)), maxLength(20))),
};

const abScore = int(gte(0), lte(99));

/** The checker of any key, AB test keys included; undefined for a key the app does not own. */
export function storedCheckOf(
  key: StorageKey | AbTestKey | string,
): ((value: unknown) => Checked<unknown>) | undefined {
  const check = Object.hasOwn(storedChecks, key)
    ? storedChecks[key as StorageKey]
    : key.startsWith('topup.abtest_') && key.length > 'topup.abtest_'.length
      ? abScore
      : undefined;
  return check && ((value) => parse(check as Check, value));
}
