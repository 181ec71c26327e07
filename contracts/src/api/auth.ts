import { z } from 'zod/mini';
import { ServerCode } from '../codes';
import { SessionUserSchema } from '../entities';
import { defineCall } from '../registry/define';
import { wireBool, wireInt } from '../wire';
import { SessionKeyParam, SessionSchema, UuidParam } from './common';

const signInCodes = [ServerCode.loginFailed, ServerCode.rateLimited] as const;

/** Device fields every social sign-in sends (SPEC §7). */
const deviceFields = {
  version_code: z.optional(wireInt()),
  device: z._default(z.string().check(z.maxLength(64)), 'web'),
  device_uuid: z.optional(z.string().check(z.maxLength(128))),
  sdcard_uuid: z.optional(z.string().check(z.maxLength(128))),
  uuid: UuidParam,
  mac: z.optional(z.string().check(z.maxLength(64))),
  phone: z.optional(z.string().check(z.maxLength(32))),
};

export const SocialLoginTypeSchema = z.enum(['facebook', 'google']);

export const getLoginKey = defineCall({
  method: 'POST',
  path: '/api/user_mode/get_login_key/',
  transport: 'form',
  summary:
    'Social sign-in by user id and access token, without creating an account (for google, access_token carries the id token)',
  tag: 'auth',
  request: z.object({
    login_type: SocialLoginTypeSchema,
    user_id: z.string().check(z.minLength(1), z.maxLength(128)),
    access_token: z.string().check(z.minLength(1), z.maxLength(2048)),
    auto_create: z._default(wireBool(), false),
  }),
  data: z.object({
    user_info: z.extend(SessionUserSchema, { session_key: z.string().check(z.minLength(1)) }),
  }),
  codes: signInCodes,
  access: 'public',
  readOnly: false,
});

export const accountLogin = defineCall({
  method: 'GET',
  path: '/api/user/account_login/',
  transport: 'query',
  summary: 'Sign-in by account id and password',
  tag: 'auth',
  request: z.object({
    display_uid: z.string().check(z.regex(/^\d{1,12}$/, 'account id: digits only')),
    password: z.string().check(z.minLength(1), z.maxLength(128)),
    device: z._default(z.string().check(z.maxLength(64)), 'web'),
    uuid: UuidParam,
    pass_phone_login: z.optional(wireBool()),
  }),
  data: SessionSchema,
  codes: [
    ...signInCodes,
    ServerCode.wrongPassword,
    ServerCode.userNotFound,
    ServerCode.phoneAccountPassword,
    ServerCode.signInDelayed,
  ],
  access: 'public',
  readOnly: false,
  projectChoice:
    'a wrong password and an account that does not exist (or has no password) answer the same 21002, so the answer does not tell which accounts exist; after a few wrong passwords for one account from one address, the next try from that address waits: 21006 with data.retry_after (seconds), doubling up to 5 minutes, never a lock that a stranger could set on the owner',
});

/** What a refusal of account_login carries when the next try must wait (ServerCode.signInDelayed). */
export const SignInDelaySchema = z.object({ retry_after: z.int().check(z.positive()) });

export const getPayUserInfo = defineCall({
  method: 'GET',
  path: '/api/coin/get_pay_user_info/',
  transport: 'query',
  summary:
    'The user of a session key; -10000 when the session is logged out, 21001 for a key that never was a session',
  tag: 'auth',
  projectChoice:
    "also checks the session key of a #pageinfo hand-over (SPEC §4 wallet domain move). Chosen over a one-time hand-over code: the link is signed in like a session_key argument (this check, the server's user shown, the switch confirm when another user is signed in), and the link's user object and h5_deviceid are never restored, so a forged link cannot switch an account silently or fix the device id, with no new server call",
  request: z.object({ session_key: z.pipe(SessionKeyParam, z.string().check(z.minLength(1))) }),
  data: z.object({ user: SessionUserSchema }),
  codes: [ServerCode.loggedOut, ServerCode.loginFailed],
  access: 'session',
  readOnly: true,
});

export const checkSession = defineCall({
  method: 'GET',
  path: '/api/web/check_session/',
  transport: 'query',
  summary: 'Whether a session key is still signed in, and as whom',
  tag: 'auth',
  projectChoice: "SPEC.md does not show the session check; path and shape are the project's choice",
  request: z.object({ session_key: z.pipe(SessionKeyParam, z.string().check(z.minLength(1))) }),
  /** expires_at in seconds since the epoch. */
  data: z.object({ user: SessionUserSchema, expires_at: z.int() }),
  codes: [ServerCode.loggedOut],
  access: 'session',
  readOnly: true,
});

export const ticketLogin = defineCall({
  method: 'GET',
  path: '/api/web/ticket_login/',
  transport: 'query',
  summary: 'Sign-in with a ticket handed over by the native app',
  tag: 'auth',
  request: z.object({
    ticket: z.string().check(z.minLength(1), z.maxLength(256)),
    /** The client uuid of the page signing in: a ticket signs in only the device it was issued for. */
    uuid: z.optional(z.string().check(z.maxLength(128))),
  }),
  data: SessionSchema,
  codes: [...signInCodes, ServerCode.linkExpired],
  access: 'public',
  readOnly: false,
  projectChoice:
    'a ticket signs in once, within 5 minutes of being issued, and only from the device (client uuid) it was issued for; an expired or used ticket answers 21004, an unknown one or one from another device 21001. The catalogue ticket tk-10000001 belongs to no device and does not expire, but signs in once per world',
});

export const getLoginTicket = defineCall({
  method: 'POST',
  path: '/api/user/get_login_ticket/',
  transport: 'form',
  summary:
    "A one-use login ticket for the session's account, for the device (client uuid) that will sign in with it",
  tag: 'auth',
  projectChoice:
    "SPEC.md has the native app hand a ticket over but does not show how it gets one; path and shape are the project's choice. The ticket lasts 5 minutes and signs in only the named device, once",
  request: z.object({
    session_key: z.pipe(SessionKeyParam, z.string().check(z.minLength(1))),
    uuid: UuidParam,
  }),
  /** expires_at in seconds since the epoch. */
  data: z.object({ ticket: z.string().check(z.minLength(1)), expires_at: z.int() }),
  codes: [ServerCode.loggedOut],
  access: 'session',
  readOnly: false,
});

export const facebookLogin = defineCall({
  method: 'POST',
  path: '/api/user/facebook_login/',
  transport: 'form',
  summary: 'Facebook sign-in',
  tag: 'auth',
  request: z.object({
    user_id: z.string().check(z.minLength(1), z.maxLength(128)),
    access_token: z.string().check(z.minLength(1), z.maxLength(2048)),
    ...deviceFields,
  }),
  data: SessionSchema,
  codes: signInCodes,
  access: 'public',
  readOnly: false,
});

export const googleLogin = defineCall({
  method: 'POST',
  path: '/api/user/google_login/',
  transport: 'form',
  summary: 'Google sign-in with an id token',
  tag: 'auth',
  request: z.object({ id_token: z.string().check(z.minLength(1), z.maxLength(4096)), ...deviceFields }),
  data: SessionSchema,
  codes: signInCodes,
  access: 'public',
  readOnly: false,
});
