import { ServerCode } from '../codes';
import { AccountCheckStatus, Source } from '../entities';

/**
 * The accounts of TESTDATA.md. The mock seeds its world from these rows, the CLI resolves fixtures from them
 * and the e2e tests type them, so a value here is a public contract: add rows, never change one.
 */

/** What TESTDATA.md says an account is, in its words. */
export type AccountState =
  | 'normal'
  | 'banned'
  | 'deactivated'
  | 'deactivating'
  | 'guest'
  | 'otherSource'
  | 'streamer'
  | 'bannedWithFine'
  | 'newUser';

/** What check_display_id answers from a streamer context (SPEC §6). */
export type StreamerState = 'LIVING' | 'BAN' | 'NONE';

/**
 * Result codes of check_display_id. 20187 (deactivating) and 20188 (source mismatch) are the project's
 * choice: SPEC.md gives them no number and TESTDATA.md lets the mock define them.
 */
export const AccountCheckCode = {
  ok: ServerCode.ok,
  banned: ServerCode.banned,
  deactivated: ServerCode.deactivated,
  deactivating: ServerCode.deactivating,
  sourceMismatch: ServerCode.sourceMismatch,
  notExist: ServerCode.accountNotFound,
} as const;
export type AccountCheckCode = (typeof AccountCheckCode)[keyof typeof AccountCheckCode];

export interface TestAccount {
  readonly display_uid: string;
  readonly uid: number;
  readonly nickname: string;
  readonly state: AccountState;
  /** status of the user row (check_uid): 2 means banned. */
  readonly user_status: 0 | 2;
  readonly check_status: AccountCheckStatus;
  /** The result code check_display_id answers when checked with source 1. */
  readonly expected_code: AccountCheckCode;
  readonly source: 1 | 4;
  readonly is_guest: boolean;
  readonly is_new: boolean;
  readonly is_streamer: boolean;
  readonly streamer_state: StreamerState;
  readonly password: string | null;
  readonly session_key: string | null;
  readonly live_room_id: number | null;
  readonly outstanding_fine_id: number | null;
  /** Same-origin path, so the page never reaches a third-party host for an avatar. */
  readonly icon: string;
  /** What the app and the API must do, as TESTDATA.md says it. */
  readonly must: string;
}

/** Named display ids, so tests say which account they mean rather than which digits. */
export const DisplayUid = {
  reem: '10000001',
  omar: '10000002',
  banned: '10000003',
  deactivated: '10000004',
  deactivating: '10000005',
  guest: '10000006',
  otherSource: '10000007',
  streamer: '10000008',
  fined: '10000009',
  newUser: '10000010',
  hostileNickname: '10000011',
  missing: '99999999',
} as const;

/** The nickname of 10000011: markup, then U+202E (right-to-left override), then `evil`. */
export const HOSTILE_NICKNAME = '<img src=x onerror=alert(1)>\u202Eevil';

/** That nickname as the app shows it: the markup as text, the override dropped (web's shownName). */
export const HOSTILE_NICKNAME_SHOWN = '<img src=x onerror=alert(1)>evil';

const avatar = (uid: number): string => `/static/avatars/${uid}.png`;

/** Defaults of a plain, normal, source-1 account; each row states only what differs. */
const normal = {
  state: 'normal',
  user_status: 0,
  check_status: AccountCheckStatus.normal,
  expected_code: AccountCheckCode.ok,
  source: Source.main,
  is_guest: false,
  is_new: false,
  is_streamer: false,
  streamer_state: 'NONE',
  password: null,
  session_key: null,
  live_room_id: null,
  outstanding_fine_id: null,
} as const satisfies Partial<TestAccount>;

export const accounts: readonly TestAccount[] = [
  {
    ...normal,
    display_uid: DisplayUid.reem,
    uid: 1001,
    nickname: 'ريم',
    password: 'Passw0rd!',
    session_key: 'sk-10000001',
    icon: avatar(1001),
    must: 'top-up allowed; the logged-in user of most tests, with saved cards and recharge history',
  },
  {
    ...normal,
    display_uid: DisplayUid.omar,
    uid: 1002,
    nickname: 'Omar ⭐',
    icon: avatar(1002),
    must: 'top-up allowed; a second target',
  },
  {
    ...normal,
    display_uid: DisplayUid.banned,
    uid: 1003,
    nickname: 'سامي',
    state: 'banned',
    user_status: 2,
    check_status: AccountCheckStatus.banned,
    expected_code: AccountCheckCode.banned,
    streamer_state: 'BAN',
    icon: avatar(1003),
    must: 'check_display_id answers 20001: banned, cannot top up',
  },
  {
    ...normal,
    display_uid: DisplayUid.deactivated,
    uid: 1004,
    nickname: 'ليلى',
    state: 'deactivated',
    check_status: AccountCheckStatus.deactivated,
    expected_code: AccountCheckCode.deactivated,
    icon: avatar(1004),
    must: 'check_display_id answers 20186: deactivated, cannot top up',
  },
  {
    ...normal,
    display_uid: DisplayUid.deactivating,
    uid: 1005,
    nickname: 'Yusuf',
    state: 'deactivating',
    check_status: AccountCheckStatus.deactivating,
    expected_code: AccountCheckCode.deactivating,
    icon: avatar(1005),
    must: 'refused with the "account being deactivated" message (20187, the project\'s choice)',
  },
  {
    ...normal,
    display_uid: DisplayUid.guest,
    uid: 1006,
    nickname: 'زائر 1006',
    state: 'guest',
    is_guest: true,
    icon: avatar(1006),
    must: 'found, but the app refuses: recharging guest accounts is not supported',
  },
  {
    ...normal,
    display_uid: DisplayUid.otherSource,
    uid: 1007,
    nickname: 'GameFox',
    state: 'otherSource',
    source: Source.game,
    check_status: AccountCheckStatus.sourceMismatch,
    expected_code: AccountCheckCode.sourceMismatch,
    icon: avatar(1007),
    must: "check status 5 (source mismatch, 20188 the project's choice) when checked with source 1",
  },
  {
    ...normal,
    display_uid: DisplayUid.streamer,
    uid: 1008,
    nickname: 'نجم الليل',
    state: 'streamer',
    is_streamer: true,
    streamer_state: 'LIVING',
    live_room_id: 5001,
    icon: avatar(1008),
    must: 'live now in room 5001: a check from a streamer context gives LIVING',
  },
  {
    ...normal,
    display_uid: DisplayUid.fined,
    uid: 1009,
    nickname: 'Khalid',
    state: 'bannedWithFine',
    user_status: 2,
    check_status: AccountCheckStatus.banned,
    expected_code: AccountCheckCode.banned,
    streamer_state: 'BAN',
    outstanding_fine_id: 7001,
    icon: avatar(1009),
    must: 'banned after a refund until fine 7001 is paid; then normal',
  },
  {
    ...normal,
    display_uid: DisplayUid.newUser,
    uid: 1010,
    nickname: 'نورة',
    state: 'newUser',
    is_new: true,
    session_key: 'sk-10000010',
    icon: avatar(1010),
    must: 'new-user-only packages are listed for it',
  },
  {
    ...normal,
    display_uid: DisplayUid.hostileNickname,
    uid: 1011,
    nickname: HOSTILE_NICKNAME,
    icon: avatar(1011),
    must: 'the nickname is shown as inert text, never as markup',
  },
];

/** 99999999 has no account: any display id not in `accounts` answers like it. */
export const missingAccount = {
  display_uid: DisplayUid.missing,
  check_status: AccountCheckStatus.notExist,
  expected_code: AccountCheckCode.notExist,
  must: 'result 21266: account not found, download the app to register',
} as const;

/** A fine paid in full turns the fined account back into a normal one (TESTDATA "Fines"). */
export const afterFinePaid = {
  state: 'normal',
  user_status: 0,
  check_status: AccountCheckStatus.normal,
  expected_code: AccountCheckCode.ok,
  streamer_state: 'NONE',
  outstanding_fine_id: null,
} as const satisfies Partial<TestAccount>;

/**
 * The other sign-in values. Which account the social sign-ins open is the project's choice: 10000001,
 * as their names say. Any other value of these fails with the login-failed message.
 */
export const SignIn = {
  password: { display_uid: DisplayUid.reem, password: 'Passw0rd!' },
  ticket: { ticket: 'tk-10000001', display_uid: DisplayUid.reem },
  /** Answers -10000: the session is logged out. */
  expiredSessionKey: 'sk-expired',
  facebook: { user_id: 'fb-10000001', token: 'fbtok-ok', display_uid: DisplayUid.reem },
  google: { id_token: 'gid-10000001', display_uid: DisplayUid.reem },
} as const;

export function accountByDisplayUid(displayUid: string): TestAccount | undefined {
  return accounts.find((account) => account.display_uid === displayUid);
}

export function accountByUid(uid: number): TestAccount | undefined {
  return accounts.find((account) => account.uid === uid);
}

export function accountBySessionKey(sessionKey: string): TestAccount | undefined {
  return accounts.find((account) => account.session_key !== null && account.session_key === sessionKey);
}

/** Check status and code of any display id checked with source 1; unknown ids do not exist. */
export function expectedCheckOf(displayUid: string): {
  check_status: AccountCheckStatus;
  expected_code: AccountCheckCode;
} {
  const account = accountByDisplayUid(displayUid) ?? missingAccount;
  return { check_status: account.check_status, expected_code: account.expected_code };
}
