/** What a room session says happened, what it counts, and the close codes it names. */

/** What happened to one incoming message, for the watcher's output and the scenario's counters. */
export type RoomEvent =
  | {
      readonly kind: 'applied';
      readonly sn: number;
      readonly frames: readonly number[];
      readonly keys: readonly string[];
      /** SPEC §3 keys these frames left holding the wrong kind of value, with the directive that set each. */
      readonly wrongKinds?: readonly string[];
    }
  | { readonly kind: 'ignored'; readonly sn: number; readonly frames: readonly number[] }
  | { readonly kind: 'gap'; readonly localSn: number; readonly frames: readonly number[] }
  | {
      readonly kind: 'refresh';
      readonly sn: number;
      readonly replaced: boolean;
      readonly reason?: string;
      /** SPEC §3 keys the refreshed table holds with the wrong kind of value. */
      readonly wrongKinds?: readonly string[];
    }
  | { readonly kind: 'sync-sn'; readonly sn: number }
  | { readonly kind: 'dropped'; readonly reason: string }
  | { readonly kind: 'other'; readonly type: number; readonly rid?: string }
  | { readonly kind: 'heartbeat-answered'; readonly seq: number }
  | { readonly kind: 'timeout'; readonly ms: number }
  | { readonly kind: 'closed'; readonly code: number };

/** What a scenario's room step may expect besides its table: the sn and the counters. */
export const ROOM_EXPECT_KEYS = [
  'sn',
  'refreshes',
  'messages',
  'applied',
  'changed',
  'ignored',
  'dropped',
] as const;

export interface RoomCounters {
  messages: number;
  applied: number;
  /** Applied messages whose frames changed at least one key of the table (a frame with no command changes none). */
  changed: number;
  ignored: number;
  dropped: number;
  refreshes: number;
}

/** Counters at zero: a session's start, and the watch's tally of the sessions before a reconnect. */
export const noCounts = (): RoomCounters => ({
  messages: 0,
  applied: 0,
  changed: 0,
  ignored: 0,
  dropped: 0,
  refreshes: 0,
});

/**
 * The largest room message taken (1 MiB): a room's status table is a few kilobytes, so a larger frame is a
 * server's fault, refused with 1009 (message too big) rather than held in memory and parsed.
 */
export const ROOM_MESSAGE_MAX_BYTES = 1024 * 1024;

/**
 * The close code said for a socket given up on after the receive time-out, as the web client's (web
 * features/room/realtime.ts). The socket is force-closed, so the code is the CLI's word, not the server's.
 */
export const CLOSE_RECEIVE_TIMEOUT = 4000;
/** The WebSocket's normal closure: the only close that is not an error (SPEC §4 reconnects on an error close). */
export const NORMAL_CLOSE = 1000;
/** A socket that ended without a close frame (the server dropped it, the network failed): an error close. */
export const ABNORMAL_CLOSE = 1006;
