import { DisplayUid, ServerCode, SignIn } from '@topup/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { rateLimitedCalls } from '../src/contract/rateLimits';
import { CONTROL, callInject, type InjectedEnvelope, okData, sessionHeader } from './support/inject';

const NOW = new Date('2026-11-21T09:00:00Z');
const DEVICE = { version_code: 30507, device: 'web', uuid: 'uuid-auth-test' } as const;
const REEM = { uid: 1001, display_uid: DisplayUid.reem } as const;

type SignInCase = readonly [
  label: string,
  run: (app: FastifyInstance) => Promise<InjectedEnvelope>,
  code: number,
];

/** Every sign-in value of TESTDATA, and its neighbours that must fail. */
const signInCases: readonly SignInCase[] = [
  [
    'account id and password',
    (app) => callInject(app, 'accountLogin', { ...SignIn.password, device: 'web', uuid: DEVICE.uuid }),
    0,
  ],
  [
    'account id and a wrong password @spec:code.21002',
    (app) =>
      callInject(app, 'accountLogin', {
        display_uid: DisplayUid.reem,
        password: 'passw0rd!',
        device: 'web',
        uuid: DEVICE.uuid,
      }),
    ServerCode.wrongPassword,
  ],
  [
    'an account without a password',
    (app) =>
      callInject(app, 'accountLogin', {
        display_uid: DisplayUid.omar,
        password: 'Passw0rd!',
        device: 'web',
        uuid: DEVICE.uuid,
      }),
    ServerCode.wrongPassword,
  ],
  [
    'an account id that does not exist',
    (app) =>
      callInject(app, 'accountLogin', {
        display_uid: DisplayUid.missing,
        password: 'Passw0rd!',
        device: 'web',
        uuid: DEVICE.uuid,
      }),
    ServerCode.wrongPassword,
  ],
  ['ticket tk-10000001', (app) => callInject(app, 'ticketLogin', { ticket: SignIn.ticket.ticket }), 0],
  [
    'another ticket @spec:code.21001',
    (app) => callInject(app, 'ticketLogin', { ticket: 'tk-10000002' }),
    ServerCode.loginFailed,
  ],
  [
    'Facebook fb-10000001 / fbtok-ok @spec:login.social',
    (app) =>
      callInject(app, 'facebookLogin', {
        user_id: SignIn.facebook.user_id,
        access_token: SignIn.facebook.token,
        ...DEVICE,
      }),
    0,
  ],
  [
    'Facebook with another token',
    (app) =>
      callInject(app, 'facebookLogin', {
        user_id: SignIn.facebook.user_id,
        access_token: 'fbtok-bad',
        ...DEVICE,
      }),
    ServerCode.loginFailed,
  ],
  [
    'Facebook with another user id',
    (app) =>
      callInject(app, 'facebookLogin', {
        user_id: 'fb-10000002',
        access_token: SignIn.facebook.token,
        ...DEVICE,
      }),
    ServerCode.loginFailed,
  ],
  [
    'Google gid-10000001 @spec:login.searchEngine',
    (app) => callInject(app, 'googleLogin', { id_token: SignIn.google.id_token, ...DEVICE }),
    0,
  ],
  [
    'Google with another id token',
    (app) => callInject(app, 'googleLogin', { id_token: 'gid-10000002', ...DEVICE }),
    ServerCode.loginFailed,
  ],
];

const loginKeyCases = [
  ['facebook', SignIn.facebook.user_id, SignIn.facebook.token, 0],
  ['facebook', SignIn.facebook.user_id, 'fbtok-bad', ServerCode.loginFailed],
  ['facebook', 'fb-unknown', SignIn.facebook.token, ServerCode.loginFailed],
  ['google', 'google-user', SignIn.google.id_token, 0],
  ['google', 'google-user', 'gid-unknown', ServerCode.loginFailed],
] as const;

describe('sign-in', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ now: NOW, signInRateLimit: 1000 });
  });
  afterAll(() => app.close());

  // The code second, so the title shows it (a title's placeholders take the row's values in order).
  it.each(signInCases.map(([label, run, code]) => [label, code, run] as const))(
    '%s answers %i',
    async (_label, code, run) => {
      const answer = await run(app);
      expect(answer.result).toBe(code);
      if (code !== 0) {
        expect(answer.message.length).toBeGreaterThan(0);
        return;
      }
      const session = okData('accountLogin', answer);
      expect(session.user).toMatchObject(REEM);
      expect(session.user.session_key).toBe(session.session_key);
      // The new session is signed in as 10000001.
      const who = okData(
        'getPayUserInfo',
        await callInject(app, 'getPayUserInfo', { session_key: session.session_key }),
      );
      expect(who.user).toMatchObject(REEM);
    },
  );

  it.each(loginKeyCases)('get_login_key %s %s / %s answers %i', async (loginType, userId, token, code) => {
    const answer = await callInject(app, 'getLoginKey', {
      login_type: loginType,
      user_id: userId,
      access_token: token,
      auto_create: false,
    });
    expect(answer.result).toBe(code);
    if (code === 0) {
      const { user_info } = okData('getLoginKey', answer);
      expect(user_info).toMatchObject(REEM);
      const check = await callInject(app, 'checkSession', { session_key: user_info.session_key });
      expect(okData('checkSession', check).user).toMatchObject(REEM);
    }
  });

  it('never creates an account, even when asked to', async () => {
    const answer = await callInject(app, 'getLoginKey', {
      login_type: 'facebook',
      user_id: 'fb-new-person',
      access_token: 'fbtok-ok',
      auto_create: true,
    });
    expect(answer.result).toBe(ServerCode.loginFailed);
  });

  it('keeps the password out of the answer', async () => {
    const answer = await callInject(app, 'accountLogin', {
      ...SignIn.password,
      device: 'web',
      uuid: DEVICE.uuid,
    });
    expect(JSON.stringify(answer)).not.toContain(SignIn.password.password);
  });
});

describe('sessions', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ now: NOW, signInRateLimit: 1000 });
  });
  afterAll(() => app.close());

  it.each([
    ['sk-10000001', 1001],
    ['sk-10000010', 1010],
  ] as const)('%s is signed in as uid %i', async (sessionKey, uid) => {
    const info = okData(
      'getPayUserInfo',
      await callInject(app, 'getPayUserInfo', { session_key: sessionKey }),
    );
    expect(info.user).toMatchObject({ uid, session_key: sessionKey });
    const check = okData('checkSession', await callInject(app, 'checkSession', { session_key: sessionKey }));
    expect(check.user.uid).toBe(uid);
    expect(check.expires_at).toBeGreaterThan(Math.floor(NOW.getTime() / 1000));
  });

  it('sk-expired is logged out: -10000 @spec:code.-10000 @spec:login.loggedOut', async () => {
    for (const name of ['getPayUserInfo', 'checkSession'] as const) {
      const answer = await callInject(app, name, { session_key: SignIn.expiredSessionKey });
      expect(answer.result).toBe(ServerCode.loggedOut);
    }
  });

  it.each(['sk-unknown', 'sk-10000002'])(
    '%s never was a session: signing in with it fails (21001), using it is logged out @spec:code.21001',
    async (sessionKey) => {
      const signIn = await callInject(app, 'getPayUserInfo', { session_key: sessionKey });
      expect(signIn.result).toBe(ServerCode.loginFailed);
      const check = await callInject(app, 'checkSession', { session_key: sessionKey });
      expect(check.result).toBe(ServerCode.loggedOut);
    },
  );

  it('reads the session key from the session header as well', async () => {
    const answer = await callInject(app, 'lastJoinRoom', {}, sessionHeader(SignIn.expiredSessionKey));
    expect(answer.result).toBe(ServerCode.loggedOut);
  });

  it('a signed-in session ends after 30 days of world time; the catalogue sessions do not', async () => {
    const session = okData(
      'ticketLogin',
      await callInject(app, 'ticketLogin', { ticket: SignIn.ticket.ticket }),
    );
    const before = await callInject(app, 'checkSession', { session_key: session.session_key });
    expect(before.result).toBe(0);
    await app.inject({
      method: 'POST',
      headers: CONTROL,
      url: '/__mock/clock',
      payload: { advanceMs: 31 * 24 * 3600 * 1000 },
    });
    const after = await callInject(app, 'checkSession', { session_key: session.session_key });
    expect(after.result).toBe(ServerCode.loggedOut);
    // A session that ran out signs in as logged out, not as a wrong sign-in value.
    const link = await callInject(app, 'getPayUserInfo', { session_key: session.session_key });
    expect(link.result).toBe(ServerCode.loggedOut);
    expect((await callInject(app, 'checkSession', { session_key: 'sk-10000001' })).result).toBe(0);
  });
});

describe('sign-in rate limit', () => {
  it('limits each sign-in call per client to signInRateLimit a minute @spec:code.10002', async () => {
    const app = await buildApp({ now: NOW, signInRateLimit: 3 });
    const answers: number[] = [];
    for (let i = 0; i < 4; i++) {
      answers.push((await callInject(app, 'ticketLogin', { ticket: 'tk-wrong' })).result);
    }
    expect(answers).toEqual([
      ServerCode.loginFailed,
      ServerCode.loginFailed,
      ServerCode.loginFailed,
      ServerCode.rateLimited,
    ]);
    // Calls that are not sign-ins are not limited.
    for (let i = 0; i < 5; i++) expect((await callInject(app, 'serverTime', {})).result).toBe(0);
    await app.close();
  });

  const login = (display_uid: string, password: string, i: number) => ({
    id: `r${i}`,
    method: 'GET' as const,
    path: '/api/user/account_login/',
    params: { display_uid, password, uuid: `u${i}` },
  });
  const batchOf = async (app: FastifyInstance, requests: ReturnType<typeof login>[]) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/sys/batch_request/',
      payload: { requests, async: false },
    });
    const answers = res.json().data as Record<string, string>;
    return requests.map((r) => (JSON.parse(answers[r.id] ?? '{}') as { result: number }).result);
  };

  it('counts each sub-request of a batch as a call: a limited address cannot guess 20 at a time', async () => {
    const app = await buildApp({ now: NOW, signInRateLimit: 3 });
    for (let i = 0; i < 3; i++) await callInject(app, 'ticketLogin', { ticket: 'tk-wrong' });
    for (let i = 0; i < 3; i++) {
      await callInject(app, 'accountLogin', {
        display_uid: '10000002',
        password: `guess${i}`,
        uuid: 'u',
        device: 'web',
      });
    }
    const limited = await callInject(app, 'accountLogin', {
      display_uid: '10000002',
      password: 'guess',
      uuid: 'u',
      device: 'web',
    });
    expect(limited).toMatchObject({ statusCode: 429, result: ServerCode.rateLimited });
    const guesses = Array.from({ length: 20 }, (_, i) =>
      login('10000001', i === 19 ? 'Passw0rd!' : `g${i}`, i),
    );
    expect(await batchOf(app, guesses)).toEqual(guesses.map(() => ServerCode.rateLimited));
    await app.close();
  });

  it('limits a fresh address in a batch after signInRateLimit sub-requests', async () => {
    const app = await buildApp({ now: NOW, signInRateLimit: 3 });
    const guesses = Array.from({ length: 6 }, (_, i) => login(`1000000${(i % 3) + 2}`, `g${i}`, i));
    const results = await batchOf(app, guesses);
    expect(results.slice(0, 3)).toEqual([
      ServerCode.wrongPassword,
      ServerCode.wrongPassword,
      ServerCode.wrongPassword,
    ]);
    expect(results.slice(3)).toEqual([
      ServerCode.rateLimited,
      ServerCode.rateLimited,
      ServerCode.rateLimited,
    ]);
    await app.close();
  });

  it('covers every sign-in call and nothing else', () => {
    expect([...rateLimitedCalls].sort()).toEqual([
      'accountLogin',
      'facebookLogin',
      'getLoginKey',
      'googleLogin',
      'ticketLogin',
    ]);
  });
});
