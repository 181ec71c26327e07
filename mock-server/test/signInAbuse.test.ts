import { DisplayUid, ServerCode, SignIn } from '@topup/contracts';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { TICKET_SECONDS } from '../src/world/sessions';
import { FREE_WRONG_PASSWORDS, MAX_DELAY_MS } from '../src/world/signInGuard';
import { CONTROL, callInject, okData } from './support/inject';

/**
 * Nobody can lock someone else's account or learn which accounts exist from the sign-in answers, tickets
 * sign in once, in time, from their own device, and history rows never hand a device id to another device.
 */

const NOW = new Date('2026-11-21T09:00:00Z');
const ATTACKER = '10.6.6.6';
const OWNER = '10.1.1.1';

let app: FastifyInstance;
beforeEach(async () => {
  app = await buildApp({ now: NOW, signInRateLimit: 1000 });
});
afterEach(() => app.close());

const advance = (ms: number) =>
  app.inject({ method: 'POST', url: '/__mock/clock', headers: CONTROL, payload: { advanceMs: ms } });

async function login(displayUid: string, password: string, address: string) {
  const res = await app.inject({
    method: 'GET',
    url: '/api/user/account_login/',
    query: { display_uid: displayUid, password, uuid: 'u-abuse' },
    remoteAddress: address,
  });
  return res.json() as { result: number; message: string; data?: { retry_after?: number } };
}

describe('wrong passwords (finding 5)', () => {
  it('answer one code for a wrong password, an unknown account and one without a password', async () => {
    const answers = [
      await login(DisplayUid.reem, 'wrong', ATTACKER),
      await login(DisplayUid.missing, 'wrong', ATTACKER),
      await login(DisplayUid.omar, 'wrong', ATTACKER),
    ];
    expect(answers.map((a) => [a.result, a.message])).toEqual(
      answers.map(() => [ServerCode.wrongPassword, answers[0]?.message]),
    );
  });

  it("a stranger's wrong guesses never keep the owner out", async () => {
    for (let i = 0; i < 10; i++) {
      await login(DisplayUid.reem, `guess${i}`, ATTACKER);
      await advance(MAX_DELAY_MS);
    }
    expect((await login(DisplayUid.reem, SignIn.password.password, OWNER)).result).toBe(0);
  });

  it('slow the guesser down, more with each wrong try, and check no password while waiting @spec:code.21006', async () => {
    for (let i = 0; i < FREE_WRONG_PASSWORDS; i++)
      expect((await login(DisplayUid.reem, `guess${i}`, ATTACKER)).result).toBe(ServerCode.wrongPassword);
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      const delayed = await login(DisplayUid.reem, SignIn.password.password, ATTACKER);
      expect(delayed.result).toBe(ServerCode.signInDelayed);
      expect(delayed.message).toMatch(/[\u0600-\u06FF]/);
      const wait = delayed.data?.retry_after ?? 0;
      waits.push(wait);
      await advance(wait * 1000);
      expect((await login(DisplayUid.reem, `again${i}`, ATTACKER)).result).toBe(ServerCode.wrongPassword);
    }
    expect(waits).toEqual([2, 4, 8]);
    // The right password after the wait signs in, and the slate is clean.
    await advance(16_000);
    expect((await login(DisplayUid.reem, SignIn.password.password, ATTACKER)).result).toBe(0);
    expect((await login(DisplayUid.reem, 'wrong', ATTACKER)).result).toBe(ServerCode.wrongPassword);
  });

  it('on a frozen clock, a wait ends after the real time it names (TESTDATA "Clock")', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (let i = 0; i < FREE_WRONG_PASSWORDS; i++) await login(DisplayUid.reem, `guess${i}`, ATTACKER);
      const delayed = await login(DisplayUid.reem, SignIn.password.password, ATTACKER);
      expect(delayed.result).toBe(ServerCode.signInDelayed);
      const wait = (delayed.data?.retry_after ?? 0) * 1000;
      vi.setSystemTime(Date.now() + wait - 1000);
      expect((await login(DisplayUid.reem, SignIn.password.password, ATTACKER)).result).toBe(
        ServerCode.signInDelayed,
      );
      vi.setSystemTime(Date.now() + 1000);
      expect((await login(DisplayUid.reem, SignIn.password.password, ATTACKER)).result).toBe(0);
      const clock = await app.inject({ method: 'GET', url: '/__mock/clock', headers: CONTROL });
      expect(clock.json().data).toMatchObject({ frozen: true, now: NOW.toISOString() });
    } finally {
      vi.useRealTimers();
    }
  });

  it('an unknown account is slowed down exactly as a real one', async () => {
    const codes: number[] = [];
    for (const account of [DisplayUid.reem, DisplayUid.missing]) {
      for (let i = 0; i <= FREE_WRONG_PASSWORDS; i++)
        codes.push((await login(account, `g${i}`, ATTACKER)).result);
    }
    const expected = [
      ...Array.from({ length: FREE_WRONG_PASSWORDS }, () => ServerCode.wrongPassword),
      ServerCode.signInDelayed,
    ];
    expect(codes).toEqual([...expected, ...expected]);
  });

  it('the control API lists and lifts the waits', async () => {
    for (let i = 0; i < FREE_WRONG_PASSWORDS; i++) await login(DisplayUid.reem, `g${i}`, ATTACKER);
    const listed = await app.inject({ method: 'GET', url: '/__mock/lockouts', headers: CONTROL });
    expect(listed.json().data.locked).toEqual([DisplayUid.reem]);
    await app.inject({ method: 'DELETE', url: '/__mock/lockouts', headers: CONTROL });
    expect((await login(DisplayUid.reem, SignIn.password.password, ATTACKER)).result).toBe(0);
  });
});

describe('the sign-in limit per account (attack review)', () => {
  // Attack review: 31 wrong logins a minute from other addresses made the owner's right password answer 10002.
  it("never limits an account across addresses: a stranger's tries keep no owner out", async () => {
    const server = await buildApp({ now: NOW });
    const login = (password: string, remoteAddress: string) =>
      server
        .inject({
          method: 'GET',
          url: '/api/user/account_login/',
          query: { display_uid: '10000001', password, uuid: 'u1' },
          remoteAddress,
        })
        .then((res) => res.json().result as number);
    const fromOne: number[] = [];
    for (let i = 0; i < 31; i++) fromOne.push(await login('x', '127.0.0.50'));
    expect(fromOne.at(-1)).toBe(ServerCode.rateLimited);
    const spread: number[] = [];
    for (let i = 0; i < 31; i++) spread.push(await login('x', `10.0.3.${i + 1}`));
    expect(spread).not.toContain(ServerCode.rateLimited);
    expect(await login('Passw0rd!', '127.0.0.1')).toBe(0);
    await server.close();
  });

  it('limits an account per address across the sign-in calls', async () => {
    const server = await buildApp({ now: NOW, signInRateLimit: 3 });
    const from = { remoteAddress: '10.0.2.1' };
    const account = { display_uid: '10000002', uuid: 'u1', device: 'web' };
    const results: number[] = [];
    for (let i = 0; i < 3; i++) {
      results.push(
        (await callInject(server, 'accountLogin', { ...account, password: `g${i}` }, {}, from)).result,
      );
    }
    // Another sign-in call naming the same account from the same address: its own call is under its limit.
    const social = { user_id: '10000002', access_token: 'fbtok-wrong', uuid: 'u1', device: 'web' };
    results.push((await callInject(server, 'facebookLogin', social, {}, from)).result);
    expect(results.at(-1)).toBe(ServerCode.rateLimited);
    expect(
      (await callInject(server, 'facebookLogin', social, {}, { remoteAddress: '10.0.2.2' })).result,
    ).not.toBe(ServerCode.rateLimited);
    await server.close();
  });
});

describe('login tickets (finding 2)', () => {
  const issue = async (sessionKey: string, uuid: string) =>
    okData('getLoginTicket', await callInject(app, 'getLoginTicket', { session_key: sessionKey, uuid }));

  it('sign in once, from the device they were issued for', async () => {
    const { ticket, expires_at } = await issue('sk-10000010', 'victim-uuid');
    expect(expires_at).toBe(Math.floor(NOW.getTime() / 1000) + TICKET_SECONDS);
    const stranger = await callInject(app, 'ticketLogin', { ticket, uuid: 'attacker-uuid' });
    expect(stranger.result).toBe(ServerCode.loginFailed);
    const noDevice = await callInject(app, 'ticketLogin', { ticket });
    expect(noDevice.result).toBe(ServerCode.loginFailed);
    const first = await callInject(app, 'ticketLogin', { ticket, uuid: 'victim-uuid' });
    expect(okData('ticketLogin', first).user.display_uid).toBe(DisplayUid.newUser);
    const again = await callInject(app, 'ticketLogin', { ticket, uuid: 'victim-uuid' });
    expect(again.result).toBe(ServerCode.linkExpired);
  });

  it('expire after five minutes of the mock clock', async () => {
    const { ticket } = await issue('sk-10000010', 'victim-uuid');
    await advance(TICKET_SECONDS * 1000);
    const late = await callInject(app, 'ticketLogin', { ticket, uuid: 'victim-uuid' });
    expect(late.result).toBe(ServerCode.linkExpired);
  });

  it('need a signed-in session to be issued', async () => {
    const answer = await callInject(app, 'getLoginTicket', { session_key: 'sk-expired', uuid: 'u' });
    expect(answer.result).toBe(ServerCode.loggedOut);
  });

  it("@spec:code.21004 TESTDATA's ticket signs in once per world, from any device; again, the link expired", async () => {
    const first = await callInject(app, 'ticketLogin', { ticket: SignIn.ticket.ticket, uuid: 'any' });
    expect(okData('ticketLogin', first).user.display_uid).toBe(SignIn.ticket.display_uid);
    const again = await callInject(app, 'ticketLogin', { ticket: SignIn.ticket.ticket, uuid: 'any' });
    expect(again.result).toBe(ServerCode.linkExpired);
    await app.inject({ method: 'POST', url: '/__mock/reset', headers: CONTROL, payload: {} });
    const reset = await callInject(app, 'ticketLogin', { ticket: SignIn.ticket.ticket });
    expect(reset.result).toBe(0);
  });
});

describe('history rows (finding 3)', () => {
  it("never hand another device's id to the account's reader", async () => {
    const rows = async (device: string) =>
      okData(
        'rechargeFillRecord',
        await callInject(app, 'rechargeFillRecord', {
          session_key: 'sk-10000001',
          h5_deviceid: device,
          offset: 0,
          limit: 100,
        }),
      ).list.map((r) => r.h5_deviceid);
    expect(await rows('h5_attacker')).toEqual((await rows('h5_attacker')).map(() => ''));
    // The device that paid sees its own id.
    expect(await rows('h5-device-10000001')).toContain('h5-device-10000001');
  });
});
