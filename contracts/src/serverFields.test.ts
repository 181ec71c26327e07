import { describe, expect, it } from 'vitest';
import { getFineInfo } from './api/fines';
import { SessionUserSchema, UserRowSchema } from './entities';

/**
 * Fields the page draws as the server sends them, which SPEC and TESTDATA fix: a display id is digits (SPEC
 * §5), a fine is in USD and whole cents (TESTDATA "Fines": 4.99 USD). An answer holding anything else is
 * outside the contract (the app refuses it; the mock must never send it).
 */

const RLO = '\u202E';
const fine = {
  id: 7001,
  uid: 1009,
  display_uid: '10000009',
  nickname: 'any',
  amount: 4.99,
  currency: 'USD',
  status: 'unpaid',
  account_banned: true,
};
const user = { uid: 1001, display_uid: '10000001', nickname: 'ريم', icon: '', session_key: 'sk-10000001' };
const row = {
  id: 1,
  uid: 1001,
  display_uid: '10000001',
  nickname: 'ريم',
  icon: '',
  status: 0,
  is_streamer: 0,
  is_invisibility: 0,
  is_online: 0,
  room_id: 0,
};

describe('get_fine_info: a fine the page can show and charge', () => {
  it.each([
    { name: 'the fine of TESTDATA', change: {}, ok: true },
    { name: 'a whole-dollar amount', change: { amount: 20 }, ok: true },
    { name: 'ten cents written short', change: { amount: 4.5 }, ok: true },
    { name: 'an amount finer than a cent (shown $5.00)', change: { amount: 4.999999 }, ok: false },
    { name: 'an amount in exponent form', change: { amount: 1e-7 }, ok: false },
    { name: 'a zero amount', change: { amount: 0 }, ok: false },
    { name: 'another currency', change: { currency: 'SAR' }, ok: false },
    { name: 'a currency with words of its own', change: { currency: `USD ${RLO}اتصل بالدعم` }, ok: false },
    { name: 'a display id with an override', change: { display_uid: `10000009${RLO}` }, ok: false },
    { name: 'a display id of 3,000 characters', change: { display_uid: '1'.repeat(3000) }, ok: false },
    { name: 'a display id of letters', change: { display_uid: 'abcdefgh' }, ok: false },
  ])('$name: accepted $ok', ({ change, ok }) => {
    expect(getFineInfo.data.safeParse({ ...fine, ...change }).success).toBe(ok);
  });
});

describe("a session user's and a user row's display id: digits", () => {
  it.each([
    { id: '10000001', ok: true },
    { id: '12345', ok: true },
    { id: '1234', ok: false },
    { id: `10000001) ${RLO}وهو حسابك الموثّق، لا داعي للتحقق (`, ok: false },
    { id: '10000001\n', ok: false },
    { id: '١٠٠٠٠٠٠١', ok: false },
    { id: '', ok: false },
  ])('$id: accepted $ok', ({ id, ok }) => {
    expect(SessionUserSchema.safeParse({ ...user, display_uid: id }).success).toBe(ok);
    expect(UserRowSchema.safeParse({ ...row, display_uid: id }).success).toBe(ok);
  });
});
