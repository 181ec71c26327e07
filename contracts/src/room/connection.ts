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
  /** One entry per reconnect attempt; used as the jitter range added to the base delay. */
  waitTableMs: Object.freeze([250, 250, 250, 500, 500, 1000, 1000, 1000] as const),
  /** Default of the time-out helper around realtime calls. */
  defaultTimeoutMs: 5_000,
});

/**
 * The delay before reconnect `attempt` (1-based): 1000 ms plus `random` (0..1, injected) times that
 * attempt's wait-table entry, rounded. Null once the attempts are used up: give up and report.
 */
export function reconnectDelay(attempt: number, random: number): number | null {
  if (!Number.isInteger(attempt) || attempt < 1)
    throw new RangeError(`attempt must be 1 or more, got ${attempt}`);
  const wait = REALTIME.waitTableMs[attempt - 1];
  if (attempt > REALTIME.maxReconnectAttempts || wait === undefined) return null;
  const jitter = Math.min(Math.max(random, 0), 1) * wait;
  return REALTIME.reconnectDelayMs + Math.round(jitter);
}
