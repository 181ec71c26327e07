import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  abTestKey,
  RECHARGE_HISTORY_MAX_ENTRIES,
  readStored,
  StorageKeys,
  storageSchemaOf,
  storageSchemas,
  toLastPayCard,
} from './storage';

const record = (n: number) => ({
  to_uid: 1000 + n,
  to_display_uid: String(10000000 + n),
  to_nickname: `user ${n}`,
  to_icon: `/static/avatars/${1000 + n}.png`,
  is_guest: false,
  uid: 1001,
  h5_deviceid: 'dev-1',
  fill_times: 1,
  first_fill_time: 1_700_000_000,
  last_fill_time: 1_700_000_100,
  status2: 0,
});
const history = (n: number) => Array.from({ length: n }, (_, i) => record(i + 1));

const user = { uid: 1001, display_uid: '10000001', nickname: 'ريم', icon: '/static/avatars/1001.png' };
const card = { source_id: 'src_visa4242', bin: '424242', last4: '4242', scheme: 'visa' };

const json = (value: unknown) => JSON.stringify(value);

describe('readStored', () => {
  it.each([
    [StorageKeys.clientUuid, json('3b241101-e2bb-4255-8caf-4136c566a962')],
    [StorageKeys.anonymousId, json('anon-123')],
    [StorageKeys.performanceTiming, json({ fcp: 812.5, load: 1500 })],
    [StorageKeys.randomId, json('0123456789abcdef0123456789abcdef')],
    [StorageKeys.sessionKey, json('sk-10000001')],
    [StorageKeys.user, json(user)],
    [StorageKeys.user, json({ ...user, session_key: 'sk-10000001' })],
    [StorageKeys.payTargetUid, json(1002)],
    [
      StorageKeys.payTargetUser,
      json({ uid: 1002, display_uid: '10000002', nickname: 'Omar ⭐', icon: '', is_guest: false, source: 1 }),
    ],
    [StorageKeys.rechargeHistory, json([])],
    [StorageKeys.rechargeHistory, json(history(RECHARGE_HISTORY_MAX_ENTRIES))],
    [StorageKeys.lastPayType, json(27)],
    [StorageKeys.lastPayType, json(2528)],
    [StorageKeys.lastPayCard, json(card)],
    [StorageKeys.rememberCard, json(false)],
    [StorageKeys.rememberCard, json(true)],
    [StorageKeys.deviceId, json('h5_0123456789abcdef0123456789abcdef')],
    [StorageKeys.user, json({ ...user, icon: 'https://cdn.example.com/a.png' })],
    [StorageKeys.user, json({ ...user, icon: '' })],
    [StorageKeys.loginTicket, json('tk-10000001')],
    [StorageKeys.loginType, json('ticket')],
    [StorageKeys.loginType, json('search')],
    [StorageKeys.lastApiBase, json('https://api.example.com')],
    [StorageKeys.lastApiBase, json('/api')],
    [StorageKeys.backupApiLists, json({ 'api.example.com': ['api2.example.com', 'api3.example.com'] })],
    [abTestKey('repurchase'), json(0)],
    [abTestKey('cko_new'), json(99)],
  ])('reads %s = %s', (key, raw) => {
    expect(readStored(key, raw)).toEqual(JSON.parse(raw));
  });

  it.each([
    [StorageKeys.sessionKey, null],
    [StorageKeys.user, null],
    [abTestKey('repurchase'), null],
  ])('reads a missing %s as undefined', (key, raw) => {
    expect(readStored(key, raw)).toBeUndefined();
  });

  it.each([
    [StorageKeys.user, '{"uid":1001,'],
    [StorageKeys.sessionKey, 'sk-10000001'],
    [StorageKeys.rechargeHistory, '[{]'],
    [StorageKeys.lastPayCard, ''],
    [abTestKey('x'), 'NaN'],
    [StorageKeys.payTargetUid, 'undefined'],
  ])('reads corrupt JSON under %s (%j) as undefined', (key, raw) => {
    expect(readStored(key, raw)).toBeUndefined();
  });

  it.each([
    [StorageKeys.clientUuid, json('not-a-uuid')],
    [StorageKeys.randomId, json('0123456789ABCDEF0123456789ABCDEF')],
    [StorageKeys.randomId, json('0123456789abcdef')],
    [StorageKeys.sessionKey, json('')],
    [StorageKeys.sessionKey, json(42)],
    [StorageKeys.user, json({ uid: '1001', display_uid: '10000001', nickname: 'x', icon: '' })],
    [StorageKeys.user, json(null)],
    [StorageKeys.payTargetUid, json(-1)],
    [StorageKeys.payTargetUid, json(1.5)],
    [StorageKeys.payTargetUser, json({ uid: 1002 })],
    [StorageKeys.rechargeHistory, json(history(RECHARGE_HISTORY_MAX_ENTRIES + 1))],
    [StorageKeys.rechargeHistory, json([{ to_uid: 1 }])],
    [StorageKeys.lastPayType, json(99)],
    [StorageKeys.lastPayType, json('27')],
    [StorageKeys.lastPayCard, json({ ...card, number: '4242424242424242' })],
    [StorageKeys.lastPayCard, json({ ...card, cvv: '123' })],
    [StorageKeys.lastPayCard, json({ ...card, bin: '4242' })],
    [StorageKeys.lastPayCard, json({ source_id: 'src_visa4242' })],
    [StorageKeys.rememberCard, json('yes')],
    [StorageKeys.rememberCard, json(1)],
    [StorageKeys.loginType, json('facebook')],
    [StorageKeys.lastApiBase, json('javascript:alert(1)')],
    // Hostile stored values (review): an icon the page may not load, a device id it never made.
    [StorageKeys.user, json({ ...user, icon: 'javascript:alert(1)' })],
    [StorageKeys.user, json({ ...user, icon: 'data:image/svg+xml,<svg onload=alert(1)>' })],
    [StorageKeys.user, json({ ...user, icon: '//evil.example/a.png' })],
    [
      StorageKeys.payTargetUser,
      json({
        uid: 1002,
        display_uid: '10000002',
        nickname: 'x',
        icon: 'JavaScript:x',
        is_guest: false,
        source: 1,
      }),
    ],
    [StorageKeys.deviceId, json('../../etc')],
    [StorageKeys.deviceId, json('h5-device-1')],
    [StorageKeys.deviceId, json('h5_0123456789ABCDEF0123456789ABCDEF')],
    [StorageKeys.backupApiLists, json({ host: 'not-a-list' })],
    [abTestKey('repurchase'), json(100)],
    [abTestKey('repurchase'), json(-1)],
    [abTestKey('repurchase'), json(12.5)],
    [abTestKey('repurchase'), json('42')],
  ])('refuses %s = %s', (key, raw) => {
    expect(readStored(key, raw)).toBeUndefined();
  });

  it('types each value by its key', () => {
    expectTypeOf(readStored(StorageKeys.loginType, null)).toEqualTypeOf<
      'account' | 'social' | 'search' | 'ticket' | 'link' | undefined
    >();
    expectTypeOf(readStored(StorageKeys.lastPayCard, null)).toEqualTypeOf<
      { source_id: string; bin: string; last4: string; scheme: string } | undefined
    >();
    expectTypeOf(readStored(abTestKey('repurchase'), null)).toEqualTypeOf<number | undefined>();
  });

  it('refuses a key it does not own', () => {
    expect(readStored('topup.unknown' as never, json('x'))).toBeUndefined();
    expect(readStored(abTestKey(''), json(1))).toBeUndefined();
  });

  it('never throws, whatever the stored text', () => {
    const keys = [...Object.values(StorageKeys), abTestKey('t')];
    fc.assert(
      fc.property(fc.constantFrom(...keys), fc.oneof(fc.string(), fc.json()), (key, raw) => {
        expect(() => readStored(key, raw)).not.toThrow();
      }),
    );
  });
});

describe('storage keys', () => {
  it('prefixes every key and gives each a schema', () => {
    const keys = Object.values(StorageKeys);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) {
      expect(key.startsWith('topup.')).toBe(true);
      expect(storageSchemaOf(key)).toBe(storageSchemas[key]);
    }
    expect(Object.keys(storageSchemas).sort()).toEqual([...keys].sort());
  });

  it.each([
    ['repurchase', 'topup.abtest_repurchase'],
    ['42', 'topup.abtest_42'],
  ])('abTestKey(%s) is %s', (testId, key) => {
    expect(abTestKey(testId)).toBe(key);
  });

  it('keeps only the four card fields', () => {
    const full = { ...card, number: '4242424242424242', cvv: '123' };
    expect(toLastPayCard(full)).toEqual(card);
  });
});
