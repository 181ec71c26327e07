import {
  applyDirectives,
  type Directive,
  type Frame,
  makeIncrement,
  RoomMessageType,
  type RoomStatusMessage,
  type RoomStatusTable,
  type ServerEnvelope,
  type SyncSnMessage,
} from '@topup/contracts';

/**
 * One room's state and its broadcast: each change is a frame sent once to every peer (the sync-sn message to
 * peers in step), with the control API's faults applied to the outgoing message (drop, duplicate, reorder,
 * delay) and silence. The hub decides which rooms exist and who is in them.
 */

/** A connected client as the hub sees it; socket.ts adapts a websocket, the unit tests a plain object. */
export interface RoomPeer {
  /**
   * Sends one text frame: `text` is the JSON of a server envelope, `utf8` the same text encoded once for every
   * peer of a broadcast (a socket sends the bytes; a test peer may keep the text).
   */
  send(text: string, utf8: Buffer): void;
  close(code: number, reason: string): void;
}

/** The faults the control API can put on a room's outgoing message (POST /__mock/rooms/:rid/faults). */
export const ROOM_FAULT_KINDS = ['drop', 'duplicate', 'reorder', 'delay'] as const;

/** A fault on the outgoing message whose newest frame has a given sn (control API). One-shot. */
export type RoomFault =
  | { readonly kind: 'drop' }
  | { readonly kind: 'duplicate' }
  /** Held back and sent right after the next message of the room (the two swap places). */
  | { readonly kind: 'reorder' }
  | { readonly kind: 'delay'; readonly ms: number };

interface PeerState {
  /**
   * The highest sn this peer is known to be in step with: every message from its first type-2 up to this sn
   * went out to it. Only a peer in step with sn N-1 may receive the sync-sn message (type 3) of frame N; any
   * other peer gets the type-2 pair instead, which is always safe.
   */
  syncedSn: number;
}

interface Text {
  readonly text: string;
  readonly utf8: Buffer;
}

interface Outgoing {
  readonly sn: number;
  /** The type-2 message: `[frame]` for a room's first change, else `[prev, frame]`. */
  readonly increment: Text;
  /** The type-3 message, when the frame moved the sn without changing the table. */
  readonly syncOnly: Text | undefined;
}

/** A room: its table and sn, its peers, and the messages its faults hold back or delay. */
export class Room {
  table: RoomStatusTable = {};
  /** -1 before any change (the SPEC §4 client start), else the sn of the last frame. */
  sn = -1;
  last: Frame | undefined;
  readonly peers = new Map<RoomPeer, PeerState>();
  readonly faults = new Map<number, RoomFault>();
  held: Outgoing[] = [];
  /** Messages waiting for a delay fault, by their timer. */
  readonly delayed = new Map<NodeJS.Timeout, Outgoing>();
  silentUntil = 0;
  ticker: NodeJS.Timeout | undefined;
  ticks = 0;

  constructor(
    readonly rid: string,
    readonly live: boolean,
  ) {}

  /** One change: a frame applied to the table and sent once (a type-3 message when no key changed). */
  change(directives: readonly Directive[]): void {
    const applied = applyDirectives(this.table, directives);
    const frame: Frame = { sn: this.sn + 1, command: [...directives] };
    const status = makeIncrement(this.last, frame);
    this.table = applied.table;
    this.sn = frame.sn;
    this.last = frame;
    const syncOnly =
      applied.changedKeys.length === 0
        ? envelope({ type: RoomMessageType.roomSyncSn, rid: this.rid, sn: frame.sn })
        : undefined;
    const increment = envelope({ type: RoomMessageType.roomBroadcastIncrement, rid: this.rid, status });
    this.#emit({ sn: frame.sn, increment, syncOnly });
  }

  /** A hidden frame that sets the table, then an empty pair no client can join up with. */
  jump(table: RoomStatusTable): void {
    const base = this.sn;
    this.table = table;
    const prev: Frame = { sn: base + 2, command: [] };
    const frame: Frame = { sn: base + 3, command: [] };
    this.sn = frame.sn;
    this.last = frame;
    const increment = envelope({
      type: RoomMessageType.roomBroadcastIncrement,
      rid: this.rid,
      status: makeIncrement(prev, frame),
    });
    this.#emit({ sn: frame.sn, increment, syncOnly: undefined });
  }

  /** Applies the fault registered for this message, if any, then sends what is due. */
  #emit(out: Outgoing): void {
    const fault = this.faults.get(out.sn);
    // Faults for frames that never went out on their own (the hidden frames of a jump) are forgotten.
    for (const sn of this.faults.keys()) if (sn <= out.sn) this.faults.delete(sn);
    if (fault?.kind === 'reorder') {
      this.held.push(out);
      return;
    }
    if (fault?.kind === 'delay') {
      const timer = setTimeout(() => {
        this.delayed.delete(timer);
        this.#deliver(out);
      }, fault.ms);
      timer.unref();
      this.delayed.set(timer, out);
    } else if (fault?.kind !== 'drop') {
      this.#deliver(out);
      if (fault?.kind === 'duplicate') this.#deliver(out);
    }
    this.#releaseHeld();
  }

  #releaseHeld(): void {
    const held = this.held;
    this.held = [];
    for (const out of held) this.#deliver(out);
  }

  #deliver(out: Outgoing): void {
    if (this.peers.size === 0 || Date.now() < this.silentUntil) return;
    for (const [peer, state] of this.peers) {
      const inStep = out.syncOnly !== undefined && state.syncedSn === out.sn - 1;
      try {
        const message = inStep && out.syncOnly !== undefined ? out.syncOnly : out.increment;
        peer.send(message.text, message.utf8);
      } catch {
        // A socket that fails to send is closing; its close handler removes it.
        continue;
      }
      // After a type-2 message of frame N a client following SPEC §4 is at N or later (applied, refreshed or
      // already past it); the type-3 message went only to a peer at N-1, which is now at N.
      state.syncedSn = Math.max(state.syncedSn, out.sn);
    }
  }

  /** Forgets pending faults; with `release`, messages held by a reorder or a delay go out now, in sn order. */
  clearFaults(release: boolean): void {
    this.faults.clear();
    const waiting = [...this.held, ...this.delayed.values()].sort((a, b) => a.sn - b.sn);
    for (const timer of this.delayed.keys()) clearTimeout(timer);
    this.delayed.clear();
    this.held = [];
    if (release) for (const out of waiting) this.#deliver(out);
  }
}

function envelope(message: RoomStatusMessage | SyncSnMessage): Text {
  const outer: ServerEnvelope = { result: 0, message: '', data: JSON.stringify(message) };
  const text = JSON.stringify(outer);
  return { text, utf8: Buffer.from(text, 'utf8') };
}
