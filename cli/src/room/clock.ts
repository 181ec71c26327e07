/** The time a session runs on: the real one, or a test's, so the 15 s and 121 s timers need no real wait. */
export interface RoomClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realClock: RoomClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Resolves after `ms` on `clock`. */
export const sleepOn = (clock: RoomClock, ms: number): Promise<void> =>
  new Promise((resolve) => clock.setTimeout(resolve, ms));

/** A session's timers (SPEC §4 "Realtime connection"), on its clock. */
export interface RoomSessionOptions {
  readonly clock?: RoomClock;
  /** A heartbeat goes out after this long without sending (SPEC §4: 15 s). */
  readonly heartbeatIdleMs?: number;
  /** No message for this long: the socket is force-closed as timed out (SPEC §4: 121 s). */
  readonly receiveTimeoutMs?: number;
  /** Told each heartbeat sent (a sent message, not a frame: no RoomEvent). */
  readonly onHeartbeat?: (seq: number) => void;
}
