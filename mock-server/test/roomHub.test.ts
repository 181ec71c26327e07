import {
  applyFullRefresh,
  type Directive,
  initialRoomSyncState,
  isRoomStatusMessage,
  isSyncSnMessage,
  parseIncoming,
  ROOM_STATUS_KEYS,
  type RoomMessage,
  type RoomSyncState,
  reduceRoomMessage,
} from '@topup/contracts';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resolveOptions } from '../src/options';
import type { RoomPeer } from '../src/room/broadcast';
import { CLOSE_BY_CONTROL, ROOM_LIMITS, RoomHub } from '../src/room/hub';

const TICK = 20;

class FakePeer implements RoomPeer {
  readonly inbox: string[] = [];
  closed: { code: number; reason: string } | undefined;
  send(text: string): void {
    this.inbox.push(text);
  }
  close(code: number, reason: string): void {
    this.closed = { code, reason };
  }
}

/** A client running the contracts' sn machine; a refresh reads the hub's full status at once. */
class SyncClient {
  readonly peer = new FakePeer();
  state: RoomSyncState;
  refreshes = 0;
  readonly seen: RoomMessage[] = [];
  #read = 0;

  constructor(
    readonly hub: RoomHub,
    readonly rid: string,
  ) {
    this.state = initialRoomSyncState(rid);
    expect(hub.join(rid, this.peer)).toBe('joined');
  }

  /** Processes every message received so far. */
  drain(): this {
    while (this.#read < this.peer.inbox.length) {
      const raw = this.peer.inbox[this.#read++] ?? '';
      const parsed = parseIncoming(raw);
      if (!parsed.ok) throw new Error(`unparsable message ${raw}`);
      this.seen.push(parsed.message);
      const reduced = reduceRoomMessage(this.state, parsed.message);
      this.state = reduced.state;
      if (reduced.needsRefresh) {
        this.refreshes += 1;
        this.state = applyFullRefresh(this.state, this.hub.fullStatus(this.rid)).state;
      }
    }
    return this;
  }

  expectInStep(): void {
    this.drain();
    const server = this.hub.snapshot(this.rid);
    expect(this.state.sn).toBe(server.sn);
    expect(this.state.table).toEqual(server.table);
  }
}

const fans = (n: number): Directive[] => [{ op: 'mset', values: { fans_count: n } }];

describe('RoomHub', () => {
  let hub: RoomHub;
  beforeEach(() => {
    hub = new RoomHub(resolveOptions({ liveRoomTickMs: TICK }));
  });
  afterEach(() => {
    hub.close();
    vi.useRealTimers();
  });

  it('seeds rooms 5001 and 5002 at sn 0 with every key of SPEC §3', () => {
    for (const rid of ['5001', '5002']) {
      const room = hub.snapshot(rid);
      expect(room.sn).toBe(0);
      expect(Object.keys(room.table).sort()).toEqual([...ROOM_STATUS_KEYS].sort());
      expect(JSON.parse(hub.fullStatus(rid).room_status)).toEqual(room.table);
    }
    expect(hub.snapshot('5001').live).toBe(true);
    expect(hub.snapshot('5002').live).toBe(false);
  });

  it('reads an unknown room as empty at sn -1 without creating it', () => {
    expect(hub.fullStatus('777')).toEqual({ sn: -1, room_status: '{}' });
    expect(hub.snapshot('777')).toMatchObject({ sn: -1, table: {}, clients: 0 });
    expect(hub.roomIds()).not.toContain('777');
  });

  it("sends [frame] for a room's very first change and [prev, frame] after", () => {
    const client = new SyncClient(hub, '42');
    hub.push('42', fans(1));
    hub.push('42', fans(2));
    client.drain();
    const [first, second] = client.seen;
    expect(first && isRoomStatusMessage(first) && first.status.map((f) => f.sn)).toEqual([0]);
    expect(second && isRoomStatusMessage(second) && second.status.map((f) => f.sn)).toEqual([0, 1]);
    expect(client.refreshes).toBe(0);
    client.expectInStep();
    expect(client.state.table).toEqual({ fans_count: 2 });
  });

  it('lets a client at -1 apply the seed frame and the first change of a seeded room', () => {
    const client = new SyncClient(hub, '5002');
    hub.push('5002', [{ op: 'rpush', key: 'widgets', values: [{ id: 'gift_wall' }] }]);
    client.expectInStep();
    expect(client.refreshes).toBe(0);
    expect(client.state.table.fans_count).toBe(37);
  });

  it('makes a late joiner fetch the full status, then follow increments', () => {
    hub.push('5002', fans(40));
    hub.push('5002', fans(41));
    const client = new SyncClient(hub, '5002');
    hub.push('5002', fans(42));
    client.expectInStep();
    expect(client.refreshes).toBe(1);
    hub.push('5002', fans(43));
    client.expectInStep();
    expect(client.refreshes).toBe(1);
  });

  it('sends the sync-sn message only when the sn moved without a table change, to peers in step', () => {
    const early = new SyncClient(hub, '5002');
    hub.push('5002', fans(40));
    early.drain();
    const late = new SyncClient(hub, '5002');
    hub.push('5002', []);
    early.expectInStep();
    late.expectInStep();
    expect(early.seen.at(-1) && isSyncSnMessage(early.seen.at(-1) as RoomMessage)).toBe(true);
    // The late peer was never in step: it gets the pair, which makes it refresh instead of drifting.
    expect(late.seen.at(-1) && isRoomStatusMessage(late.seen.at(-1) as RoomMessage)).toBe(true);
    expect(late.refreshes).toBe(1);
  });

  it('drop: the next pair carries the lost frame; two lost frames need a refresh', () => {
    const client = new SyncClient(hub, '5002');
    hub.push('5002', fans(0));
    client.expectInStep();
    const at = hub.snapshot('5002').sn;
    expect(hub.setFault('5002', at + 1, { kind: 'drop' })).toBe('ok');
    hub.push('5002', fans(1));
    expect(client.drain().state.sn).toBe(at);
    hub.push('5002', fans(2));
    client.expectInStep();
    expect(client.refreshes).toBe(0);

    hub.setFault('5002', at + 3, { kind: 'drop' });
    hub.setFault('5002', at + 4, { kind: 'drop' });
    hub.push('5002', fans(3));
    hub.push('5002', fans(4));
    hub.push('5002', fans(5));
    client.expectInStep();
    expect(client.refreshes).toBe(1);
  });

  it('duplicate: the copy is ignored as stale', () => {
    const client = new SyncClient(hub, '5002');
    hub.setFault('5002', 1, { kind: 'duplicate' });
    hub.push('5002', fans(1));
    expect(client.peer.inbox).toHaveLength(2);
    expect(client.peer.inbox[0]).toBe(client.peer.inbox[1]);
    client.expectInStep();
    expect(client.refreshes).toBe(0);
  });

  it('reorder: the frame waits for the next one and goes out after it', () => {
    const client = new SyncClient(hub, '5002');
    hub.setFault('5002', 1, { kind: 'reorder' });
    hub.push('5002', fans(1));
    expect(client.peer.inbox).toHaveLength(0);
    expect(hub.snapshot('5002').held).toEqual([1]);
    hub.push('5002', fans(2));
    client.expectInStep();
    const order = client.seen.map((m) => (isRoomStatusMessage(m) ? m.status.at(-1)?.sn : undefined));
    expect(order).toEqual([2, 1]);
    expect(client.state.table.fans_count).toBe(2);
  });

  it('delay: the frame comes late and is ignored; clearing the faults sends what waits', () => {
    vi.useFakeTimers();
    const client = new SyncClient(hub, '5002');
    hub.push('5002', fans(0));
    client.expectInStep();
    hub.setFault('5002', 2, { kind: 'delay', ms: 500 });
    hub.push('5002', fans(1));
    expect(client.peer.inbox).toHaveLength(1);
    hub.push('5002', fans(2));
    client.expectInStep();
    vi.advanceTimersByTime(500);
    expect(client.peer.inbox).toHaveLength(3);
    client.expectInStep();

    hub.setFault('5002', 4, { kind: 'delay', ms: 10_000 });
    hub.setFault('5002', 5, { kind: 'reorder' });
    hub.push('5002', fans(3));
    expect(hub.snapshot('5002')).toMatchObject({ delayed: 1, faults: [{ sn: 5, kind: 'reorder' }] });
    hub.clearFaults('5002');
    expect(hub.snapshot('5002')).toMatchObject({ delayed: 0, faults: [], held: [] });
    client.expectInStep();
    expect(client.refreshes).toBe(0);
  });

  it('refuses a fault on a frame already sent', () => {
    hub.push('5002', fans(1));
    expect(hub.setFault('5002', 1, { kind: 'drop' })).toBe('past');
    expect(hub.setFault('5002', 2, { kind: 'drop' })).toBe('ok');
  });

  it('silence: nothing goes out while silent, then a refresh brings the client back', () => {
    vi.useFakeTimers();
    const client = new SyncClient(hub, '5002');
    hub.silence('5002', 1000);
    expect(hub.isSilent('5002')).toBe(true);
    hub.push('5002', fans(1));
    hub.push('5002', fans(2));
    expect(client.peer.inbox).toHaveLength(0);
    vi.advanceTimersByTime(1000);
    expect(hub.isSilent('5002')).toBe(false);
    hub.push('5002', fans(3));
    client.expectInStep();
    expect(client.refreshes).toBe(1);
  });

  it('forced refresh: a hidden change reaches every client through the full status', () => {
    const a = new SyncClient(hub, '5002');
    const b = new SyncClient(hub, '5002');
    hub.push('5002', fans(1));
    a.expectInStep();
    b.expectInStep();
    const before = hub.snapshot('5002').sn;
    hub.refresh('5002', fans(99));
    expect(hub.snapshot('5002').sn).toBe(before + 3);
    a.expectInStep();
    b.expectInStep();
    expect(a.state.table.fans_count).toBe(99);
    expect([a.refreshes, b.refreshes]).toEqual([1, 1]);
    hub.push('5002', fans(100));
    a.expectInStep();
    expect(a.refreshes).toBe(1);
  });

  it('close: every socket of the room gets 1012 and leaves', () => {
    const a = new SyncClient(hub, '5001');
    const other = new SyncClient(hub, '5002');
    expect(hub.closeSockets('5001')).toBe(1);
    expect(a.peer.closed?.code).toBe(CLOSE_BY_CONTROL);
    expect(other.peer.closed).toBeUndefined();
    expect(hub.snapshot('5001')).toMatchObject({ clients: 0, ticking: false });
  });

  it('room 5001 ticks only while a client is connected', () => {
    vi.useFakeTimers();
    vi.advanceTimersByTime(TICK * 10);
    expect(hub.snapshot('5001')).toMatchObject({ sn: 0, ticking: false });
    const client = new SyncClient(hub, '5001');
    vi.advanceTimersByTime(TICK * 12);
    expect(hub.snapshot('5001')).toMatchObject({ sn: 12, ticking: true });
    client.expectInStep();
    expect(client.refreshes).toBe(0);
    hub.leave('5001', client.peer);
    vi.advanceTimersByTime(TICK * 10);
    expect(hub.snapshot('5001')).toMatchObject({ sn: 12, ticking: false });
    // Room 5002 never changes by itself.
    new SyncClient(hub, '5002');
    vi.advanceTimersByTime(TICK * 10);
    expect(hub.snapshot('5002').sn).toBe(0);
  });

  it('reset: re-seeds with a growing sn, clears faults and silence, and connected clients follow', () => {
    const client = new SyncClient(hub, '5002');
    const seed = hub.snapshot('5002').table;
    hub.push('5002', fans(1));
    hub.push('5002', [{ op: 'hset', key: 'extra', value: { a: 1 } }]);
    hub.setFault('5002', 10, { kind: 'drop' });
    hub.silence('5002', 60_000);
    hub.push('9', fans(1));
    hub.reset();
    const room = hub.snapshot('5002');
    expect(room).toMatchObject({ sn: 5, faults: [], silentForMs: 0, table: seed });
    expect(hub.roomIds().sort()).toEqual(['5001', '5002']);
    client.expectInStep();
    expect(client.state.table).toEqual(seed);
  });

  it('close: stops the ticker, closes every peer and accepts nobody after', () => {
    vi.useFakeTimers();
    const client = new SyncClient(hub, '5001');
    hub.close();
    expect(client.peer.closed?.code).toBe(1001);
    expect(vi.getTimerCount()).toBe(0);
    expect(hub.join('5001', new FakePeer())).toBe('closed');
  });

  it('bounds the sockets of a room and the rooms made on demand', () => {
    for (let i = 0; i < ROOM_LIMITS.peersPerRoom; i++) hub.join('5002', new FakePeer());
    expect(hub.join('5002', new FakePeer())).toBe('room-full');
    // Rooms held by a client are never forgotten: with every one held, a new room is refused.
    const peers = new Map<string, FakePeer>();
    for (let rid = 1; hub.roomIds().length < ROOM_LIMITS.rooms; rid++) {
      const peer = new FakePeer();
      peers.set(String(rid), peer);
      hub.join(String(rid), peer);
    }
    expect(hub.join('123456789', new FakePeer())).toBe('too-many-rooms');
    expect(hub.push('123456789', [])).toBeUndefined();
    // Once one is left, its place goes to the new room.
    const [leftRid, leftPeer] = [...peers][0] ?? ['', new FakePeer()];
    hub.leave(leftRid, leftPeer);
    expect(hub.join('123456789', new FakePeer())).toBe('joined');
    expect(hub.roomIds()).not.toContain(leftRid);
  });

  it('forgets rooms opened and left, so a new room is never refused once they are idle (issue 12)', () => {
    for (let rid = 1; rid <= ROOM_LIMITS.rooms + 50; rid++) {
      const peer = new FakePeer();
      expect(hub.join(String(rid), peer), `room ${rid}`).toBe('joined');
      hub.leave(String(rid), peer);
    }
    expect(hub.roomIds().length).toBeLessThanOrEqual(ROOM_LIMITS.rooms);
    // The seeded rooms are never forgotten.
    expect(hub.roomIds()).toEqual(expect.arrayContaining(['5001', '5002']));
    expect(hub.join('987654321', new FakePeer())).toBe('joined');
  });

  it('keeps any client in step through any mix of changes and faults (property)', () => {
    vi.useFakeTimers();
    const directive = fc.constantFrom<Directive[]>(
      fans(7),
      [],
      [{ op: 'lpush', key: 'face_list', values: [{ id: 9 }, { id: 10 }] }],
      [{ op: 'lpop', key: 'face_list', count: 1 }],
      [{ op: 'hmerge', key: 'pk_status', fields: { red_score: 1 } }],
    );
    const step = fc.oneof(
      fc.record({ push: directive }),
      fc.record({ fault: fc.constantFrom('drop', 'duplicate', 'reorder', 'delay'), ahead: fc.nat(3) }),
      fc.record({ refresh: fc.boolean() }),
      fc.record({ silence: fc.integer({ min: 1, max: 50 }) }),
      fc.record({ wait: fc.integer({ min: 1, max: 100 }) }),
      fc.record({ join: fc.constant(true) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const local = new RoomHub(resolveOptions({ liveRoomTickMs: TICK }));
        const clients = [new SyncClient(local, '5002')];
        for (const s of steps) {
          if ('push' in s) local.push('5002', s.push);
          else if ('fault' in s) {
            const sn = local.snapshot('5002').sn + 1 + s.ahead;
            local.setFault('5002', sn, s.fault === 'delay' ? { kind: 'delay', ms: 30 } : { kind: s.fault });
          } else if ('refresh' in s) local.refresh('5002', s.refresh ? fans(1) : []);
          else if ('silence' in s) local.silence('5002', s.silence);
          else if ('wait' in s) vi.advanceTimersByTime(s.wait);
          else clients.push(new SyncClient(local, '5002'));
          for (const c of clients) c.drain();
        }
        // Whatever happened, once faults are over and one more change goes out, every client is in step.
        local.clearFaults('5002');
        vi.advanceTimersByTime(100);
        local.push('5002', fans(1000));
        for (const c of clients) c.expectInStep();
        local.close();
      }),
      { numRuns: 200 },
    );
  });
});
