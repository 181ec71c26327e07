import {
  AccountCheckStatus,
  accounts,
  DisplayUid,
  FineId,
  missingAccount,
  ServerCode,
  SignIn,
  type TestAccount,
} from '@topup/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { resolveOptions } from '../src/options';
import { World } from '../src/world/world';
import { callInject, okData } from './support/inject';

const NOW = new Date('2026-11-21T09:00:00Z');
const REEM_SESSION = 'sk-10000001';

/** The code paying for an account answers: check_display_id's code, and guests refused at payment. */
const topUpCodeOf = (row: TestAccount): number =>
  row.expected_code !== ServerCode.ok ? row.expected_code : row.is_guest ? ServerCode.guestAccount : 0;

describe('accounts', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ now: NOW });
  });
  afterAll(() => app.close());

  describe('check_display_id, checked with source 1', () => {
    it.each(accounts.map((row) => [row.display_uid, row.state, row] as const))(
      '%s (%s) answers its TESTDATA code',
      async (displayUid, _state, row) => {
        const answer = await callInject(app, 'checkDisplayId', { display_id: displayUid, source: 1 });
        expect(answer.result).toBe(row.expected_code);
        if (row.expected_code !== ServerCode.ok) {
          expect(answer.message.length).toBeGreaterThan(0);
          expect(answer.data).toMatchObject({ status: row.check_status });
          return;
        }
        const data = okData('checkDisplayId', answer);
        expect(data).toMatchObject({
          uid: row.uid,
          display_id: row.display_uid,
          is_guest: row.is_guest,
          nickname: row.nickname,
          status: row.check_status,
          streamer_state: 'NONE',
        });
      },
    );

    it('99999999 does not exist: 21266', async () => {
      const answer = await callInject(app, 'checkDisplayId', {
        display_id: missingAccount.display_uid,
        source: 1,
      });
      expect(answer.result).toBe(missingAccount.expected_code);
      expect(answer.result).toBe(ServerCode.accountNotFound);
    });

    it('the game-flavour account is found when checked with source 4', async () => {
      const answer = await callInject(app, 'checkDisplayId', {
        display_id: DisplayUid.otherSource,
        source: 4,
      });
      expect(okData('checkDisplayId', answer).status).toBe(AccountCheckStatus.normal);
    });

    it('a main-app account checked with source 4 is a source mismatch @spec:code.20188', async () => {
      const answer = await callInject(app, 'checkDisplayId', { display_id: DisplayUid.omar, source: 4 });
      expect(answer.result).toBe(ServerCode.sourceMismatch);
    });

    it('keeps the hostile nickname as the exact text, never altered', async () => {
      const answer = await callInject(app, 'checkDisplayId', {
        display_id: DisplayUid.hostileNickname,
        source: 1,
      });
      expect(okData('checkDisplayId', answer).nickname).toBe('<img src=x onerror=alert(1)>\u202Eevil');
    });
  });

  describe('check_display_id from a streamer context', () => {
    it.each(accounts.map((row) => [row.display_uid, row.streamer_state, row] as const))(
      '%s answers streamer state %s',
      async (displayUid, streamerState, row) => {
        const answer = await callInject(app, 'checkDisplayId', {
          display_id: displayUid,
          source: 1,
          from: 'live',
        });
        expect(answer.result).toBe(row.expected_code);
        if (answer.result === ServerCode.ok) {
          const data = okData('checkDisplayId', answer);
          expect(data.streamer_state).toBe(streamerState);
          expect(data.room_id).toBe(row.live_room_id ?? 0);
        } else if (streamerState === 'BAN') {
          expect(answer.data).toMatchObject({ streamer_state: 'BAN' });
        }
      },
    );
  });

  describe('check_uid (GET and POST)', () => {
    it.each(accounts.map((row) => [row.uid, row.user_status, row] as const))(
      'uid %i has user status %i',
      async (uid, userStatus, row) => {
        for (const name of ['checkUid', 'checkUidPost'] as const) {
          const user = okData(name, await callInject(app, name, { uid })).user;
          expect(user).toMatchObject({
            id: uid,
            uid,
            display_uid: row.display_uid,
            status: userStatus,
            is_streamer: row.is_streamer ? 1 : 0,
            room_id: row.live_room_id ?? 0,
          });
        }
      },
    );

    it('an unknown uid is not found', async () => {
      expect((await callInject(app, 'checkUid', { uid: 987_654 })).result).toBe(ServerCode.accountNotFound);
      expect((await callInject(app, 'checkUidPost', { uid: 987_654 })).result).toBe(
        ServerCode.accountNotFound,
      );
    });
  });

  it('check_user_status maps every uid to its check status, unknown ones to 3', async () => {
    const uids = [...accounts.map((row) => row.uid), 987_654];
    const data = okData('checkUserStatus', await callInject(app, 'checkUserStatus', { source: 1, uids }));
    for (const row of accounts) {
      expect(data.user_map[String(row.uid)]).toEqual({ status: row.check_status, is_guest: row.is_guest });
    }
    expect(data.user_map['987654']).toEqual({ status: AccountCheckStatus.notExist, is_guest: false });
  });

  describe('last_join_room', () => {
    it('answers the signed-in user’s last room', async () => {
      const data = okData(
        'lastJoinRoom',
        await callInject(app, 'lastJoinRoom', { session_key: REEM_SESSION }),
      );
      expect(data).toEqual({ room_id: 5001, my_room_id: 0 });
    });

    it('answers no room when signed out', async () => {
      expect(okData('lastJoinRoom', await callInject(app, 'lastJoinRoom', {}))).toEqual({
        room_id: 0,
        my_room_id: 0,
      });
    });

    it('answers -10000 for a logged-out session key', async () => {
      const answer = await callInject(app, 'lastJoinRoom', { session_key: SignIn.expiredSessionKey });
      expect(answer.result).toBe(ServerCode.loggedOut);
    });
  });
});

describe('the people store', () => {
  const worldAt = (seed = 1) => new World(resolveOptions({ now: NOW, seed }));

  it.each(accounts.map((row) => [row.display_uid, topUpCodeOf(row), row] as const))(
    'paying for %s with source 1 answers %i',
    (_displayUid, code, row) => {
      const check = worldAt().people.checkTopUpTarget(row.uid, 1);
      expect(check.ok ? 0 : check.result).toBe(code);
    },
  );

  it('refuses an unknown uid as not found', () => {
    expect(worldAt().people.checkTopUpTarget(987_654, 1)).toEqual({
      ok: false,
      result: ServerCode.accountNotFound,
    });
  });

  it('a paid fine unbans 10000009 at once', async () => {
    const fined = accounts.find((row) => row.outstanding_fine_id === FineId.outstanding);
    expect(fined?.display_uid).toBe(DisplayUid.fined);
    const app = await buildApp({ now: NOW });
    const before = await callInject(app, 'checkDisplayId', { display_id: DisplayUid.fined, source: 1 });
    expect(before.result).toBe(ServerCode.banned);
    app.mock.world.people.unban(1009);
    const after = await callInject(app, 'checkDisplayId', { display_id: DisplayUid.fined, source: 1 });
    expect(okData('checkDisplayId', after).status).toBe(AccountCheckStatus.normal);
    expect(app.mock.world.people.checkTopUpTarget(1009, 1).ok).toBe(true);
    await app.close();
  });

  it('seeds the same filler accounts from the same seed, others from another', () => {
    const names = (seed: number) => {
      const people = worldAt(seed).people;
      return [2001, 2002, 2003, 2004, 2005].map((uid) => people.accountByUid(uid)?.nickname);
    };
    expect(names(1)).toEqual(names(1));
    expect(names(1).every((name) => typeof name === 'string' && name.length > 0)).toBe(true);
    expect(names(2)).not.toEqual(names(1));
  });

  it('finds accounts by uid and by display id alike', () => {
    const people = worldAt().people;
    for (const row of accounts) {
      expect(people.accountByUid(row.uid)).toBe(people.accountByDisplayId(row.display_uid));
    }
    expect(people.accountByUid(1008)?.live_room_id).toBe(5001);
  });
});
