import { z } from 'zod/mini';
import { DirectiveSchema } from './directives';

/** The client message id: SPEC §7 sends every client frame, the join and the heartbeat, with msg_id 3. */
export const ClientMsgId = Object.freeze({ message: 3 } as const);

/** Server message kinds of SPEC §7 "Realtime". 2 and 3 are fixed by SPEC §4; every other number is the project's choice. */
export const RoomMessageType = Object.freeze({
  roomBroadcastFull: 1,
  roomBroadcastIncrement: 2,
  roomSyncSn: 3,
  roomResetSn: 4,
  comment: 100,
  gift: 101,
  enter: 102,
  quit: 103,
  follow: 104,
  like: 105,
  syncStatus: 106,
  streamerStatus: 107,
  roleChange: 108,
  audienceUpdate: 109,
  callStatus: 110,
  callApply: 111,
  pkStatus: 112,
  giftUpdate: 113,
  levelUp: 114,
  fansClub: 115,
  redPacket: 116,
  dialog: 117,
  bullet: 118,
  globalToast: 119,
  randomMatch: 120,
  pkRank: 121,
  giftWallUpdate: 122,
  liveTaskFinish: 123,
} as const);
export type RoomMessageTypeName = keyof typeof RoomMessageType;

/** The status table keys of SPEC §3: for the mock and docs only, since a server may add keys. */
export const ROOM_STATUS_KEYS = [
  'pk_select_punishment',
  'punishment_list',
  'pk_current_punishment',
  'pk_prop_list',
  'pk_prop_entry',
  'pk_prop_used',
  'pk_status',
  'pk_current_effect',
  'pk_perspective_list',
  'pk_smoke_top_list',
  'pk_can_smoke_list',
  'face_list',
  'pk_current_face',
  'fans_tasks',
  'fans_tasks_start',
  'fans_count',
  'pk_random_match_switcher',
  'pk_rank',
  'calling_room',
  'widgets',
  'scratch_ticket',
  'room_mics_new',
] as const;
export type RoomStatusKey = (typeof ROOM_STATUS_KEYS)[number];

export const RoomStatusTableSchema = /* @__PURE__ */ z.record(z.string(), z.unknown());
export type RoomStatusTable = z.infer<typeof RoomStatusTableSchema>;

const Hash = /* @__PURE__ */ z.record(z.string(), z.unknown());
const List = /* @__PURE__ */ z.array(z.unknown());
const Count = /* @__PURE__ */ z.int().check(z.nonnegative());

/**
 * The kind of value each status table key of SPEC §3 holds, as the directives act on it (a hash key takes
 * hset/hmerge, a list key the list directives): SPEC names the keys, not their values, so the kinds, and
 * the fields of pk_status and room_mics_new that the app shows, are the project's choice. Every key is
 * optional (a room with no status yet has an empty table) and a server may add keys of its own.
 */
export const RoomStatusTableTypesSchema = /* @__PURE__ */ z.looseObject({
  pk_select_punishment: z.optional(Hash),
  punishment_list: z.optional(List),
  pk_current_punishment: z.optional(Hash),
  pk_prop_list: z.optional(List),
  pk_prop_entry: z.optional(Hash),
  pk_prop_used: z.optional(List),
  pk_status: z.optional(
    z.looseObject({
      state: z.int(),
      pk_id: z.optional(z.int()),
      red_score: z.optional(Count),
      blue_score: z.optional(Count),
      remain_seconds: z.optional(Count),
    }),
  ),
  pk_current_effect: z.optional(Hash),
  pk_perspective_list: z.optional(List),
  pk_smoke_top_list: z.optional(List),
  pk_can_smoke_list: z.optional(List),
  face_list: z.optional(List),
  pk_current_face: z.optional(Hash),
  fans_tasks: z.optional(List),
  fans_tasks_start: z.optional(Hash),
  fans_count: z.optional(Count),
  pk_random_match_switcher: z.optional(Hash),
  pk_rank: z.optional(Hash),
  calling_room: z.optional(Hash),
  widgets: z.optional(List),
  scratch_ticket: z.optional(Hash),
  room_mics_new: z.optional(
    z.array(
      z.looseObject({
        index: Count,
        uid: z.nullable(z.int().check(z.positive())),
        muted: z.optional(z.boolean()),
        locked: z.optional(z.boolean()),
      }),
    ),
  ),
} satisfies Record<RoomStatusKey, z.core.$ZodType>);

/**
 * Why a full refresh's room_status text is no status table, or undefined: not JSON, not an object, or a key
 * of SPEC §3 holding the wrong kind of value (named by its path, as `pk_status.red_score`).
 */
export function roomStatusTextProblem(text: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'room_status is not the JSON string of a status table';
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return 'room_status is not the JSON string of a status table';
  const typed = RoomStatusTableTypesSchema.safeParse(value);
  if (typed.success) return undefined;
  return typed.error.issues
    .slice(0, 5)
    .map((issue) => `room_status.${issue.path.map(String).join('.')}: ${issue.message}`)
    .join('; ');
}

/** A room id travels as a number or a string; it is always compared as a string. */
export const RidSchema = /* @__PURE__ */ z.pipe(
  z.union([z.string().check(z.minLength(1)), z.int()]),
  z.transform((rid) => String(rid)),
);
export type Rid = z.infer<typeof RidSchema>;

const SeqSchema = /* @__PURE__ */ z.int().check(z.gte(0));

// Client → server.

/**
 * The join, the first message on a socket (SPEC §7 does not show it; the project's choice): an ordinary
 * msg_id-3 message whose body names the room.
 */
export const JoinMessageSchema = /* @__PURE__ */ z.object({
  msg_id: z.literal(ClientMsgId.message),
  seq: SeqSchema,
  body: z.object({ rid: RidSchema }),
});
export type JoinMessage = z.infer<typeof JoinMessageSchema>;

/** The heartbeat: an ordinary msg_id-3 message with an empty body (SPEC §7). */
export const HeartbeatMessageSchema = /* @__PURE__ */ z.object({
  msg_id: z.literal(ClientMsgId.message),
  seq: SeqSchema,
  body: z.strictObject({}),
});
export type HeartbeatMessage = z.infer<typeof HeartbeatMessageSchema>;

/**
 * Every client frame the project sends. Both carry msg_id 3, so the body tells them apart: a join's names a
 * room (`rid`), a heartbeat's is exactly `{}`. Any other msg_id, or any other body, is not a client frame.
 */
export const ClientEnvelopeSchema = /* @__PURE__ */ z.union([JoinMessageSchema, HeartbeatMessageSchema]);
export type ClientEnvelope = JoinMessage | HeartbeatMessage;

export function isJoinMessage(message: ClientEnvelope): message is JoinMessage {
  return 'rid' in message.body;
}

export function makeJoin(seq: number, rid: string): JoinMessage {
  return { msg_id: ClientMsgId.message, seq, body: { rid } };
}

export function makeHeartbeat(seq: number): HeartbeatMessage {
  return { msg_id: ClientMsgId.message, seq, body: {} };
}

// Server → client.

export const ServerEnvelopeSchema = /* @__PURE__ */ z.object({
  result: z.int(),
  message: z.string(),
  data: z.string(),
});
export type ServerEnvelope = z.infer<typeof ServerEnvelopeSchema>;

export const FrameSchema = /* @__PURE__ */ z.object({
  sn: z.int().check(z.gte(0)),
  command: z.array(DirectiveSchema),
});
export type Frame = z.infer<typeof FrameSchema>;

/** No frame, the very first change of a room, or two consecutive frames (the server never sends a gap). */
export const RoomStatusFramesSchema = /* @__PURE__ */ z.union([
  z.tuple([]),
  z.tuple([FrameSchema]),
  z
    .tuple([FrameSchema, FrameSchema])
    .check(
      z.refine(([first, second]) => second.sn === first.sn + 1, 'the two frames must have consecutive sn'),
    ),
]);
export type RoomStatusFrames = z.infer<typeof RoomStatusFramesSchema>;

export const RoomStatusMessageSchema = /* @__PURE__ */ z.object({
  type: z.literal(RoomMessageType.roomBroadcastIncrement),
  rid: RidSchema,
  status: RoomStatusFramesSchema,
});
export type RoomStatusMessage = z.infer<typeof RoomStatusMessageSchema>;

export const SyncSnMessageSchema = /* @__PURE__ */ z.object({
  type: z.literal(RoomMessageType.roomSyncSn),
  rid: RidSchema,
  sn: z.int(),
});
export type SyncSnMessage = z.infer<typeof SyncSnMessageSchema>;

const SN_TYPES: readonly number[] = [RoomMessageType.roomBroadcastIncrement, RoomMessageType.roomSyncSn];

/** Any other kind, kept loose; types 2 and 3 are excluded so a malformed one is rejected, not passed on. */
export const OtherRoomMessageSchema = /* @__PURE__ */ z.looseObject({
  type: z.int().check(z.refine((type) => !SN_TYPES.includes(type), 'types 2 and 3 have their own schema')),
  rid: z.optional(RidSchema),
});
export type OtherRoomMessage = z.infer<typeof OtherRoomMessageSchema>;

export const RoomMessageSchema = /* @__PURE__ */ z.union([
  RoomStatusMessageSchema,
  SyncSnMessageSchema,
  OtherRoomMessageSchema,
]);
export type RoomMessage = z.infer<typeof RoomMessageSchema>;

// TypeScript cannot narrow `type: number` away on `=== 2`; the schema guarantees that only these shapes carry 2 and 3.
export function isRoomStatusMessage(message: RoomMessage): message is RoomStatusMessage {
  return message.type === RoomMessageType.roomBroadcastIncrement;
}

export function isSyncSnMessage(message: RoomMessage): message is SyncSnMessage {
  return message.type === RoomMessageType.roomSyncSn;
}

/** The answer of the full room-status refresh call: room_status is the JSON of the whole table. */
export const FullRefreshAnswerSchema = /* @__PURE__ */ z.object({ sn: z.int(), room_status: z.string() });
export type FullRefreshAnswer = z.infer<typeof FullRefreshAnswerSchema>;

export type IncomingDropReason =
  | 'not-json'
  | 'bad-envelope'
  | 'result-nonzero'
  | 'data-not-json'
  | 'bad-message';

export type ParsedIncoming = { ok: true; message: RoomMessage } | { ok: false; reason: IncomingDropReason };

/** Parses one websocket text frame; only result 0 with JSON data that is a room message gets through. */
export function parseIncoming(raw: string): ParsedIncoming {
  const outer = parseJson(raw);
  if (!outer.ok) return { ok: false, reason: 'not-json' };
  const envelope = ServerEnvelopeSchema.safeParse(outer.value);
  if (!envelope.success) return { ok: false, reason: 'bad-envelope' };
  if (envelope.data.result !== 0) return { ok: false, reason: 'result-nonzero' };
  const inner = parseJson(envelope.data.data);
  if (!inner.ok) return { ok: false, reason: 'data-not-json' };
  const message = RoomMessageSchema.safeParse(inner.value);
  return message.success ? { ok: true, message: message.data } : { ok: false, reason: 'bad-message' };
}

/** JSON.parse without throwing. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}
