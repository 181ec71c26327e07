import { applyDirectives } from './directives';
import {
  type Frame,
  type FullRefreshAnswer,
  isRoomStatusMessage,
  isSyncSnMessage,
  parseJson,
  type RoomMessage,
  type RoomStatusFrames,
  type RoomStatusTable,
  RoomStatusTableSchema,
} from './protocol';

/**
 * The client's copy of a room's status. Invariant kept by every transition below: `table` equals the
 * server's table after the server's frame `sn` (or the empty table at sn -1).
 */
export interface RoomSyncState {
  rid: string;
  sn: number;
  table: RoomStatusTable;
}

export function initialRoomSyncState(rid: string): RoomSyncState {
  return { rid, sn: -1, table: {} };
}

/**
 * The furthest a message may move the local sn ahead (SPEC §4 applies one frame whose sn exceeds the local
 * sn, and a sync-sn raises it; a server moves one frame at a time, its first change alone). A message further
 * ahead is taken as a gap, the full status fetched: adopted, a lying sn (Number.MAX_SAFE_INTEGER) would make
 * every true frame after it stale and freeze the table for good (a refresh answer below it is stale too).
 */
export const MAX_SN_JUMP = 100;

const tooFarAhead = (localSn: number, sn: number): boolean => sn - localSn > MAX_SN_JUMP;

export type IncrementDecision =
  | { kind: 'ignore'; reason: 'no-frames' | 'stale' }
  | { kind: 'apply'; frames: Frame[]; sn: number }
  | { kind: 'refresh' };

/** What to do with the frames of an incremental broadcast (type 2), exactly as SPEC §4 "Room status sync". */
export function decideIncrement(localSn: number, frames: RoomStatusFrames): IncrementDecision {
  const [first, second] = frames;
  if (first === undefined) return { kind: 'ignore', reason: 'no-frames' };
  if (second === undefined) {
    if (first.sn <= localSn) return { kind: 'ignore', reason: 'stale' };
    return tooFarAhead(localSn, first.sn)
      ? { kind: 'refresh' }
      : { kind: 'apply', frames: [first], sn: first.sn };
  }
  if (localSn >= second.sn) return { kind: 'ignore', reason: 'stale' };
  if (localSn === first.sn) return { kind: 'apply', frames: [second], sn: second.sn };
  if (localSn === first.sn - 1) return { kind: 'apply', frames: [first, second], sn: second.sn };
  return { kind: 'refresh' };
}

export interface RoomReduceResult {
  /** The same object as the input state when nothing changed. */
  state: RoomSyncState;
  changedKeys: string[];
  /** A gap was seen: fetch the full status and pass the answer to `applyFullRefresh`. */
  needsRefresh: boolean;
}

/** Feeds one room message to the state machine; messages of another room and other kinds are ignored. */
export function reduceRoomMessage(state: RoomSyncState, message: RoomMessage): RoomReduceResult {
  const unchanged: RoomReduceResult = { state, changedKeys: [], needsRefresh: false };
  if (message.rid !== state.rid) return unchanged;
  if (isSyncSnMessage(message)) {
    // Raises sn only, table untouched: a server may send it only when its sn moved without changing the table.
    if (message.sn <= state.sn) return unchanged;
    if (tooFarAhead(state.sn, message.sn)) return { ...unchanged, needsRefresh: true };
    return { ...unchanged, state: { ...state, sn: message.sn } };
  }
  if (!isRoomStatusMessage(message)) return unchanged;
  const decision = decideIncrement(state.sn, message.status);
  if (decision.kind === 'ignore') return unchanged;
  if (decision.kind === 'refresh') return { ...unchanged, needsRefresh: true };
  const applied = applyDirectives(
    state.table,
    decision.frames.flatMap((frame) => frame.command),
  );
  return {
    state: { ...state, sn: decision.sn, table: applied.table },
    changedKeys: applied.changedKeys,
    needsRefresh: false,
  };
}

export type FullRefreshResult =
  | { state: RoomSyncState; replaced: true }
  | { state: RoomSyncState; replaced: false; reason: 'stale' | 'malformed' };

/** Replaces the whole table and sn when the answer is newer than the local sn; otherwise keeps the state. */
export function applyFullRefresh(state: RoomSyncState, answer: FullRefreshAnswer): FullRefreshResult {
  // An answer at or below the local sn is older than what incremental frames already built.
  if (answer.sn <= state.sn) return { state, replaced: false, reason: 'stale' };
  const json = parseJson(answer.room_status);
  const table = json.ok ? RoomStatusTableSchema.safeParse(json.value) : undefined;
  if (!table?.success) return { state, replaced: false, reason: 'malformed' };
  return { state: { ...state, sn: answer.sn, table: table.data }, replaced: true };
}

/**
 * Server side: the `status` of the type-2 message for a new frame. The very first change of a room goes
 * alone; after that the server always sends the previous frame and the new one, consecutive sn.
 */
export function makeIncrement(prev: Frame | undefined, frame: Frame): RoomStatusFrames {
  if (prev === undefined) return [frame];
  if (frame.sn !== prev.sn + 1) throw new RangeError(`frame sn ${frame.sn} does not follow ${prev.sn}`);
  return [prev, frame];
}
