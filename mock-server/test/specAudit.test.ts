import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { callInject, callInjectWire, okData, TEST_DEVICE } from './support/inject';

/**
 * The SPEC audit (docs/spec-audit.md) over the mock: each TESTDATA value is written out here as the catalogue
 * states it, not read from the contracts' copy, so the mock is checked against the page rather than itself.
 */
const NOW = new Date('2026-11-21T09:00:00Z');

describe('spec audit: the mock against TESTDATA', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ now: NOW });
  });
  afterAll(() => app.close());

  it.each([
    [20001, '10000003'],
    [20186, '10000004'],
    [21266, '99999999'],
  ])('@spec:code.%s check_display_id answers it for %s', async (code, displayId) => {
    const answer = await callInject(app, 'checkDisplayId', { display_id: displayId, source: 1 });
    expect(answer.result).toBe(code);
  });

  it('check_display_id: 10000006 is found and marked guest; 10000007 from source 1 is a source mismatch (5)', async () => {
    const guest = await callInject(app, 'checkDisplayId', { display_id: '10000006', source: 1 });
    expect(guest.data).toMatchObject({ is_guest: true, display_id: '10000006', uid: 1006 });
    const game = await callInject(app, 'checkDisplayId', { display_id: '10000007', source: 1 });
    expect(game.data).toMatchObject({ status: 5 });
  });

  it('check_user_status: 10000003 is banned (status 2)', async () => {
    const answer = await callInject(app, 'checkUserStatus', { source: 1, uids: [1003, 1002] });
    const data = okData('checkUserStatus', answer) as { user_map: Record<string, { status: number }> };
    expect(data.user_map['1003']?.status).toBe(2);
    expect(data.user_map['1002']?.status).not.toBe(2);
  });

  it('recharge list: 7+ packages from 0.99; 199.99+ only signed in; recommends hold a non-numeric entry', async () => {
    const anon = okData('getRechargeListV3', await callInject(app, 'getRechargeListV3', { source: 1 }));
    const signedIn = okData(
      'getRechargeListV3',
      await callInject(app, 'getRechargeListV3', { uid: 1001, source: 1, session_key: 'sk-10000001' }),
    );
    const amounts = (list: readonly { amount: number }[]) => list.map((p) => p.amount);
    expect(Math.min(...amounts(signedIn.list))).toBe(0.99);
    expect(signedIn.list.length).toBeGreaterThanOrEqual(7);
    expect(Math.max(...amounts(signedIn.list))).toBeGreaterThanOrEqual(199.99);
    expect(Math.max(...amounts(anon.list))).toBeLessThan(199.99);
    expect(signedIn.recommends.some((r) => !/^\d+(\.\d+)?$/.test(String(r)))).toBe(true);
    expect(String(signedIn.extra_recommend)).not.toBe('');
  });

  it('recharge list: new-user-only packages are offered to 10000010 (is_new), not to 10000001', async () => {
    const fresh = okData(
      'getRechargeListV3',
      await callInject(app, 'getRechargeListV3', { uid: 1010, source: 1, session_key: 'sk-10000010' }),
    );
    const old = okData(
      'getRechargeListV3',
      await callInject(app, 'getRechargeListV3', { uid: 1001, source: 1, session_key: 'sk-10000001' }),
    );
    expect(fresh.is_new).toBe(true);
    expect(old.is_new).toBe(false);
    expect(fresh.list.some((p) => p.new_user_only)).toBe(true);
  });

  it('get_card_source for sk-10000001 lists the eight TESTDATA cards before filtering', async () => {
    const answer = await callInject(app, 'getCardSource', {
      h5_deviceid: TEST_DEVICE,
      session_key: 'sk-10000001',
    });
    const { items } = okData('getCardSource', answer);
    expect(items.map((c) => c.source_id).sort()).toEqual(
      [
        'apple_pay',
        'src_bank1699',
        'src_forgot',
        'src_mc4444',
        'src_mc5454',
        'src_soon0006',
        'src_visa4242',
        'src_visa4242_old',
      ].sort(),
    );
    const wallet = items.find((c) => c.source_id === 'apple_pay');
    expect(wallet).toMatchObject({ bin: '000000', last4: '0000' });
    const byId = new Map(items.map((c) => [c.source_id, c]));
    expect(byId.get('src_visa4242')?.fingerprint).toBe(byId.get('src_visa4242_old')?.fingerprint);
    expect(byId.get('src_bank1699')?.is_bank_expire).toBe(1);
    expect(byId.get('src_forgot')?.is_remember).toBe(0);
  });

  it('check_domain_payable: localhost payable; 127.0.0.1 not, moving to localhost on the same port', async () => {
    const here = okData(
      'checkDomainPayable',
      await callInject(app, 'checkDomainPayable', { pay_type: 26, domain: 'localhost:5173' }),
    );
    expect(here.is_payable).toBe(true);
    const there = okData(
      'checkDomainPayable',
      await callInject(app, 'checkDomainPayable', { pay_type: 26, domain: '127.0.0.1:5173' }),
    );
    expect(there).toMatchObject({ is_payable: false, domain: 'localhost:5173' });
  });

  it('fines: 7001 is 4.99 USD unpaid for 10000009; 7002 paid; 7999 not found', async () => {
    const due = okData('getFineInfo', await callInject(app, 'getFineInfo', { id: 7001 }));
    expect(due).toMatchObject({ amount: 4.99, status: 'unpaid', display_uid: '10000009' });
    const paid = okData('getFineInfo', await callInject(app, 'getFineInfo', { id: 7002 }));
    expect(paid.status).toBe('paid');
    const missing = await callInject(app, 'getFineInfo', { id: 7999 });
    expect(missing.result).not.toBe(0);
    expect(missing.message.length).toBeGreaterThan(0);
  });

  it('recharge_fill_record: a page holds at most 100 (limit above 100 refused)', async () => {
    const wire = { session_key: 'sk-10000001', h5_deviceid: TEST_DEVICE, offset: '0' };
    const page = await callInjectWire(app, 'rechargeFillRecord', { ...wire, limit: '100' });
    expect(page.result).toBe(0);
    const tooMany = await callInjectWire(app, 'rechargeFillRecord', { ...wire, limit: '101' });
    expect(tooMany.result).not.toBe(0);
  });

  it('streamer context: 10000008 live gives LIVING; banned 10000003 gives BAN', async () => {
    const live = await callInject(app, 'checkDisplayId', { display_id: '10000008', source: 1, from: 'live' });
    expect(live.data).toMatchObject({ streamer_state: 'LIVING', room_id: 5001 });
    const banned = await callInject(app, 'checkDisplayId', {
      display_id: '10000003',
      source: 1,
      from: 'live',
    });
    expect(banned.data).toMatchObject({ streamer_state: 'BAN' });
  });

  it('@spec:code.20187 10000005 (deactivating, check status 4) is refused with its message', async () => {
    const answer = await callInject(app, 'checkDisplayId', { display_id: '10000005', source: 1 });
    expect(answer.result).not.toBe(0);
    expect(answer.data).toMatchObject({ status: 4 });
  });
});
