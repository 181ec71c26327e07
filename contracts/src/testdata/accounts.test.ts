import { describe, expect, it } from 'vitest';
import {
  accountByDisplayUid,
  accountBySessionKey,
  accountByUid,
  accounts,
  expectedCheckOf,
  HOSTILE_NICKNAME,
  missingAccount,
  SignIn,
} from './accounts';

/** TESTDATA's table, written out again so a change to the data cannot pass unnoticed. */
const expectedChecks: [displayUid: string, checkStatus: number, code: number, userStatus: number | null][] = [
  ['10000001', 0, 0, 0],
  ['10000002', 0, 0, 0],
  ['10000003', 2, 20001, 2],
  ['10000004', 1, 20186, 0],
  ['10000005', 4, 20187, 0],
  ['10000006', 0, 0, 0],
  ['10000007', 5, 20188, 0],
  ['10000008', 0, 0, 0],
  ['10000009', 2, 20001, 2],
  ['10000010', 0, 0, 0],
  ['10000011', 0, 0, 0],
  ['99999999', 3, 21266, null],
];

describe('accounts', () => {
  it('has every row of TESTDATA', () => {
    expect([...accounts.map((a) => a.display_uid), missingAccount.display_uid]).toEqual(
      expectedChecks.map(([displayUid]) => displayUid),
    );
  });

  it.each(expectedChecks)('%s: check status %i, result %i', (displayUid, checkStatus, code, userStatus) => {
    expect(expectedCheckOf(displayUid)).toEqual({ check_status: checkStatus, expected_code: code });
    expect(accountByDisplayUid(displayUid)?.user_status ?? null).toBe(userStatus);
  });

  it.each(accounts.map((a) => [a.display_uid, a] as const))(
    '%s: uid, icon and lookups agree',
    (_, account) => {
      expect(account.uid).toBe(Number(account.display_uid) - 10000000 + 1000);
      expect(account.icon).toBe(`/static/avatars/${account.uid}.png`);
      expect(accountByUid(account.uid)).toBe(account);
      expect(account.nickname.length).toBeGreaterThan(0);
    },
  );

  it.each([
    ['10000001', { password: 'Passw0rd!', session_key: 'sk-10000001' }],
    ['10000006', { is_guest: true }],
    ['10000007', { source: 4 }],
    ['10000008', { is_streamer: true, streamer_state: 'LIVING', live_room_id: 5001 }],
    ['10000009', { outstanding_fine_id: 7001, streamer_state: 'BAN' }],
    ['10000010', { is_new: true, session_key: 'sk-10000010' }],
    ['10000002', { nickname: 'Omar ⭐', is_guest: false, is_new: false, source: 1 }],
  ])('%s has %o', (displayUid, fields) => {
    expect(accountByDisplayUid(displayUid)).toMatchObject(fields);
  });

  it('keeps the hostile nickname of 10000011 byte for byte', () => {
    expect(accountByDisplayUid('10000011')?.nickname).toBe(HOSTILE_NICKNAME);
    expect(HOSTILE_NICKNAME).toBe('<img src=x onerror=alert(1)>\u202eevil');
    expect([...HOSTILE_NICKNAME].at(-5)?.codePointAt(0)).toBe(0x202e);
  });

  it.each([
    ['99999999', undefined],
    ['12345', undefined],
  ])('%s has no account', (displayUid, expected) => {
    expect(accountByDisplayUid(displayUid)).toBe(expected);
    expect(expectedCheckOf(displayUid)).toEqual({ check_status: 3, expected_code: 21266 });
  });

  it.each([
    ['sk-10000001', '10000001'],
    ['sk-10000010', '10000010'],
    ['sk-expired', undefined],
    ['', undefined],
  ])('session key %s belongs to %s', (sessionKey, displayUid) => {
    expect(accountBySessionKey(sessionKey)?.display_uid).toBe(displayUid);
  });

  it('holds the other sign-in values', () => {
    expect(SignIn).toEqual({
      password: { display_uid: '10000001', password: 'Passw0rd!' },
      ticket: { ticket: 'tk-10000001', display_uid: '10000001' },
      expiredSessionKey: 'sk-expired',
      facebook: { user_id: 'fb-10000001', token: 'fbtok-ok', display_uid: '10000001' },
      google: { id_token: 'gid-10000001', display_uid: '10000001' },
    });
  });

  it('has unique display ids and uids', () => {
    expect(new Set(accounts.map((a) => a.display_uid)).size).toBe(accounts.length);
    expect(new Set(accounts.map((a) => a.uid)).size).toBe(accounts.length);
  });
});
