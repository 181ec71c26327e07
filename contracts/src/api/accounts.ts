import { z } from 'zod/mini';
import { ServerCode } from '../codes';
import { AccountCheckStatusSchema, UserRowSchema } from '../entities';
import { defineCall } from '../registry/define';
import { roomStatusTextProblem } from '../room/protocol';
import { wireInt } from '../wire';

import { SessionKeyParam, SourceParam, UidParam } from './common';

/** check_uid, as a GET and as a form post. */
const checkUidCall = {
  method: 'GET',
  path: '/api/user/check_uid/',
  transport: 'query',
  summary: 'A user row by uid (the batch form sends many of these GETs)',
  tag: 'accounts',
  request: z.object({ uid: UidParam }),
  data: z.object({ user: UserRowSchema }),
  codes: [ServerCode.accountNotFound],
  access: 'public',
  readOnly: true,
} as const;

export const checkUid = defineCall(checkUidCall);

export const checkUidPost = defineCall({
  ...checkUidCall,
  method: 'POST',
  transport: 'form',
  summary: 'A user row by uid, as a form post',
});

/** Streamer context (SPEC §6): LIVING when the target is live, BAN when banned, NONE otherwise. */
export const StreamerStateSchema = z.enum(['LIVING', 'BAN', 'NONE']);

export const checkDisplayId = defineCall({
  method: 'GET',
  path: '/api/web/check_display_id/',
  transport: 'query',
  summary: 'The account behind a display id, refused with its state code when it cannot be topped up',
  tag: 'accounts',
  request: z.object({
    /** Any text up to 32 characters: one that is not 5–12 digits answers 20002 (no match, check your input). */
    display_id: z.string().check(z.minLength(1), z.maxLength(32)),
    source: SourceParam,
    /** Set when the page is opened from a streamer context (the `from` URL arg). */
    from: z.optional(z.string().check(z.maxLength(64))),
    session_key: z.optional(SessionKeyParam),
  }),
  data: z.object({
    uid: z.int(),
    display_id: z.string(),
    is_guest: z.boolean(),
    nickname: z.string(),
    icon: z.string(),
    status: AccountCheckStatusSchema,
    streamer_state: StreamerStateSchema,
    room_id: z.int(),
  }),
  codes: [
    ServerCode.banned,
    ServerCode.deactivated,
    ServerCode.deactivating,
    ServerCode.sourceMismatch,
    ServerCode.accountNotFound,
    ServerCode.searchNoMatch,
  ],
  access: 'public',
  readOnly: true,
  projectChoice:
    "nickname, icon, status, streamer_state and room_id beside uid/is_guest/display_id are the project's choice; a refusal carries data { status, streamer_state } (BAN for a banned account from a streamer context)",
});

export const checkUserStatus = defineCall({
  method: 'POST',
  path: '/api/web/check_user_status/',
  transport: 'json',
  summary: 'Account check status of several uids',
  tag: 'accounts',
  request: z.object({
    source: z.union([z.literal(1), z.literal(4)]),
    uids: z.array(z.int().check(z.positive())).check(z.minLength(1), z.maxLength(100)),
  }),
  data: z.object({
    user_map: z.record(z.string(), z.object({ status: AccountCheckStatusSchema, is_guest: z.boolean() })),
  }),
  codes: [],
  access: 'public',
  readOnly: true,
});

export const lastJoinRoom = defineCall({
  method: 'GET',
  path: '/api/live_room/last_join_room/',
  transport: 'query',
  summary: 'The room the signed-in user last joined, and their own room (0 when none)',
  tag: 'room',
  request: z.object({ session_key: z.optional(SessionKeyParam) }),
  data: z.object({ room_id: z.int().check(z.nonnegative()), my_room_id: z.int().check(z.nonnegative()) }),
  codes: [ServerCode.loggedOut],
  access: 'session-optional',
  readOnly: true,
});

export const roomStatus = defineCall({
  method: 'GET',
  path: '/api/live_room/room_status/',
  transport: 'query',
  summary: 'Full refresh of a room status table: sn and the table as a JSON string',
  tag: 'room',
  projectChoice:
    "SPEC.md does not show the full room-status refresh call; path and shape are the project's choice",
  request: z.object({ rid: z.pipe(wireInt(), z.int().check(z.positive())) }),
  // SPEC §3 full refresh response: room_status is a JSON string of the status table (an object whose SPEC
  // keys hold the kinds of value the directives act on: RoomStatusTableTypesSchema).
  data: z.object({
    sn: z.int().check(z.gte(-1)),
    room_status: z.string().check(
      z.superRefine((text, ctx) => {
        const problem = roomStatusTextProblem(text);
        if (problem !== undefined) ctx.issues.push({ code: 'custom', message: problem, input: text });
      }),
    ),
  }),
  codes: [ServerCode.unknownCall],
  access: 'public',
  readOnly: true,
});
