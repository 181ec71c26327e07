import { describe, expect, it } from 'vitest';
import { judgeWrongValue, unknownSessionRefusals, wrongValueOf } from './signInProbes';

describe('a sign-in asked again with a wrong value', () => {
  it.each([
    ['getLoginKey', { access_token: 'fbtok-ok' }, 'access_token', 'fbtok-ok-topup-wrong', [21001]],
    ['accountLogin', { password: 'Passw0rd!' }, 'password', 'Passw0rd!-topup-wrong', [21002, 21006]],
  ] as const)('%s changes its %s', (call, params, field, wrong, refusals) => {
    const asked = wrongValueOf(call, { display_uid: '10000001', ...params });
    expect(asked?.probe.field).toBe(field);
    expect(asked?.wrong).toBe(wrong);
    expect(asked?.probe.refusals).toEqual(refusals);
  });

  it.each([
    ['accountLogin without a password', 'accountLogin', { display_uid: '10000001' }],
    ['a call with no sign-in value', 'checkDisplayId', { display_id: '10000001', password: 'x' }],
    ['ticketLogin (its own probe)', 'ticketLogin', { ticket: 'tk-10000001' }],
  ] as const)('%s is not asked', (_name, call, params) => {
    expect(wrongValueOf(call, params)).toBeUndefined();
  });

  const password = wrongValueOf('accountLogin', { password: 'Passw0rd!' });
  const token = wrongValueOf('getLoginKey', { access_token: 'fbtok-ok' });
  const rows: readonly [string, typeof password, number | undefined, string | undefined][] = [
    ['password: 21002 refuses it', password, 21002, undefined],
    ['password: 21006 (wait) refuses it', password, 21006, undefined],
    ['password: accepted', password, 0, 'a wrong password fails with 21002 or 21006'],
    ['password: the login-failed code', password, 21001, 'it answered 21001'],
    ['password: no answer', password, undefined, 'it answered no answer'],
    ['token: 21001 refuses it', token, 21001, undefined],
    ['token: accepted', token, 0, "(not the fixtures' token), it answered 0: a wrong token fails with 21001"],
    ['token: a wrong-password code', token, 21002, 'it answered 21002'],
  ];
  it.each(rows)('%s', (_name, asked, result, wrong) => {
    if (asked === undefined) throw new Error('not asked');
    const said = result === undefined ? 'no answer' : String(result);
    const message = judgeWrongValue(asked.probe, asked.wrong, result, said);
    if (wrong === undefined) expect(message).toBeUndefined();
    else expect(message).toContain(wrong);
  });

  it('never shows the password it tried, but shows the token', () => {
    if (password === undefined || token === undefined) throw new Error('not asked');
    const line = judgeWrongValue(password.probe, password.wrong, 0, '0 (accepted)');
    expect(line).toContain('a wrong password (the fixtures');
    expect(line).not.toContain('Passw0rd');
    expect(judgeWrongValue(token.probe, token.wrong, 0, '0 (accepted)')).toContain('"fbtok-ok-topup-wrong"');
  });

  it('an unknown session key is asked of session reads, not of sign-ins', () => {
    expect(unknownSessionRefusals('accountLogin')).toBeUndefined();
    expect(unknownSessionRefusals('getCardSource')?.length).toBeGreaterThan(0);
  });
});
