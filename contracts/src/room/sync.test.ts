import { describe, expect, it } from 'vitest';
import type { Frame, RoomMessage, RoomStatusFrames } from './protocol';
import {
  applyFullRefresh,
  decideIncrement,
  type IncrementDecision,
  MAX_SN_JUMP,
  makeIncrement,
  type RoomSyncState,
  reduceRoomMessage,
} from './sync';

/** A frame whose command sets key `k<sn>` to its sn, so applied frames are visible in the table. */
const f = (sn: number): Frame => ({ sn, command: [{ op: 'mset', values: { [`k${sn}`]: sn } }] });

describe('decideIncrement', () => {
  it.each<[string, number, RoomStatusFrames, IncrementDecision]>([
    ['no frames @spec:room.noFrames', 3, [], { kind: 'ignore', reason: 'no-frames' }],
    ['one frame older than local @spec:room.stale', 5, [f(4)], { kind: 'ignore', reason: 'stale' }],
    ['one frame equal to local @spec:room.stale', 5, [f(5)], { kind: 'ignore', reason: 'stale' }],
    ['one frame newer than local @spec:room.applyOne', 5, [f(6)], { kind: 'apply', frames: [f(6)], sn: 6 }],
    // SPEC §4: one frame applies when its sn exceeds the local sn, even past a gap (no refresh for one frame).
    ['one frame three past local @spec:room.applyOne', 5, [f(8)], { kind: 'apply', frames: [f(8)], sn: 8 }],
    [
      'one frame to a fresh client @spec:room.applyOne',
      -1,
      [f(40)],
      { kind: 'apply', frames: [f(40)], sn: 40 },
    ],
    ['the first frame of a room', -1, [f(0)], { kind: 'apply', frames: [f(0)], sn: 0 }],
    // A lying frame far ahead, adopted, would make every true frame stale: it is a gap, the status fetched.
    [
      'one frame MAX_SN_JUMP past local',
      5,
      [f(5 + MAX_SN_JUMP)],
      { kind: 'apply', frames: [f(5 + MAX_SN_JUMP)], sn: 5 + MAX_SN_JUMP },
    ],
    ['one frame further past local', 5, [f(6 + MAX_SN_JUMP)], { kind: 'refresh' }],
    ['one frame at Number.MAX_SAFE_INTEGER', 5, [f(Number.MAX_SAFE_INTEGER)], { kind: 'refresh' }],
    ['one frame far ahead, to a fresh client', -1, [f(1_000_000)], { kind: 'refresh' }],
    [
      'two frames, local past the second @spec:room.stale',
      7,
      [f(5), f(6)],
      { kind: 'ignore', reason: 'stale' },
    ],
    [
      'two frames, local at the second @spec:room.stale',
      6,
      [f(5), f(6)],
      { kind: 'ignore', reason: 'stale' },
    ],
    [
      'two frames, local equal to the first @spec:room.applyTwo',
      5,
      [f(5), f(6)],
      { kind: 'apply', frames: [f(6)], sn: 6 },
    ],
    [
      'two frames, local one less than the first @spec:room.applyTwo',
      4,
      [f(5), f(6)],
      { kind: 'apply', frames: [f(5), f(6)], sn: 6 },
    ],
    ['two frames, a gap of one @spec:room.refresh', 3, [f(5), f(6)], { kind: 'refresh' }],
    ['two frames, a fresh client', -1, [f(5), f(6)], { kind: 'refresh' }],
  ])('%s', (_name, localSn, frames, expected) => {
    expect(decideIncrement(localSn, frames)).toEqual(expected);
  });
});

const RID = '5001';
const state = (sn: number, table: Record<string, unknown> = {}): RoomSyncState => ({ rid: RID, sn, table });
const status = (frames: RoomStatusFrames, rid = RID): RoomMessage => ({ type: 2, rid, status: frames });

describe('reduceRoomMessage', () => {
  it.each<[string, RoomSyncState, RoomMessage, RoomSyncState, string[], boolean]>([
    ['type 2, no frames', state(3), status([]), state(3), [], false],
    ['type 2, one older frame', state(5, { a: 1 }), status([f(4)]), state(5, { a: 1 }), [], false],
    ['type 2, one equal frame', state(5, { a: 1 }), status([f(5)]), state(5, { a: 1 }), [], false],
    ['type 2, one newer frame', state(-1), status([f(0)]), state(0, { k0: 0 }), ['k0'], false],
    ['type 2, two frames, local past the second', state(9), status([f(5), f(6)]), state(9), [], false],
    ['type 2, two frames, local at the second', state(6), status([f(5), f(6)]), state(6), [], false],
    [
      'type 2, two frames, local equal to the first',
      state(5),
      status([f(5), f(6)]),
      state(6, { k6: 6 }),
      ['k6'],
      false,
    ],
    [
      'type 2, two frames, local one less than the first',
      state(4, { a: 1 }),
      status([f(5), f(6)]),
      state(6, { a: 1, k5: 5, k6: 6 }),
      ['k5', 'k6'],
      false,
    ],
    [
      'type 2, two frames, a gap @spec:room.refresh',
      state(2, { a: 1 }),
      status([f(5), f(6)]),
      state(2, { a: 1 }),
      [],
      true,
    ],
    ['type 2, another room', state(4), status([f(5), f(6)], '5002'), state(4), [], false],
    [
      'type 3 raises sn @spec:room.syncSn',
      state(4, { a: 1 }),
      { type: 3, rid: RID, sn: 9 },
      state(9, { a: 1 }),
      [],
      false,
    ],
    ['type 3 never lowers sn @spec:room.syncSn', state(9), { type: 3, rid: RID, sn: 4 }, state(9), [], false],
    [
      'type 3 up to MAX_SN_JUMP ahead raises sn',
      state(4),
      { type: 3, rid: RID, sn: 4 + MAX_SN_JUMP },
      state(4 + MAX_SN_JUMP),
      [],
      false,
    ],
    [
      'type 3 further ahead is a gap: sn kept, the status fetched',
      state(4, { a: 1 }),
      { type: 3, rid: RID, sn: Number.MAX_SAFE_INTEGER },
      state(4, { a: 1 }),
      [],
      true,
    ],
    [
      'type 2, one frame at Number.MAX_SAFE_INTEGER: a gap',
      state(4, { a: 1 }),
      status([f(Number.MAX_SAFE_INTEGER)]),
      state(4, { a: 1 }),
      [],
      true,
    ],
    ['type 3 at the same sn', state(9), { type: 3, rid: RID, sn: 9 }, state(9), [], false],
    ['type 3, another room', state(4), { type: 3, rid: '5002', sn: 9 }, state(4), [], false],
    ['another kind', state(4), { type: 100, rid: RID, text: 'hi' }, state(4), [], false],
    ['a full broadcast kind', state(4), { type: 1, rid: RID }, state(4), [], false],
  ])('%s', (_name, before, message, after, changedKeys, needsRefresh) => {
    const result = reduceRoomMessage(before, message);
    expect(result).toEqual({ state: after, changedKeys, needsRefresh });
    // Callers compare by identity to skip re-rendering.
    if (changedKeys.length === 0 && after.sn === before.sn) expect(result.state).toBe(before);
  });

  it('applies a pair of frames touching the same key once in changedKeys', () => {
    const pair: RoomStatusFrames = [
      { sn: 1, command: [{ op: 'rpush', key: 'l', values: [1] }] },
      { sn: 2, command: [{ op: 'rpush', key: 'l', values: [2] }] },
    ];
    const result = reduceRoomMessage(state(0), status(pair));
    expect(result.state).toEqual(state(2, { l: [1, 2] }));
    expect(result.changedKeys).toEqual(['l']);
  });
});

describe('applyFullRefresh', () => {
  const table = { fans_count: 12, widgets: [{ id: 1 }] };
  it.each([
    ['an older answer', state(5), { sn: 4, room_status: JSON.stringify(table) }, state(5), 'stale'],
    ['an equal answer', state(5), { sn: 5, room_status: JSON.stringify(table) }, state(5), 'stale'],
    [
      'a newer answer @spec:room.refresh',
      state(5, { a: 1 }),
      { sn: 6, room_status: JSON.stringify(table) },
      state(6, table),
      null,
    ],
    ['a first answer', state(-1), { sn: 0, room_status: '{}' }, state(0), null],
    ['malformed JSON', state(5), { sn: 6, room_status: '{oops' }, state(5), 'malformed'],
    ['a list for a table', state(5), { sn: 6, room_status: '[1]' }, state(5), 'malformed'],
    ['null for a table', state(5), { sn: 6, room_status: 'null' }, state(5), 'malformed'],
  ])('%s', (_name, before, answer, after, reason) => {
    const result = applyFullRefresh(before, answer);
    expect(result.state).toEqual(after);
    expect(result.replaced).toBe(reason === null);
    if (!result.replaced) {
      expect(result.reason).toBe(reason);
      expect(result.state).toBe(before);
    }
  });
});

describe('makeIncrement', () => {
  it.each<[string, Frame | undefined, Frame, RoomStatusFrames]>([
    ['the first change of a room goes alone', undefined, f(0), [f(0)]],
    ['later changes go with the previous frame', f(3), f(4), [f(3), f(4)]],
  ])('%s', (_name, prev, frame, expected) => {
    expect(makeIncrement(prev, frame)).toEqual(expected);
  });

  it('refuses frames that do not follow each other', () => {
    expect(() => makeIncrement(f(3), f(5))).toThrow(RangeError);
  });
});
