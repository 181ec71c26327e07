import {
  DisplayGroup,
  extraRecommend,
  isPayType,
  LOGIN_ONLY_FROM_USD,
  NON_NUMERIC_RECOMMEND,
  packagesFor,
  recommends,
  ServerCode,
  SignIn,
} from '@topup/contracts';
import { PAY_METHOD_ORDER, payMethodDisplayName, payMethodOf } from '@topup/contracts/payMethodNames';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { CONTROL, callInject, callInjectWire, okData } from './support/inject';

const NOW = new Date('2026-11-21T09:00:00Z');
const NOW_S = Math.floor(NOW.getTime() / 1000);
const DEVICE = 'h5-device-test';

/** Target, session and what the catalogue says such a visitor is listed. */
const listCases = [
  ['10000002 for a visitor', 1002, undefined, { loggedIn: false, isNew: false }],
  ['10000002 signed in as 10000001', 1002, 'sk-10000001', { loggedIn: true, isNew: false }],
  ['new user 10000010 for a visitor', 1010, undefined, { loggedIn: false, isNew: true }],
  ['new user 10000010 signed in as itself', 1010, 'sk-10000010', { loggedIn: true, isNew: true }],
] as const;

describe('get_recharge_list_v3', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ now: NOW });
  });
  afterAll(() => app.close());

  const list = (uid: number, sessionKey?: string) =>
    callInject(app, 'getRechargeListV3', {
      uid,
      source: 1,
      h5_deviceid: DEVICE,
      ...(sessionKey === undefined ? {} : { session_key: sessionKey }),
    });

  it.each(listCases)('%s lists the catalogue’s packages for it', async (_label, uid, sessionKey, visitor) => {
    const data = okData('getRechargeListV3', await list(uid, sessionKey));
    expect(data.list.map((item) => item.recharge_id)).toEqual(
      packagesFor(visitor).map((item) => item.recharge_id),
    );
    expect(data.list.some((item) => item.new_user_only)).toBe(visitor.isNew);
    expect(data.list.some((item) => item.amount >= LOGIN_ONLY_FROM_USD)).toBe(visitor.loggedIn);
    expect(data.list.length).toBeGreaterThanOrEqual(7);
    expect(data.is_new).toBe(visitor.isNew);
    expect(data.is_new_uid).toBe(visitor.isNew);
    const amounts = data.list.map((item) => item.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
  });

  it('sends recommends with its non-numeric entry, and extra_recommend', async () => {
    const data = okData('getRechargeListV3', await list(1002));
    expect(data.recommends).toEqual([...recommends]);
    expect(data.recommends).toContain(NON_NUMERIC_RECOMMEND);
    expect(data.extra_recommend).toBe(extraRecommend);
  });

  it('names each package’s methods as a Saudi visitor knows them, one entry per method, in the method order', async () => {
    const data = okData('getRechargeListV3', await list(1002, 'sk-10000001'));
    const order = PAY_METHOD_ORDER.map((method) => payMethodDisplayName[method]);
    for (const item of data.list) {
      const names = item.payItemDisplayMethods.map((entry) => entry.displayName);
      expect(names).toEqual(order.filter((name) => names.includes(name)));
      const methods = item.payItemDisplayMethods.flatMap((entry) =>
        entry.methods.map((method) => {
          expect(method.recharge_id).toBe(item.recharge_id);
          expect(isPayType(method.subType) && payMethodDisplayName[payMethodOf[method.subType]]).toBe(
            entry.displayName,
          );
          return method.subType;
        }),
      );
      expect([...methods].sort()).toEqual([...item.pay_sub_types].sort());
    }
    // The smallest package has no provider 6 channel (mada, STC Pay), so the app has a case to filter.
    const smallest = data.list[0];
    expect(smallest?.payItemDisplayMethods.map((entry) => entry.displayName)).not.toContain('مدى');
    const groups: string[] = [DisplayGroup.wallet, DisplayGroup.p13, DisplayGroup.p6, DisplayGroup.p17];
    expect(data.pay_group).toEqual(groups);
  });

  it('without a uid lists the packages any target is offered: no new-user ones, the larger ones when signed in', async () => {
    const anyone = okData('getRechargeListV3', await callInject(app, 'getRechargeListV3', { source: 1 }));
    expect(anyone.list.map((item) => item.recharge_id)).toEqual(
      packagesFor({ loggedIn: false, isNew: false }).map((item) => item.recharge_id),
    );
    expect(anyone.is_new).toBe(false);
    const signedIn = okData(
      'getRechargeListV3',
      await callInject(app, 'getRechargeListV3', { source: 1, session_key: 'sk-10000001' }),
    );
    expect(signedIn.list.map((item) => item.recharge_id)).toEqual(
      packagesFor({ loggedIn: true, isNew: false }).map((item) => item.recharge_id),
    );
  });

  it('says whether the device has paid before', async () => {
    expect(okData('getRechargeListV3', await list(1002)).is_new_h5device).toBe(true);
    app.mock.world.people.recordTopUp(0, 1002, DEVICE);
    expect(okData('getRechargeListV3', await list(1002)).is_new_h5device).toBe(false);
  });

  it('refuses an unknown target and a logged-out session', async () => {
    expect((await list(987_654)).result).toBe(ServerCode.accountNotFound);
    expect((await list(1002, SignIn.expiredSessionKey)).result).toBe(ServerCode.loggedOut);
  });

  it('a paid top-up ends the target’s new-user packages', async () => {
    const fresh = await buildApp({ now: NOW });
    const before = okData(
      'getRechargeListV3',
      await callInject(fresh, 'getRechargeListV3', { uid: 1010, source: 1 }),
    );
    expect(before.list.some((item) => item.new_user_only)).toBe(true);
    fresh.mock.world.people.recordTopUp(1001, 1010, DEVICE);
    const after = okData(
      'getRechargeListV3',
      await callInject(fresh, 'getRechargeListV3', { uid: 1010, source: 1 }),
    );
    expect(after.list.some((item) => item.new_user_only)).toBe(false);
    await fresh.close();
  });
});

describe('recharge history', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await buildApp({ now: NOW });
    return () => app.close();
  });

  const fetch = (sessionKey: string, offset = 0, limit = 100) =>
    callInject(app, 'rechargeFillRecord', { session_key: sessionKey, h5_deviceid: DEVICE, offset, limit });

  it('10000001 has a history, most recent first, validated by its contract', async () => {
    const data = okData('rechargeFillRecord', await fetch('sk-10000001'));
    expect(data.list.length).toBeGreaterThanOrEqual(4);
    expect(data.list[0]?.to_display_uid).toBe('10000002');
    const times = data.list.map((record) => record.last_fill_time);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(data.list.every((record) => record.uid === 1001)).toBe(true);
    expect(data.has_more).toBe(false);
  });

  it.each([
    [0, 2],
    [2, 2],
    [4, 100],
  ])('pages with offset %i and limit %i', async (offset, limit) => {
    const all = okData('rechargeFillRecord', await fetch('sk-10000001')).list;
    const page = okData('rechargeFillRecord', await fetch('sk-10000001', offset, limit));
    expect(page.list).toEqual(all.slice(offset, offset + limit));
    expect(page.has_more).toBe(offset + limit < all.length);
  });

  it('refuses a page larger than 100', async () => {
    const answer = await callInjectWire(app, 'rechargeFillRecord', {
      session_key: 'sk-10000001',
      h5_deviceid: DEVICE,
      limit: '101',
    });
    expect(answer.result).toBe(ServerCode.invalidParam);
    expect(answer.message).toContain('limit');
  });

  it('shows each session only its own history', async () => {
    expect(okData('rechargeFillRecord', await fetch('sk-10000010')).list).toEqual([]);
    expect((await fetch(SignIn.expiredSessionKey)).result).toBe(ServerCode.loggedOut);
  });

  it('merges uploaded records: new targets added, known ones keep the larger count and later time', async () => {
    const upload = (records: { to_uid: number; uid: number; fill_times: number; last_fill_time: number }[]) =>
      callInject(app, 'uploadRechargeFillRecord', {
        session_key: 'sk-10000010',
        h5_deviceid: DEVICE,
        records,
      });
    const records = [
      { to_uid: 1002, uid: 1010, fill_times: 2, last_fill_time: NOW_S - 60 },
      { to_uid: 1011, uid: 0, fill_times: 1, last_fill_time: NOW_S - 3600 },
      // Not this payer's, and not an account: both skipped.
      { to_uid: 1008, uid: 1001, fill_times: 9, last_fill_time: NOW_S },
      { to_uid: 987_654, uid: 1010, fill_times: 1, last_fill_time: NOW_S },
    ];
    expect(okData('uploadRechargeFillRecord', await upload(records)).merged).toBe(2);
    expect(okData('uploadRechargeFillRecord', await upload(records)).merged).toBe(2);
    const list = okData('rechargeFillRecord', await fetch('sk-10000010')).list;
    expect(list.map((record) => [record.to_uid, record.fill_times, record.last_fill_time])).toEqual([
      [1002, 2, NOW_S - 60],
      [1011, 1, NOW_S - 3600],
    ]);
    await upload([{ to_uid: 1002, uid: 1010, fill_times: 1, last_fill_time: NOW_S - 10 }]);
    const merged = okData('rechargeFillRecord', await fetch('sk-10000010')).list[0];
    expect(merged).toMatchObject({
      to_uid: 1002,
      fill_times: 2,
      last_fill_time: NOW_S - 10,
      first_fill_time: NOW_S - 60,
    });
  });

  it('records a paid top-up: first and last fill times in seconds, the count growing', async () => {
    const people = app.mock.world.people;
    people.recordTopUp(1010, 1002, DEVICE);
    await app.inject({
      method: 'POST',
      headers: CONTROL,
      url: '/__mock/clock',
      payload: { advanceMs: 90_000 },
    });
    people.recordTopUp(1010, 1002, 'h5-other');
    const [record] = okData('rechargeFillRecord', await fetch('sk-10000010')).list;
    expect(record).toMatchObject({
      to_uid: 1002,
      uid: 1010,
      fill_times: 2,
      first_fill_time: NOW_S,
      last_fill_time: NOW_S + 90,
      // Paid last from another device, whose id is not shown to this one.
      h5_deviceid: '',
      to_display_uid: '10000002',
      is_guest: false,
      status2: 0,
    });
  });
});
