import { randomBytes } from 'node:crypto';
import { accounts, ServerCode, type Session, type SessionUser, SignIn } from '@topup/contracts';
import type { MockAccount } from './people';
import type { World } from './world';

/**
 * Sessions and sign-ins: the session keys (the catalogue's, and those a sign-in opens), the sessions that ran
 * out, and the ways in (password, one-use ticket, Facebook, Google). Accounts themselves are People's.
 */

export type SignInOutcome =
  | { readonly ok: true; readonly session: Session }
  | { readonly ok: false; readonly result: number; readonly retryAfter?: number };

/** An issued login ticket: whose, for which device (undefined: the catalogue's, any device), until when. */
interface TicketEntry {
  readonly uid: number;
  readonly device: string | undefined;
  /** Seconds; undefined for the catalogue's ticket, which lasts the world. */
  readonly expiresAt: number | undefined;
}

export interface IssuedTicket {
  readonly ticket: string;
  readonly expires_at: number;
}

interface SessionEntry {
  readonly uid: number;
  /** Seconds; the catalogue's sessions never expire. */
  readonly expiresAt: number;
}

const DAY = 24 * 3600;
/** Sessions made by a sign-in last 30 days of world time. */
const SESSION_DAYS = 30;
/** The catalogue's session keys (sk-10000001, sk-10000010) outlive any scenario: 2100-01-01. */
const NEVER = 4_102_444_800;
/** An issued login ticket signs in within 5 minutes of world time. */
export const TICKET_SECONDS = 5 * 60;
/** Tickets kept at most; expired and used ones go first. */
const MAX_TICKETS = 10_000;

export class Sessions {
  readonly #world: World;
  readonly #sessions = new Map<string, SessionEntry>();
  /** Keys of sessions that ran out (at most MAX_TICKETS, oldest dropped first): they answer logged out. */
  readonly #endedSessions = new Set<string>();
  readonly #tickets = new Map<string, TicketEntry>();
  /** Tickets that have signed in or expired: asked again, they answer "link expired". */
  readonly #spentTickets = new Set<string>();

  /** Seeded from the catalogue: its session keys and its login ticket; needs `world.people` built first. */
  constructor(world: World) {
    this.#world = world;
    for (const row of accounts) {
      if (row.session_key !== null) this.#sessions.set(row.session_key, { uid: row.uid, expiresAt: NEVER });
    }
    const ticketHolder = world.people.accountByDisplayId(SignIn.ticket.display_uid);
    if (ticketHolder !== undefined)
      this.#tickets.set(SignIn.ticket.ticket, {
        uid: ticketHolder.uid,
        device: undefined,
        expiresAt: undefined,
      });
  }

  sessionUser(sessionKey: string): SessionUser | undefined {
    const entry = this.#sessions.get(sessionKey);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= this.#world.clock.nowSeconds()) {
      this.#sessions.delete(sessionKey);
      this.#noteEnded(sessionKey);
      return undefined;
    }
    const account = this.#world.people.accountByUid(entry.uid);
    return account === undefined ? undefined : { ...userOf(account), session_key: sessionKey };
  }

  /** Whether a key that signs nobody in was a session once: TESTDATA's sk-expired, or one that ran out. */
  sessionEnded(sessionKey: string): boolean {
    return sessionKey === SignIn.expiredSessionKey || this.#endedSessions.has(sessionKey);
  }

  #noteEnded(sessionKey: string): void {
    if (this.#endedSessions.size >= MAX_TICKETS) {
      const oldest = this.#endedSessions.values().next().value;
      if (oldest !== undefined) this.#endedSessions.delete(oldest);
    }
    this.#endedSessions.add(sessionKey);
  }

  /** Seconds since the epoch at which a valid session ends. */
  sessionExpiresAt(sessionKey: string): number | undefined {
    return this.sessionUser(sessionKey) === undefined ? undefined : this.#sessions.get(sessionKey)?.expiresAt;
  }

  /**
   * Account id and password. A wrong password, an account that does not exist and one without a password all
   * answer the same wrong-password code, so the answer never tells which accounts exist. After a few wrong
   * tries for an account from `address`, the next one from there waits (signInDelayed with the seconds left),
   * and a password sent before then is not even checked.
   */
  signInWithPassword(displayUid: string, password: string, address: string): SignInOutcome {
    const guard = this.#world.signIns;
    const wait = guard.waitFor(displayUid, address);
    if (wait > 0) return { ok: false, result: ServerCode.signInDelayed, retryAfter: Math.ceil(wait / 1000) };
    const account = this.#world.people.accountSignedInBy(displayUid, password);
    if (account === undefined) {
      guard.recordWrongPassword(displayUid, address);
      return { ok: false, result: ServerCode.wrongPassword };
    }
    guard.recordSuccess(displayUid, address);
    return this.#openSession(account);
  }

  /** A one-use ticket for `uid`, which signs in only from `device` (a client uuid), within TICKET_SECONDS. */
  issueTicket(uid: number, device: string): IssuedTicket {
    const now = this.#world.clock.nowSeconds();
    if (this.#tickets.size >= MAX_TICKETS) this.#pruneTickets(now);
    const ticket = `tk-${randomBytes(16).toString('hex')}`;
    const expiresAt = now + TICKET_SECONDS;
    this.#tickets.set(ticket, { uid, device, expiresAt });
    return { ticket, expires_at: expiresAt };
  }

  /**
   * Ticket sign-in: once, in time, from the device the ticket was issued for. An unknown ticket, or one
   * tried from another device (which does not use it up), fails as a login failure; a used or expired one
   * says the link expired.
   */
  signInWithTicket(ticket: string, device: string | undefined): SignInOutcome {
    const entry = this.#tickets.get(ticket);
    if (entry === undefined) {
      return {
        ok: false,
        result: this.#spentTickets.has(ticket) ? ServerCode.linkExpired : ServerCode.loginFailed,
      };
    }
    if (entry.device !== undefined && entry.device !== device)
      return { ok: false, result: ServerCode.loginFailed };
    this.#tickets.delete(ticket);
    this.#spentTickets.add(ticket);
    if (entry.expiresAt !== undefined && entry.expiresAt <= this.#world.clock.nowSeconds())
      return { ok: false, result: ServerCode.linkExpired };
    const account = this.#world.people.accountByUid(entry.uid);
    return account === undefined ? { ok: false, result: ServerCode.loginFailed } : this.#openSession(account);
  }

  signInWithFacebook(userId: string, accessToken: string): SignInOutcome {
    const { user_id, token, display_uid } = SignIn.facebook;
    return this.#signInAs(userId === user_id && accessToken === token ? display_uid : undefined);
  }

  /** The id token alone identifies a Google user (get_login_key sends it as its access token). */
  signInWithGoogle(idToken: string): SignInOutcome {
    return this.#signInAs(idToken === SignIn.google.id_token ? SignIn.google.display_uid : undefined);
  }

  #signInAs(displayUid: string | undefined): SignInOutcome {
    const account = displayUid === undefined ? undefined : this.#world.people.accountByDisplayId(displayUid);
    return account === undefined ? { ok: false, result: ServerCode.loginFailed } : this.#openSession(account);
  }

  #pruneTickets(now: number): void {
    for (const [ticket, entry] of this.#tickets) {
      if (entry.expiresAt !== undefined && entry.expiresAt <= now) this.#tickets.delete(ticket);
    }
    this.#spentTickets.clear();
    for (const [ticket, entry] of this.#tickets) {
      if (this.#tickets.size < MAX_TICKETS) break;
      if (entry.expiresAt !== undefined) this.#tickets.delete(ticket);
    }
  }

  #openSession(account: MockAccount): SignInOutcome {
    const sessionKey = `sk-${randomBytes(16).toString('hex')}`;
    const expiresAt = this.#world.clock.nowSeconds() + SESSION_DAYS * DAY;
    this.#sessions.set(sessionKey, { uid: account.uid, expiresAt });
    return {
      ok: true,
      session: { session_key: sessionKey, user: { ...userOf(account), session_key: sessionKey } },
    };
  }
}

function userOf(account: MockAccount): SessionUser {
  return {
    uid: account.uid,
    display_uid: account.display_uid,
    nickname: account.nickname,
    icon: account.icon,
  };
}
