import {
  applyDirectives,
  type Directive,
  type FullRefreshAnswer,
  RoomId,
  type RoomStatusTable,
} from '@topup/contracts';
import type { MockOptions } from '../options';
import { Room, type RoomFault, type RoomPeer } from './broadcast';
import { liveTick, seedTable } from './seed';

export interface RoomSnapshot {
  readonly rid: string;
  readonly sn: number;
  readonly table: RoomStatusTable;
  readonly clients: number;
  readonly faults: ReadonlyArray<{ readonly sn: number } & RoomFault>;
  /** sn of the messages held back by a reorder fault, waiting for the next message. */
  readonly held: readonly number[];
  /** Messages waiting for a delay fault. */
  readonly delayed: number;
  readonly silentForMs: number;
  /** Room 5001 changes by itself while at least one client is connected. */
  readonly live: boolean;
  readonly ticking: boolean;
}

export type JoinResult = 'joined' | 'room-full' | 'too-many-rooms' | 'closed';
export type FaultResult = 'ok' | 'past' | 'too-many';

/** Bounds: sockets per room, rooms created on demand, pending faults per room. */
export const ROOM_LIMITS = Object.freeze({ peersPerRoom: 5000, rooms: 1000, faultsPerRoom: 100 });

/** The live room never ticks faster than this, whatever the options say. */
const MIN_TICK_MS = 5;

/** Close code sent to every socket of a room by the control API (1012: service restart; clients reconnect). */
export const CLOSE_BY_CONTROL = 1012;
/** Close code when the server shuts down. */
export const CLOSE_GOING_AWAY = 1001;

/**
 * The rooms of the room websocket (SPEC §3 status table, §4 room status sync), one per rid: which rooms
 * exist, who is connected to each, the live room's ticks and the control API's verbs. A room's frames and
 * their broadcast are in broadcast.ts. How sn moves (seeded rooms at 0, one frame per change, a refresh's
 * jump by 3) is in the README's "Rooms and sn".
 */
export class RoomHub {
  readonly #options: MockOptions;
  readonly #rooms = new Map<string, Room>();
  #closed = false;

  constructor(options: MockOptions) {
    this.#options = options;
    this.#seed();
  }

  /** Re-seeds rooms 5001 and 5002 and forgets every other room without clients; clears faults and silence. */
  reset(): void {
    for (const room of this.#rooms.values()) {
      room.clearFaults(false);
      room.silentUntil = 0;
      if (room.peers.size === 0 && seedTable(room.rid) === undefined) {
        this.#rooms.delete(room.rid);
        continue;
      }
      // The sn keeps growing across a reset, so connected clients refresh instead of ignoring a lower sn.
      room.jump(seedTable(room.rid) ?? {});
    }
  }

  /** Stops every timer and closes every socket; the hub accepts no more clients. */
  close(): void {
    this.#closed = true;
    for (const room of this.#rooms.values()) {
      room.clearFaults(false);
      this.#stopTicker(room);
      for (const peer of [...room.peers.keys()]) this.#safeClose(peer, CLOSE_GOING_AWAY, 'server closing');
      room.peers.clear();
    }
    this.#rooms.clear();
  }

  join(rid: string, peer: RoomPeer): JoinResult {
    if (this.#closed) return 'closed';
    const room = this.#room(rid);
    if (room === undefined) return 'too-many-rooms';
    if (room.peers.has(peer)) return 'joined';
    if (room.peers.size >= ROOM_LIMITS.peersPerRoom) return 'room-full';
    room.peers.set(peer, { syncedSn: Number.NEGATIVE_INFINITY });
    if (room.live && room.ticker === undefined) this.#startTicker(room);
    return 'joined';
  }

  leave(rid: string, peer: RoomPeer): void {
    const room = this.#rooms.get(rid);
    if (room === undefined || !room.peers.delete(peer)) return;
    if (room.peers.size === 0) this.#stopTicker(room);
  }

  /** One change, one broadcast. Undefined when the room cannot be created (too many rooms). */
  push(rid: string, directives: readonly Directive[]): { sn: number } | undefined {
    const room = this.#room(rid);
    if (room === undefined) return undefined;
    room.change(directives);
    return { sn: room.sn };
  }

  /**
   * Forces every client of the room to fetch the full status: the optional `directives` are applied in a
   * frame that is never sent, then the empty pair `[sn+2, sn+3]` goes out (see the class comment).
   */
  refresh(rid: string, directives: readonly Directive[] = []): { sn: number } | undefined {
    const room = this.#room(rid);
    if (room === undefined) return undefined;
    room.jump(applyDirectives(room.table, directives).table);
    return { sn: room.sn };
  }

  /** Closes every socket of the room (code 1012 unless told); returns how many. */
  closeSockets(rid: string, code = CLOSE_BY_CONTROL, reason = 'closed by the mock control API'): number {
    const room = this.#rooms.get(rid);
    if (room === undefined) return 0;
    const peers = [...room.peers.keys()];
    for (const peer of peers) {
      room.peers.delete(peer);
      this.#safeClose(peer, code, reason);
    }
    this.#stopTicker(room);
    return peers.length;
  }

  /** For `ms` the room sends nothing: no broadcast (they are lost, not queued) and no heartbeat answer. */
  silence(rid: string, ms: number): boolean {
    const room = this.#room(rid);
    if (room === undefined) return false;
    room.silentUntil = Date.now() + ms;
    return true;
  }

  isSilent(rid: string): boolean {
    const room = this.#rooms.get(rid);
    return room !== undefined && Date.now() < room.silentUntil;
  }

  /** Registers a fault on the future message of frame `sn`; refuses an sn already sent. */
  setFault(rid: string, sn: number, fault: RoomFault): FaultResult {
    const room = this.#room(rid);
    if (room === undefined) return 'too-many';
    if (sn <= room.sn) return 'past';
    if (!room.faults.has(sn) && room.faults.size >= ROOM_LIMITS.faultsPerRoom) return 'too-many';
    room.faults.set(sn, fault);
    return 'ok';
  }

  /** Forgets pending faults; messages held by a reorder or a delay go out now, in sn order. */
  clearFaults(rid: string): void {
    const room = this.#rooms.get(rid);
    if (room !== undefined) room.clearFaults(true);
  }

  /** The answer of the full refresh call; an unknown room reads as empty at sn -1 and is not created. */
  fullStatus(rid: string): FullRefreshAnswer {
    const room = this.#rooms.get(rid);
    return room === undefined
      ? { sn: -1, room_status: '{}' }
      : { sn: room.sn, room_status: JSON.stringify(room.table) };
  }

  /** The state of a room for the control API; an unknown room reads as empty and is not created. */
  snapshot(rid: string): RoomSnapshot {
    const room = this.#rooms.get(rid) ?? new Room(rid, rid === String(RoomId.live));
    return {
      rid,
      sn: room.sn,
      table: room.table,
      clients: room.peers.size,
      faults: [...room.faults].sort(([a], [b]) => a - b).map(([sn, fault]) => ({ sn, ...fault })),
      held: room.held.map((out) => out.sn),
      delayed: room.delayed.size,
      silentForMs: Math.max(0, room.silentUntil - Date.now()),
      live: room.live,
      ticking: room.ticker !== undefined,
    };
  }

  /** Ids of the rooms that exist. */
  roomIds(): string[] {
    return [...this.#rooms.keys()];
  }

  // Internals.

  #seed(): void {
    for (const rid of [String(RoomId.live), String(RoomId.quiet)]) {
      const room = this.#room(rid);
      const seed = seedTable(rid);
      if (room !== undefined && seed !== undefined) room.change([{ op: 'mset', values: seed }]);
    }
  }

  #room(rid: string): Room | undefined {
    const existing = this.#rooms.get(rid);
    if (existing !== undefined) return existing;
    if (this.#closed) return undefined;
    if (this.#rooms.size >= ROOM_LIMITS.rooms && !this.#evictIdleRoom()) return undefined;
    const room = new Room(rid, rid === String(RoomId.live));
    this.#rooms.set(rid, room);
    return room;
  }

  /**
   * Makes space for a new room by forgetting the oldest idle one: not seeded, no clients, nothing held,
   * delayed or silenced. Without this, rooms opened and left would fill the table until a reset.
   */
  #evictIdleRoom(): boolean {
    const now = Date.now();
    for (const room of this.#rooms.values()) {
      const idle =
        room.peers.size === 0 &&
        seedTable(room.rid) === undefined &&
        room.held.length === 0 &&
        room.delayed.size === 0 &&
        room.faults.size === 0 &&
        room.silentUntil <= now;
      if (!idle) continue;
      this.#stopTicker(room);
      this.#rooms.delete(room.rid);
      return true;
    }
    return false;
  }

  #startTicker(room: Room): void {
    const timer = setInterval(
      () => {
        room.ticks += 1;
        room.change(liveTick(room.ticks));
      },
      Math.max(MIN_TICK_MS, this.#options.liveRoomTickMs),
    );
    timer.unref();
    room.ticker = timer;
  }

  #stopTicker(room: Room): void {
    if (room.ticker !== undefined) clearInterval(room.ticker);
    room.ticker = undefined;
  }

  #safeClose(peer: RoomPeer, code: number, reason: string): void {
    try {
      peer.close(code, reason);
    } catch {
      // Already closed.
    }
  }
}
