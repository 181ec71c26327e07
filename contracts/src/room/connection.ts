/** Realtime connection constants of SPEC §4 "Realtime connection" and §9. */
export const REALTIME = Object.freeze({
  /** A heartbeat goes out after this long without sending anything. */
  heartbeatIdleMs: 15_000,
  /** No message received for this long: force-close the socket, marked as a time-out error. */
  receiveTimeoutMs: 121_000,
  /** Base delay before a reconnect after an error close. */
  reconnectDelayMs: 1_000,
  /** After this many failed reconnects the network-failure callback fires; a successful open resets it. */
  maxReconnectAttempts: 8,
  /** SPEC §4 defines this table; its reconnect waits 1 s (reconnectDelayMs) all the same, so nothing uses it. */
  waitTableMs: Object.freeze([250, 250, 250, 500, 500, 1000, 1000, 1000] as const),
  /** Default of the time-out helper around realtime calls. */
  defaultTimeoutMs: 5_000,
});

/**
 * The delay before reconnect `attempt` (1-based) after an error close: 1 s for each of the 8 attempts
 * (SPEC §4 and §9). Null once the attempts are used up: give up and report.
 */
export function reconnectDelay(attempt: number): number | null {
  if (!Number.isInteger(attempt) || attempt < 1)
    throw new RangeError(`attempt must be 1 or more, got ${attempt}`);
  return attempt > REALTIME.maxReconnectAttempts ? null : REALTIME.reconnectDelayMs;
}
