import {
  applyFullRefresh,
  type FullRefreshAnswer,
  initialRoomSyncState,
  makeHeartbeat,
  makeJoin,
  parseIncoming,
  REALTIME,
  type RoomSyncState,
  reconnectDelay,
  reduceRoomMessage,
} from '@topup/contracts/room/index';

/**
 * The room's realtime client (SPEC §4 "Realtime connection" and "Room status sync"): heartbeat after 15 s
 * without sending, forced close after 121 s without a message, reconnect 1 s after an error close (a
 * socket error, a code other than 1000, or the receive time-out) up to 8 attempts, then a network-failure
 * state; a normal close (1000) is not reconnected. Frames go through the contracts'
 * sn machine; a gap fetches the full status. Timers are the global ones, so tests drive them with fake timers.
 */

export interface SocketLike {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type ConnectionStatus =
  | { readonly kind: 'idle' }
  | { readonly kind: 'connecting' }
  | { readonly kind: 'open' }
  | { readonly kind: 'reconnecting'; readonly attempt: number; readonly delayMs: number }
  | { readonly kind: 'failed' };

export type RoomChange =
  | { readonly kind: 'increment'; readonly sn: number; readonly keys: readonly string[] }
  | { readonly kind: 'refresh'; readonly sn: number };

export interface RoomClientOptions {
  readonly url: string;
  readonly rid: string;
  readonly createSocket: (url: string) => SocketLike;
  /** The full room status (the registry's roomStatus call); undefined when it failed. */
  readonly fetchFull: (rid: string) => Promise<FullRefreshAnswer | undefined>;
  readonly onStatus?: (status: ConnectionStatus) => void;
  readonly onState?: (state: RoomSyncState, change: RoomChange) => void;
  readonly onNetworkFailure?: () => void;
  readonly onLog?: (text: string) => void;
}

/** Close code when the client gives up on a silent socket (the project's choice, application range). */
export const CLOSE_RECEIVE_TIMEOUT = 4000;
/** The WebSocket's normal closure: the only close that is not an error. */
const NORMAL_CLOSE = 1000;

export class RoomClient {
  #options: RoomClientOptions;
  #socket: SocketLike | undefined;
  #state: RoomSyncState;
  #seq = 0;
  #attempt = 0;
  #stopped = true;
  #timedOut = false;
  #refreshing = false;
  #refreshAgain = false;
  #heartbeatTimer: ReturnType<typeof setTimeout> | undefined;
  #receiveTimer: ReturnType<typeof setTimeout> | undefined;
  #reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  status: ConnectionStatus = { kind: 'idle' };

  constructor(options: RoomClientOptions) {
    this.#options = options;
    this.#state = initialRoomSyncState(options.rid);
  }

  get state(): RoomSyncState {
    return this.#state;
  }

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#attempt = 0;
    this.#connect();
  }

  stop(): void {
    this.#stopped = true;
    this.#clearTimers();
    clearTimeout(this.#reconnectTimer);
    const socket = this.#socket;
    this.#socket = undefined;
    if (socket) {
      socket.onclose = null;
      socket.close(1000, 'client stop');
    }
    this.#setStatus({ kind: 'idle' });
  }

  #setStatus(status: ConnectionStatus): void {
    this.status = status;
    this.#options.onStatus?.(status);
  }

  #connect(): void {
    this.#setStatus({ kind: 'connecting' });
    this.#timedOut = false;
    let socket: SocketLike;
    try {
      socket = this.#options.createSocket(this.#options.url);
    } catch {
      this.#onClosed();
      return;
    }
    this.#socket = socket;
    socket.onopen = () => {
      this.#attempt = 0;
      this.#setStatus({ kind: 'open' });
      this.#send(makeJoin(this.#nextSeq(), this.#options.rid));
      this.#armReceive();
      // Frames missed while away are not replayed: start from the full status.
      void this.refresh();
    };
    socket.onmessage = (event) => {
      this.#armReceive();
      if (typeof event.data === 'string') this.#onText(event.data);
    };
    let errored = false;
    socket.onerror = () => {
      errored = true;
      this.#options.onLog?.('socket error');
    };
    socket.onclose = (event) => {
      if (this.#socket !== socket) return;
      if (errored || event.code !== NORMAL_CLOSE) this.#onClosed();
      else this.#onNormalClose();
    };
  }

  #nextSeq(): number {
    this.#seq += 1;
    return this.#seq;
  }

  #send(message: unknown): void {
    this.#socket?.send(JSON.stringify(message));
    clearTimeout(this.#heartbeatTimer);
    this.#heartbeatTimer = setTimeout(
      () => this.#send(makeHeartbeat(this.#nextSeq())),
      REALTIME.heartbeatIdleMs,
    );
  }

  #armReceive(): void {
    clearTimeout(this.#receiveTimer);
    this.#receiveTimer = setTimeout(() => {
      this.#timedOut = true;
      this.#options.onLog?.('no message for 121 s: closing');
      const socket = this.#socket;
      if (socket) {
        socket.onclose = null;
        socket.close(CLOSE_RECEIVE_TIMEOUT, 'receive timeout');
      }
      this.#onClosed();
    }, REALTIME.receiveTimeoutMs);
  }

  #clearTimers(): void {
    clearTimeout(this.#heartbeatTimer);
    clearTimeout(this.#receiveTimer);
  }

  /** The server closed normally: no reconnect, the client is idle until started again. */
  #onNormalClose(): void {
    this.#clearTimers();
    this.#socket = undefined;
    this.#stopped = true;
    this.#setStatus({ kind: 'idle' });
  }

  /** An error close: reconnect after 1 s, or give up after the last attempt. */
  #onClosed(): void {
    this.#clearTimers();
    this.#socket = undefined;
    if (this.#stopped) return;
    this.#attempt += 1;
    const delay = reconnectDelay(this.#attempt);
    if (delay === null) {
      this.#stopped = true;
      this.#setStatus({ kind: 'failed' });
      this.#options.onNetworkFailure?.();
      return;
    }
    this.#setStatus({ kind: 'reconnecting', attempt: this.#attempt, delayMs: delay });
    this.#reconnectTimer = setTimeout(() => this.#connect(), delay);
  }

  /** True after the last close was forced by the receive time-out. */
  get timedOut(): boolean {
    return this.#timedOut;
  }

  #onText(text: string): void {
    const parsed = parseIncoming(text);
    if (!parsed.ok) {
      if (parsed.reason === 'result-nonzero') this.#options.onLog?.('non-zero result dropped');
      return;
    }
    const reduced = reduceRoomMessage(this.#state, parsed.message);
    if (reduced.needsRefresh) {
      void this.refresh();
      return;
    }
    if (reduced.state !== this.#state) {
      this.#state = reduced.state;
      this.#options.onState?.(this.#state, {
        kind: 'increment',
        sn: this.#state.sn,
        keys: reduced.changedKeys,
      });
    }
  }

  /**
   * Fetches the full status; replaces the table when it is newer than the local sn. A refresh asked for while
   * one is in flight (a gap seen meanwhile) runs once that one ends: its answer may predate the gap's frames.
   */
  async refresh(): Promise<void> {
    if (this.#refreshing) {
      this.#refreshAgain = true;
      return;
    }
    this.#refreshing = true;
    try {
      const answer = await this.#options.fetchFull(this.#options.rid);
      if (answer === undefined) return;
      const result = applyFullRefresh(this.#state, answer);
      if (result.replaced) {
        this.#state = result.state;
        this.#options.onState?.(this.#state, { kind: 'refresh', sn: this.#state.sn });
      }
    } finally {
      this.#refreshing = false;
    }
    if (this.#refreshAgain) {
      this.#refreshAgain = false;
      await this.refresh();
    }
  }
}

/** The websocket address on the page's own origin. */
export function roomSocketUrl(loc: Pick<Location, 'protocol' | 'host'>, path = '/ws/room'): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}${path}`;
}
