import {
  AccountCheckStatus,
  accounts,
  ServerCode,
  type StreamerState,
  type TestAccount,
  type UserRow,
} from '@topup/contracts';
import { type HistoryPage, RechargeHistory, type UploadedFillRecord } from './rechargeHistory';
import type { World } from './world';

/** An account as the mock keeps it: the catalogue row's identity plus its live state. */
export interface MockAccount {
  readonly uid: number;
  readonly display_uid: string;
  readonly nickname: string;
  readonly icon: string;
  readonly source: 1 | 4;
  readonly is_guest: boolean;
  /** New until its first paid top-up. */
  readonly is_new: boolean;
  readonly is_streamer: boolean;
  /** Account check status (SPEC §3); a paid fine turns banned back into normal. */
  readonly status: AccountCheckStatus;
  /** The room it is live in now, or 0. */
  readonly live_room_id: number;
  /** The room it last joined, and its own room (0 when none). */
  readonly last_room_id: number;
  readonly my_room_id: number;
  readonly outstanding_fine_id: number | null;
}

type AccountState = { -readonly [K in keyof MockAccount]: MockAccount[K] } & {
  readonly password: string | null;
};

export type TopUpTargetCheck =
  | { readonly ok: true; readonly account: MockAccount }
  | { readonly ok: false; readonly result: number };

const DAY = 24 * 3600;
const FILLER_ACCOUNTS = 5;
const FILLER_FIRST_UID = 2001;

function fromCatalogue(row: TestAccount): AccountState {
  return {
    uid: row.uid,
    display_uid: row.display_uid,
    nickname: row.nickname,
    icon: row.icon,
    source: row.source,
    is_guest: row.is_guest,
    is_new: row.is_new,
    is_streamer: row.is_streamer,
    // The catalogue's status 5 is how source 1 sees a source 4 account; the account itself is normal.
    status:
      row.check_status === AccountCheckStatus.sourceMismatch ? AccountCheckStatus.normal : row.check_status,
    live_room_id: row.live_room_id ?? 0,
    last_room_id: row.live_room_id ?? 0,
    my_room_id: row.live_room_id ?? 0,
    outstanding_fine_id: row.outstanding_fine_id,
    password: row.password,
  };
}

/**
 * Accounts (their identity and check status) and their recharge history; sessions and sign-ins are in
 * sessions.ts. Seeded from the TESTDATA catalogue, plus a few filler
 * accounts drawn from the world's seeded faker (the same seed, the same world).
 */
export class People {
  readonly #world: World;
  readonly #byUid = new Map<number, AccountState>();
  readonly #byDisplayId = new Map<string, AccountState>();
  readonly #history: RechargeHistory;
  readonly #devicesThatPaid = new Set<string>();

  constructor(world: World) {
    this.#world = world;
    this.#history = new RechargeHistory(world.clock, (uid) => this.#byUid.get(uid));
    for (const row of accounts) this.#add(fromCatalogue(row));
    for (let i = 0; i < FILLER_ACCOUNTS; i++) this.#add(this.#filler(FILLER_FIRST_UID + i));
    this.#seedHistory();
  }

  // ------------------------------------------------------------------------------------------- accounts

  accountByUid(uid: number): MockAccount | undefined {
    return this.#byUid.get(uid);
  }

  accountByDisplayId(displayId: string): MockAccount | undefined {
    return this.#byDisplayId.get(displayId);
  }

  /** The account a display id and password sign in, if they do (an account without a password never does). */
  accountSignedInBy(displayUid: string, password: string): MockAccount | undefined {
    const account = this.#byDisplayId.get(displayUid);
    return account?.password == null || account.password !== password ? undefined : account;
  }

  /** What check_display_id and check_user_status see: the account's status for a given source. */
  checkStatusOf(account: MockAccount, source: number): AccountCheckStatus {
    if (account.status !== AccountCheckStatus.normal) return account.status;
    return account.source === source ? AccountCheckStatus.normal : AccountCheckStatus.sourceMismatch;
  }

  /** Streamer context (SPEC §6): LIVING when live now, BAN when banned, NONE otherwise. */
  streamerStateOf(account: MockAccount): StreamerState {
    if (account.status === AccountCheckStatus.banned) return 'BAN';
    return account.live_room_id > 0 ? 'LIVING' : 'NONE';
  }

  /** The user row of check_uid (SPEC §3): status 2 means banned. */
  userRowOf(account: MockAccount): UserRow {
    return {
      id: account.uid,
      uid: account.uid,
      display_uid: account.display_uid,
      nickname: account.nickname,
      icon: account.icon,
      status: account.status === AccountCheckStatus.banned ? 2 : 0,
      is_streamer: account.is_streamer ? 1 : 0,
      is_invisibility: 0,
      is_online: account.live_room_id > 0 ? 1 : 0,
      room_id: account.live_room_id,
    };
  }

  /** Whether an account may receive a top-up from `source`, with the refusal code when it may not. */
  checkTopUpTarget(uid: number, source: number): TopUpTargetCheck {
    const account = this.#byUid.get(uid);
    if (account === undefined) return { ok: false, result: ServerCode.accountNotFound };
    const result = refusalOf(this.checkStatusOf(account, source));
    if (result !== ServerCode.ok) return { ok: false, result };
    if (account.is_guest) return { ok: false, result: ServerCode.guestAccount };
    return { ok: true, account };
  }

  /** A paid fine lifts the ban at once (TESTDATA "Fines"). */
  unban(uid: number): void {
    const account = this.#byUid.get(uid);
    if (account === undefined || account.status !== AccountCheckStatus.banned) return;
    account.status = AccountCheckStatus.normal;
    account.outstanding_fine_id = null;
  }

  // ------------------------------------------------------------------------------------ recharge history

  /** A paid top-up: adds or refreshes the payer's entry for the target; the target is no longer new. */
  recordTopUp(payerUid: number, toUid: number, deviceId: string): void {
    this.#devicesThatPaid.add(deviceId);
    const target = this.#byUid.get(toUid);
    if (target !== undefined) target.is_new = false;
    // A visitor who is not signed in keeps the history in the browser only (SPEC §3: uid 0).
    if (payerUid === 0 || target === undefined) return;
    this.#history.record(payerUid, toUid, deviceId);
  }

  /** Whether a device has ever completed a top-up (is_new_h5device of the charge list). */
  hasDevicePaid(deviceId: string): boolean {
    return this.#devicesThatPaid.has(deviceId);
  }

  /**
   * The payer's history, most recent first, a page at a time. A row names the device it was paid from only
   * when that is the asking device: a device id is never shown to anyone else (a visitor who paid while
   * signed in to a stranger's account through a link must not hand the stranger their device id).
   */
  history(payerUid: number, offset: number, limit: number, askingDevice: string): HistoryPage {
    const page = this.#history.page(payerUid, offset, limit);
    return {
      ...page,
      list: page.list.map((row) => (row.h5_deviceid === askingDevice ? row : { ...row, h5_deviceid: '' })),
    };
  }

  /** Merges records the browser kept into the payer's history (see RechargeHistory.merge). */
  mergeHistory(payerUid: number, deviceId: string, records: readonly UploadedFillRecord[]): number {
    return this.#history.merge(payerUid, deviceId, records);
  }

  // ---------------------------------------------------------------------------------------------- seeding

  #add(account: AccountState): void {
    this.#byUid.set(account.uid, account);
    this.#byDisplayId.set(account.display_uid, account);
  }

  /** Filler accounts: display ids 20000001 and up, faker nicknames, same-origin avatars. */
  #filler(uid: number): AccountState {
    const faker = this.#world.faker;
    return {
      uid,
      display_uid: String(20_000_000 + uid - FILLER_FIRST_UID + 1),
      nickname: faker.person.firstName(),
      icon: `/static/avatars/${uid}.png`,
      source: 1,
      is_guest: false,
      is_new: false,
      is_streamer: false,
      status: AccountCheckStatus.normal,
      live_room_id: 0,
      last_room_id: 0,
      my_room_id: 0,
      outstanding_fine_id: null,
      password: null,
    };
  }

  /**
   * 10000001 has paid for itself, 10000002, 10000011, the streamer and two filler accounts; 10000002 most
   * recently. Times are relative to the world's now, so --now gives the same history every run.
   */
  #seedHistory(): void {
    const now = this.#world.clock.nowSeconds();
    const reem = 1001;
    const seeded: readonly [toUid: number, fillTimes: number, firstDaysAgo: number, lastDaysAgo: number][] = [
      [1002, 3, 40, 1],
      [1001, 5, 90, 2],
      [1011, 1, 5, 5],
      [1008, 2, 30, 7],
      [FILLER_FIRST_UID, 1, 12, 12],
      [FILLER_FIRST_UID + 1, 4, 60, 20],
    ];
    for (const [toUid, fillTimes, firstDaysAgo, lastDaysAgo] of seeded) {
      this.#history.add(reem, {
        to_uid: toUid,
        h5_deviceid: 'h5-device-10000001',
        fill_times: fillTimes,
        first_fill_time: now - firstDaysAgo * DAY,
        last_fill_time: now - lastDaysAgo * DAY,
      });
    }
    // last_join_room has something to answer for the signed-in user of most tests.
    const account = this.#byUid.get(reem);
    if (account !== undefined) account.last_room_id = 5001;
  }
}

/** The refusal code of a check status (SPEC §8; 20187 and 20188 are the project's choice). */
export function refusalOf(status: AccountCheckStatus): number {
  switch (status) {
    case AccountCheckStatus.normal:
      return ServerCode.ok;
    case AccountCheckStatus.banned:
      return ServerCode.banned;
    case AccountCheckStatus.deactivated:
      return ServerCode.deactivated;
    case AccountCheckStatus.deactivating:
      return ServerCode.deactivating;
    case AccountCheckStatus.sourceMismatch:
      return ServerCode.sourceMismatch;
    case AccountCheckStatus.notExist:
      return ServerCode.accountNotFound;
  }
}
