// Integration test: contract check and scenarios against the mock (no control API) behind a proxy that
// answers about the wrong account, one way per case: a uid paired with another account's display id or
// nickname, a duplicated history entry, a refused account let through. Each must fail, on its call's row.
import { describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { type Alteration, startAlteredBackend } from './support/alteredBackend';
import { captureIo } from './support/capture';
import { check, type Data, FIXTURES, only, onPath, user } from './support/contractCheck';

/** A sign-in that answers the right display id and session, with account.omar's uid. */
const otherUid = (part: string) => onPath(part, (d) => Object.assign(user(d), { uid: 1002 }));
/** Each history entry shows the next entry's display id and nickname; its uid stays. */
const shiftedTargets = onPath('recharge_fill_record', (d) => {
  const list = d.list as Data[];
  const shown = list.map((e) => [e.to_display_uid, e.to_nickname]);
  list.forEach((e, i) => {
    [e.to_display_uid, e.to_nickname] = shown[(i + 1) % list.length] ?? [];
  });
});
/** A refusal for a banned, deactivated or deactivating account answered as a found account. */
const unbanned: Alteration = (path, json) =>
  path.includes('check_display_id') && [20001, 20186, 20187].includes(json.result as number)
    ? { ...json, result: 0, message: 'success' }
    : json;
const signInUid = 'but the uid of the fixtures account with';

const cases: readonly {
  readonly name: string;
  readonly alter: Alteration;
  readonly args: readonly string[];
  readonly call: string;
  readonly field: string;
  readonly says: readonly string[];
}[] = [
  {
    name: 'a Facebook sign-in answering another uid',
    alter: otherUid('facebook_login'),
    args: only('facebookLogin'),
    call: 'facebookLogin',
    field: 'data.user.uid',
    says: [`answered 1002, ${signInUid} the fixtures' signIn.facebook.display_uid is 1001`],
  },
  {
    name: 'a Google sign-in answering another uid',
    alter: otherUid('google_login'),
    args: only('googleLogin'),
    call: 'googleLogin',
    field: 'data.user.uid',
    says: [`answered 1002, ${signInUid} the fixtures' signIn.google.display_uid is 1001`],
  },
  {
    name: 'a password sign-in answering another uid',
    alter: otherUid('account_login'),
    args: only('accountLogin'),
    call: 'accountLogin',
    field: 'data.user.uid',
    says: [`answered 1002, ${signInUid} the account id signed in with is 1001`],
  },
  {
    name: 'a ticket sign-in answering another uid',
    alter: otherUid('ticket_login'),
    args: only('getLoginTicket', 'ticketLogin'),
    call: 'ticketLogin',
    field: 'data.user.uid',
    says: ['answered 1002, but the uid of the fixtures account whose session_key was sent is 1001'],
  },
  {
    name: "a password sign-in answering the right ids with another account's nickname",
    alter: onPath('account_login', (d) => Object.assign(user(d), { nickname: 'Omar ⭐' })),
    args: only('accountLogin'),
    call: 'accountLogin',
    field: 'data.user.nickname',
    says: [
      'answered "Omar ⭐", but the nickname of the fixtures account with the account id signed in with is "ريم"',
    ],
  },
  {
    name: "a Facebook sign-in answering the right ids with another account's nickname",
    alter: onPath('facebook_login', (d) => Object.assign(user(d), { nickname: 'Omar ⭐' })),
    args: only('facebookLogin'),
    call: 'facebookLogin',
    field: 'data.user.nickname',
    says: [
      'answered "Omar ⭐", but the nickname of the fixtures account with the fixtures\' signIn.facebook',
    ],
  },
  {
    name: "history entries pairing a uid with another account's display id and nickname",
    alter: shiftedTargets,
    args: only('rechargeFillRecord'),
    call: 'rechargeFillRecord',
    field: 'data.list',
    says: [
      `entry 1 (to_uid 1001) has to_display_uid "10000011" and to_nickname`,
      `but the fixtures' account.reem has display_uid "10000001" and nickname "ريم"`,
      'its uid, display id and nickname that account',
    ],
  },
  {
    name: 'a history that lists a target twice',
    alter: onPath('recharge_fill_record', (d) => {
      const list = d.list as unknown[];
      list.push(structuredClone(list[0]));
    }),
    args: only('rechargeFillRecord'),
    call: 'rechargeFillRecord',
    field: 'data.list',
    says: ['lists to_uid "1002" more than once'],
  },
  {
    name: "a uid lookup answering the uid with another account's display id and nickname",
    alter: onPath('check_uid', (d) => Object.assign(user(d), { display_uid: '10000003', nickname: 'X' })),
    args: only('checkUid'),
    call: 'checkUid',
    field: 'data.user.display_uid',
    says: [
      'answered "10000003", but the fixtures\' display_uid of the account whose uid was asked for is "10000001"',
    ],
  },
  {
    name: "a uid lookup answering the uid with another account's nickname",
    alter: onPath('check_uid', (d) => Object.assign(user(d), { nickname: 'someone else' })),
    args: only('checkUidPost'),
    call: 'checkUidPost',
    field: 'data.user.nickname',
    says: [
      'answered "someone else", but the fixtures\' nickname of the account whose uid was asked for is "ريم"',
    ],
  },
  {
    name: "a display id lookup answering the right uid with another account's nickname",
    alter: onPath('check_display_id', (d) => {
      if (d.uid === 1001) d.nickname = 'Omar ⭐';
    }),
    args: only('checkDisplayId'),
    call: 'checkDisplayId',
    field: 'data.nickname',
    says: [
      'answered "Omar ⭐", but the fixtures\' nickname of the account whose display id was asked for is "ريم"',
    ],
  },
  ...(
    [
      ['banned', '10000003', 20001, 'a banned account'],
      ['deactivated', '10000004', 20186, 'a deactivated account'],
      ['deactivating', '10000005', 20187, 'an account being deactivated'],
    ] as const
  ).map(([name, displayId, code, state]) => ({
    name: `a display id lookup letting account.${name} be topped up`,
    alter: unbanned,
    args: only('checkDisplayId'),
    call: 'checkDisplayId',
    field: 'result',
    says: [
      `asked for the fixtures' account.${name} (display id "${displayId}"), it answered 0 (found`,
      `${state} is refused with ${code}`,
    ],
  })),
];

describe('contract check holds each answer to the account it is about', () => {
  it.each(cases)('fails $name', async ({ alter, args, call, field, says }) => {
    const backend = await startAlteredBackend(alter);
    try {
      const { code, report } = await check(backend.url, args);
      const judged = report.calls.find((c) => c.call === call);
      expect(judged?.outcome).toBe('disagrees');
      for (const line of says)
        expect(judged?.problems).toContainEqual({
          kind: 'meaning',
          field,
          message: expect.stringContaining(line),
        });
      expect(report.passed).toBe(false);
      expect(code).toBe(1);
    } finally {
      await backend.close();
    }
  });
});

describe('the scenarios hold an account by its uid too', () => {
  it.each([
    ['signin-facebook', otherUid('facebook_login'), 'facebookLogin): data.user.uid: expected 1001, got 1002'],
    ['signin-google', otherUid('google_login'), 'googleLogin): data.user.uid: expected 1001, got 1002'],
    ['signin-ticket', otherUid('ticket_login'), 'ticketLogin): data.user.uid: expected 1001, got 1002'],
    [
      'signin-password',
      onPath('account_login', (d) => Object.assign(user(d), { nickname: 'Omar ⭐' })),
      'checkDisplayId): data.nickname: expected "Omar ⭐", got "ريم"',
    ],
    [
      'account-second-target',
      onPath('check_uid', (d) => Object.assign(user(d), { display_uid: '10000003' })),
      'checkUid): data.user.display_uid: expected "10000002", got "10000003"',
    ],
  ] as const)('%s fails', async (scenario, alter, says) => {
    const backend = await startAlteredBackend(alter);
    try {
      const io = captureIo();
      const args = ['scenario', 'run', scenario, '--target', backend.url, '--fixtures', FIXTURES];
      const code = await runCli(args, io);
      expect(io.stdout()).toContain(says);
      expect(code).toBe(1);
    } finally {
      await backend.close();
    }
  });
});
