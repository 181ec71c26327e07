import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import { RawEnvelopeSchema } from '../envelope';
import type { ClientCall } from '../registry/call';
import { registry } from '../registry/index';
import { abTestKey, StorageKeys } from '../storage';
import { storageSchemaOf } from '../storageSchemas';
import { extraRecommend, packagesFor, recommends } from '../testdata/packages';
import { startCalls } from './calls';
import { parse } from './check';
import { normaliseEnvelope, RawEnvelope } from './envelope';
import { checkVerdict, everyMutationOf, mutationsOf, zodVerdict } from './mirror';
import { storedCheckOf } from './storage';

/**
 * The zod-free checkers of the first load (issue 16) against the zod schemas they mirror: the same
 * accept/refuse and the same output, on real values and on thousands of mutations of them.
 */

const RUNS = 300;
/** Thousands of values per test: the time a busy machine may take over them (no speed is asserted). */
const SWEEP_TIMEOUT_MS = 60_000;

/** `value` with its arrays cut to two entries, for the exhaustive sweep (the random one keeps them whole). */
function small(value: unknown): unknown {
  if (Array.isArray(value)) return value.slice(0, 2).map(small);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, small(item)]));
  return value;
}
const names = Object.keys(startCalls) as (keyof typeof startCalls)[];

function expectSame(schema: z.ZodMiniType, check: Parameters<typeof checkVerdict>[0], value: unknown) {
  for (const direction of ['decode', 'encode'] as const) {
    expect(checkVerdict(check, value, direction), `${direction} ${JSON.stringify(value)}`).toStrictEqual(
      zodVerdict(schema, value, direction),
    );
  }
}

function expectSameOnMutations(
  schema: z.ZodMiniType,
  check: Parameters<typeof checkVerdict>[0],
  bases: unknown[],
) {
  for (const base of bases) {
    expectSame(schema, check, base);
    for (const value of everyMutationOf(small(base))) expectSame(schema, check, value);
  }
  fc.assert(
    fc.property(fc.constantFrom(...bases).chain(mutationsOf), (value) => expectSame(schema, check, value)),
    { numRuns: RUNS },
  );
}

const record = (n: number) => ({
  to_uid: 1000 + n,
  to_display_uid: String(10000000 + n),
  to_nickname: `n${n}`,
  to_icon: '',
  is_guest: n % 2 === 0,
  uid: 1001,
  h5_deviceid: 'h5_0123',
  fill_times: n,
  first_fill_time: 1_700_000_000,
  last_fill_time: 1_700_000_100,
  status2: 0,
});

/** Each start call's parameters as the app holds them (the request schema's output). */
const requests: Record<(typeof names)[number], unknown[]> = {
  batchRequest: [
    {
      async: true,
      timeout: 5000,
      header: { 'x-cli-lang': 'ar' },
      requests: [
        { id: '0', method: 'POST', path: '/api/sys/config/', params: { channel: 'app_pkg_info' } },
        {
          id: '1',
          method: 'POST',
          path: '/api/third_party_pay/get_recharge_list_v3/',
          params: { uid: '1002' },
        },
      ],
    },
    {
      async: false,
      timeout: 1,
      header: {},
      requests: [{ id: 'a', method: 'GET', path: '/api/', params: {} }],
    },
  ],
  config: [{ channel: 'app_pkg_info' }, { channel: 'app_pkg_info', pure: '1' }],
  getRechargeListV3: [
    { uid: 1002, source: 1 },
    { uid: 1002, source: 4, session_key: 'sk-10000001', h5_deviceid: 'h5_0123' },
  ],
  rechargeFillRecord: [
    { session_key: 'sk-10000001', h5_deviceid: 'h5_0123', offset: 0, limit: 100 },
    { session_key: 'sk-1', h5_deviceid: 'd', offset: 200, limit: 1 },
  ],
  uploadRechargeFillRecord: [
    {
      session_key: 'sk-10000001',
      h5_deviceid: 'h5_0123',
      records: [{ to_uid: 1002, uid: 1001, fill_times: 3, last_fill_time: 1_700_000_100 }],
    },
    { session_key: 'sk-1', h5_deviceid: 'd', records: [] },
  ],
  backupDomains: [{}],
  hii: [{}],
  position: [{}],
  getPayUserInfo: [{ session_key: 'sk-10000001' }, { session_key: 'x' }],
};

/** Success data as the server sends it (test data catalogue; the mock's own answers are in mock-server). */
const answers: Record<(typeof names)[number], unknown[]> = {
  batchRequest: [{ '0': '{"result":0,"message":"ok","data":{}}', '1': '' }, {}],
  config: [],
  getRechargeListV3: [
    {
      list: packagesFor({ loggedIn: true, isNew: true }).map((item) => ({
        ...item,
        payItemDisplayMethods: [
          { displayName: 'Card', methods: [{ subType: 23, recharge_id: item.recharge_id }] },
        ],
      })),
      is_new: true,
      is_new_uid: true,
      is_new_h5device: false,
      pay_group: ['card', 'wallet'],
      extra_recommend: extraRecommend,
      recommends: [...recommends, 9.99],
    },
  ],
  rechargeFillRecord: [{ list: [record(1), record(2)], has_more: false }],
  uploadRechargeFillRecord: [{ merged: 2 }],
  backupDomains: [JSON.stringify({ domains: { 'api.example.com': ['api2.example.com'] } })],
  hii: [{ timestamp: 1_700_000_000_000 }],
  position: [{ country: 'SA' }],
  getPayUserInfo: [
    { user: { uid: 1001, display_uid: '10000001', nickname: 'ريم', icon: 'https://cdn.example/a.png' } },
    { user: { uid: 0, display_uid: '', nickname: '', icon: '', session_key: 'sk-10000001' } },
  ],
};

describe('the start-up calls without zod', { timeout: SWEEP_TIMEOUT_MS }, () => {
  it.each(names)('%s travels as the registry says', (name) => {
    const start = startCalls[name];
    const contract = registry[name];
    const meta = ({ method, path, transport, codes, access, headers }: ClientCall) => ({
      method,
      path,
      transport,
      codes,
      access,
      headers,
    });
    expect(meta(start)).toStrictEqual(meta(contract));
  });

  it.each(names)("%s's request encodes and decodes as its zod schema does", (name) => {
    const schema = registry[name].request as z.ZodMiniType;
    const wires = requests[name].map((value) => zodVerdict(schema, value, 'encode'));
    for (const wire of wires) expect(wire.ok).toBe(true);
    expectSameOnMutations(schema, startCalls[name].request, [
      ...requests[name],
      ...wires.map((wire) => (wire.ok ? wire.data : undefined)),
    ]);
  });

  it.each(names.filter((name) => answers[name].length > 0))(
    "%s's answer is checked as its zod schema checks it",
    (name) => {
      const schema = registry[name].data as z.ZodMiniType;
      for (const answer of answers[name]) expect(zodVerdict(schema, answer, 'decode').ok).toBe(true);
      expectSameOnMutations(schema, startCalls[name].data, answers[name]);
    },
  );

  it('the client operations answer as the registry contract does', () => {
    const list = answers.getRechargeListV3[0];
    const start = startCalls.getRechargeListV3;
    const contract = registry.getRechargeListV3;
    expect(start.parse(list)).toStrictEqual(contract.parse(list));
    expect(start.parse({ ...(list as object), list: 'x' }).success).toBe(false);
    const params = { uid: 1002, source: 1, session_key: 'sk-10000001' };
    expect(start.encode(params)).toStrictEqual(contract.encode(params));
    expect(() => start.encode({ uid: 0, source: 1 })).toThrow();
    expect(() => contract.encode({ uid: 0, source: 1 })).toThrow();
  });
});

describe('the envelope without zod', { timeout: SWEEP_TIMEOUT_MS }, () => {
  const bodies = [
    { result: 0, message: 'ok', data: { a: 1 } },
    { code: 200, msg: 'ok', data: [1] },
    { result: -10000, message: 'logged out' },
    { code: 20001 },
  ];

  it('reads every body as RawEnvelopeSchema does, and refuses the same', () => {
    fc.assert(
      fc.property(fc.constantFrom(...bodies).chain(mutationsOf), (body) => {
        const zod = RawEnvelopeSchema.safeParse(body);
        const normalised = normaliseEnvelope(body);
        expect(normalised.ok).toBe(zod.success);
        if (zod.success && normalised.ok) {
          const code = zod.data.result ?? zod.data.code ?? 0;
          expect(normalised.envelope).toStrictEqual({
            result: zod.data.result === undefined && code === 200 ? 0 : code,
            message: zod.data.message ?? zod.data.msg ?? '',
            data: zod.data.data,
          });
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('refuses a body with neither result nor code, as the refinement does', () => {
    expect(normaliseEnvelope({ message: 'x' }).ok).toBe(false);
    expect(RawEnvelopeSchema.safeParse({ message: 'x' }).success).toBe(false);
    expect(parse(RawEnvelope, { message: 'x' }).success).toBe(true);
  });
});

const user = { uid: 1001, display_uid: '10000001', nickname: 'ريم', icon: '/static/avatars/1001.png' };

/** Values each key holds in use. */
const stored: Record<string, unknown[]> = {
  [StorageKeys.clientUuid]: [
    '3b241101-e2bb-4255-8caf-4136c566a962',
    '00000000-0000-0000-0000-000000000000',
    'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
  ],
  [StorageKeys.anonymousId]: ['anon-123'],
  [StorageKeys.performanceTiming]: [{ fcp: 812.5, load: 1500 }, {}],
  [StorageKeys.randomId]: ['0123456789abcdef0123456789abcdef'],
  [StorageKeys.sessionKey]: ['sk-10000001'],
  [StorageKeys.user]: [user, { ...user, session_key: 'sk-10000001' }],
  [StorageKeys.payTargetUid]: [1002],
  [StorageKeys.payTargetUser]: [
    { uid: 1002, display_uid: '10000002', nickname: 'Omar ⭐', icon: '', is_guest: false, source: 1 },
  ],
  [StorageKeys.rechargeHistory]: [[record(1), record(2)], Array.from({ length: 41 }, (_, i) => record(i))],
  [StorageKeys.lastPayType]: [23, 27, 2528],
  [StorageKeys.lastPayCard]: [{ source_id: 'src_visa4242', bin: '424242', last4: '4242', scheme: 'visa' }],
  [StorageKeys.rememberCard]: [true, false],
  [StorageKeys.deviceId]: ['h5_0123456789abcdef0123456789abcdef'],
  [StorageKeys.loginTicket]: ['tk-10000001'],
  [StorageKeys.loginType]: ['account', 'link'],
  [StorageKeys.lastApiBase]: ['https://api.example.com', '/api'],
  [StorageKeys.backupApiLists]: [{ 'api.example.com': ['api2.example.com', 'api3.example.com'] }],
  [abTestKey('repurchase')]: [0, 42, 99],
};

describe('storage reads without zod', { timeout: SWEEP_TIMEOUT_MS }, () => {
  it('has a value in use for every key', () => {
    expect(Object.keys(stored).sort()).toEqual(
      [...Object.values(StorageKeys), abTestKey('repurchase')].sort(),
    );
  });

  it.each(Object.keys(stored))('%s reads as its zod schema does', (key) => {
    const schema = storageSchemaOf(key);
    const check = storedCheckOf(key);
    if (schema === undefined || check === undefined) throw new Error(`${key} has no schema or checker`);
    const bases = stored[key] ?? [];
    const same = (value: unknown) => {
      const zod = schema.safeParse(structuredClone(value));
      const mine = check(structuredClone(value));
      expect(mine.success, JSON.stringify(value)).toBe(zod.success);
      if (mine.success && zod.success) expect(mine.data).toStrictEqual(zod.data);
    };
    for (const base of bases) {
      expect(schema.safeParse(base).success).toBe(true);
      same(base);
      for (const value of everyMutationOf(small(base))) same(value);
    }
    fc.assert(fc.property(fc.constantFrom(...bases).chain(mutationsOf), same), { numRuns: RUNS });
    fc.assert(fc.property(fc.jsonValue(), same), { numRuns: 100 });
  });

  it('owns the same keys', () => {
    for (const key of ['topup.unknown', 'topup.abtest_', 'abtest_x', 'topup.abtest_x']) {
      expect(storedCheckOf(key) === undefined).toBe(storageSchemaOf(key) === undefined);
    }
  });
});
