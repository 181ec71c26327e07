import {
  applyFullRefresh,
  type FullRefreshAnswer,
  initialRoomSyncState,
  isRoomStatusMessage,
  makeHeartbeat,
  makeJoin,
  parseIncoming,
  type RoomSyncState,
  reduceRoomMessage,
} from '@topup/contracts';
import { REALTIME } from '@topup/contracts/room/connection';
import WebSocket from 'ws';
import { type RoomClock, type RoomSessionOptions, realClock, sleepOn } from './clock';
import {
  CLOSE_RECEIVE_TIMEOUT,
  NORMAL_CLOSE,
  noCounts,
  ROOM_MESSAGE_MAX_BYTES,
  type RoomCounters,
  type RoomEvent,
} from './events';
import { wrongKinds, wrongKindsOfRefresh } from './tableKinds';

/** Fetches the full status table (the roomStatus call); undefined when it failed. */
export type FullRefresh = () => Promise<FullRefreshAnswer | undefined>;

/**
 * A room socket whose messages go through the contracts' sn machine (SPEC §4): incremental frames are
 * applied, ignored, or answered by a full refresh, one message at a time and in arrival order. As the app's
 * client (SPEC §4 "Realtime connection"), it sends a heartbeat (msg_id 3, the next seq, body `{}`) after
 * 15 s without sending, and force-closes the socket when no message came for 121 s (`timedOut`).
 */
export class RoomSession {
  state: RoomSyncState;
  readonly counters: RoomCounters = noCounts();
  closed = false;
  /** The handshake completed: a refused reconnection attempt's close drops no live socket. */
  opened = false;
  /** The socket was force-closed because no message came within the receive time-out. */
  timedOut = false;
  /** The close code as said in the `closed` event (1009 too big, 4000 timed out), once closed. */
  closeCode: number | undefined;
  private socket: WebSocket | undefined;
  private queue: Promise<void> = Promise.resolve();
  private readonly clock: RoomClock;
  private lastMessageAt: number;
  private readonly waiters = new Set<() => void>();
  private seq = 0;
  private errored = false;
  private heartbeatTimer: unknown;
  /** Seqs of heartbeats not yet answered: their acknowledgements are the protocol's, not the room's messages. */
  private readonly unansweredHeartbeats = new Set<number>();
  private receiveTimer: unknown;

  constructor(
    private readonly url: string,
    readonly rid: string,
    private readonly refresh: FullRefresh,
    private readonly onEvent: (event: RoomEvent, session: RoomSession) => void = () => {},
    private readonly options: RoomSessionOptions = {},
  ) {
    this.state = initialRoomSyncState(rid);
    this.clock = options.clock ?? realClock;
    this.lastMessageAt = this.clock.now();
  }

  /** A new session on the same room that carries on from this one's sn and table (a reconnect). */
  successor(): RoomSession {
    const next = new RoomSession(this.url, this.rid, this.refresh, this.onEvent, this.options);
    next.state = this.state;
    return next;
  }

  /** The socket was closed by the server with 1000 and no error: not an error close, not reconnected. */
  get closedNormally(): boolean {
    return this.closed && !this.errored && !this.timedOut && this.closeCode === NORMAL_CLOSE;
  }

  async open(timeoutMs = 5000): Promise<void> {
    const url = new URL(this.url);
    url.searchParams.set('rid', this.rid);
    const socket = new WebSocket(url, { maxPayload: ROOM_MESSAGE_MAX_BYTES });
    this.socket = socket;
    socket.on('message', (raw) => {
      // Any message, a heartbeat's answer too, shows the server is there: the time-out starts again.
      this.armReceive();
      const text = raw.toString();
      this.queue = this.queue.then(() => this.handle(text));
    });
    // A message over the cap fails the socket (ws closes it, 1006 here): said as the 1009 it sends the server.
    let tooBig = false;
    socket.on('error', (error: Error & { code?: string }) => {
      this.errored = true;
      if (error.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH') tooBig = true;
    });
    socket.on('close', (code) => {
      this.stopTimers();
      this.closed = true;
      this.closeCode = this.timedOut ? CLOSE_RECEIVE_TIMEOUT : tooBig ? 1009 : code;
      const closeCode = this.closeCode;
      this.queue = this.queue.then(() => this.emit({ kind: 'closed', code: closeCode }));
    });
    await new Promise<void>((resolve, reject) => {
      // A handshake that never completes (a silent server, a blackholed address) is ended, not left pending:
      // a connecting socket keeps the process alive after the run has reported.
      const timer = this.clock.setTimeout(() => {
        reject(new Error(`room socket did not open within ${timeoutMs} ms`));
        socket.terminate();
      }, timeoutMs);
      socket.once('open', () => {
        this.opened = true;
        this.clock.clearTimeout(timer);
        resolve();
      });
      socket.once('error', (error) => {
        this.clock.clearTimeout(timer);
        reject(error);
      });
    });
    this.armReceive();
    this.send(makeJoin(this.nextSeq(), this.rid));
    // The join's acknowledgement (or a first broadcast) says the server counts this socket in the room.
    await this.waitFor(() => this.counters.messages > 0, 1000);
  }

  private nextSeq(): number {
    return ++this.seq;
  }

  /** Sends one client message; the heartbeat is due `heartbeatIdleMs` after the last thing sent. */
  private send(message: unknown): boolean {
    const socket = this.socket;
    if (socket === undefined || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(message));
    this.clock.clearTimeout(this.heartbeatTimer);
    this.heartbeatTimer = this.clock.setTimeout(() => {
      const seq = this.nextSeq();
      if (!this.send(makeHeartbeat(seq))) return;
      this.unansweredHeartbeats.add(seq);
      // A server that never answers them keeps only the last few (a Set iterates oldest first).
      if (this.unansweredHeartbeats.size > 8)
        this.unansweredHeartbeats.delete(this.unansweredHeartbeats.values().next().value as number);
      this.options.onHeartbeat?.(seq);
    }, this.options.heartbeatIdleMs ?? REALTIME.heartbeatIdleMs);
    return true;
  }

  /** (Re)starts the receive time-out: when it fires, the socket is force-closed and marked timed out. */
  private armReceive(): void {
    this.clock.clearTimeout(this.receiveTimer);
    if (this.closed) return;
    const ms = this.options.receiveTimeoutMs ?? REALTIME.receiveTimeoutMs;
    this.receiveTimer = this.clock.setTimeout(() => {
      const socket = this.socket;
      if (socket === undefined || this.closed) return;
      this.timedOut = true;
      this.clock.clearTimeout(this.heartbeatTimer);
      this.queue = this.queue.then(() => this.emit({ kind: 'timeout', ms }));
      // Forced: a peer that sends nothing may not answer a close frame either (ws would wait 30 s for it).
      socket.terminate();
    }, ms);
  }

  private stopTimers(): void {
    this.clock.clearTimeout(this.heartbeatTimer);
    this.clock.clearTimeout(this.receiveTimer);
  }

  /** Resolves true once `done()` holds (checked after every message), false at the time-out. */
  async waitFor(done: () => boolean, timeoutMs: number): Promise<boolean> {
    if (done()) return true;
    return new Promise((resolve) => {
      const check = () => {
        if (!done()) return;
        cleanup();
        resolve(true);
      };
      const timer = this.clock.setTimeout(() => {
        cleanup();
        resolve(done());
      }, timeoutMs);
      const cleanup = () => {
        this.clock.clearTimeout(timer);
        this.waiters.delete(check);
      };
      this.waiters.add(check);
    });
  }

  /** Waits until no message arrived for `quietMs` (or the time-out). */
  async settle(quietMs: number, timeoutMs: number): Promise<void> {
    const deadline = this.clock.now() + timeoutMs;
    while (this.clock.now() < deadline) {
      await this.queue;
      const idle = this.clock.now() - this.lastMessageAt;
      if (idle >= quietMs) return;
      await sleepOn(this.clock, Math.max(0, Math.min(quietMs - idle, deadline - this.clock.now())));
    }
  }

  /**
   * Closes the socket whatever its state: an open one with a normal close frame (1000: the client is done, as
   * the app's leaving a room), a connecting one is aborted.
   */
  async close(): Promise<void> {
    this.stopTimers();
    const socket = this.socket;
    // Aborting a handshake emits an error; the session is ending, so it is not one to report.
    socket?.on('error', () => {});
    if (socket !== undefined && socket.readyState === WebSocket.OPEN) {
      await new Promise<void>((resolve) => {
        socket.once('close', () => resolve());
        socket.close(NORMAL_CLOSE);
        setTimeout(resolve, 1000).unref();
      });
    }
    socket?.terminate();
    await this.queue;
  }

  private async handle(raw: string): Promise<void> {
    this.lastMessageAt = this.clock.now();
    const parsed = parseIncoming(raw);
    // A heartbeat's acknowledgement (type 0, the seq it answers) is the protocol's, not a room message (--count).
    const ackSeq =
      parsed.ok && parsed.message.type === 0 ? (parsed.message as { seq?: unknown }).seq : undefined;
    if (typeof ackSeq === 'number' && this.unansweredHeartbeats.delete(ackSeq))
      return this.emit({ kind: 'heartbeat-answered', seq: ackSeq });
    this.counters.messages += 1;
    if (!parsed.ok) {
      this.counters.dropped += 1;
      return this.emit({ kind: 'dropped', reason: parsed.reason });
    }
    const message = parsed.message;
    const before = this.state.sn;
    const reduced = reduceRoomMessage(this.state, message);
    const frames =
      'status' in message && Array.isArray(message.status) ? message.status.map((f) => f.sn) : [];
    if (reduced.needsRefresh) {
      this.emit({ kind: 'gap', localSn: before, frames });
      await this.fullRefresh();
      return;
    }
    if (message.type === 3) return this.emitAfter(reduced.state, { kind: 'sync-sn', sn: reduced.state.sn });
    if (message.type !== 2 || String(message.rid) !== this.rid) {
      // A frame of another room names it, so that a watcher sees why nothing was applied.
      const rid = message.type === 2 ? { rid: String(message.rid) } : {};
      return this.emit({ kind: 'other', type: message.type, ...rid });
    }
    if (reduced.state === this.state) {
      this.counters.ignored += 1;
      return this.emit({ kind: 'ignored', sn: before, frames });
    }
    this.counters.applied += 1;
    if (reduced.changedKeys.length > 0) this.counters.changed += 1;
    // SPEC §3's keys hold their kinds of value (contracts' RoomStatusTableTypesSchema): a frame may not break one.
    const applied = isRoomStatusMessage(message) ? message.status : [];
    const wrong = wrongKinds(reduced.state.table, reduced.changedKeys, applied);
    this.emitAfter(reduced.state, {
      kind: 'applied',
      sn: reduced.state.sn,
      frames,
      keys: reduced.changedKeys,
      ...(wrong.length === 0 ? {} : { wrongKinds: wrong }),
    });
  }

  private async fullRefresh(): Promise<void> {
    this.counters.refreshes += 1;
    const answer = await this.refresh();
    if (answer === undefined) {
      return this.emit({
        kind: 'refresh',
        sn: this.state.sn,
        replaced: false,
        reason: 'the refresh call failed',
      });
    }
    const result = applyFullRefresh(this.state, answer);
    if (!result.replaced) {
      this.emitAfter(result.state, {
        kind: 'refresh',
        sn: answer.sn,
        replaced: false,
        reason: result.reason,
      });
      return;
    }
    const wrong = wrongKindsOfRefresh(result.state.table, result.state.sn);
    this.emitAfter(result.state, {
      kind: 'refresh',
      sn: result.state.sn,
      replaced: true,
      ...(wrong.length === 0 ? {} : { wrongKinds: wrong }),
    });
  }

  private emitAfter(state: RoomSyncState, event: RoomEvent): void {
    this.state = state;
    this.emit(event);
  }

  private emit(event: RoomEvent): void {
    this.onEvent(event, this);
    for (const waiter of [...this.waiters]) waiter();
  }
}
