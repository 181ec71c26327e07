import { describe, expect, it } from 'vitest';
import {
  FullRefreshAnswerSchema,
  HeartbeatMessageSchema,
  JoinMessageSchema,
  makeHeartbeat,
  makeJoin,
  parseIncoming,
  ROOM_STATUS_KEYS,
  RoomMessageType,
} from './protocol';

const wire = (envelope: unknown) => JSON.stringify(envelope);
const ok = (message: unknown) => wire({ result: 0, message: 'success', data: JSON.stringify(message) });
const frame = { sn: 4, command: [{ op: 'mset', values: { fans_count: 3 } }] };

describe('parseIncoming', () => {
  it.each([
    ['raw text that is not JSON', 'hello', 'not-json'],
    ['an envelope without data', wire({ result: 0, message: '' }), 'bad-envelope'],
    ['data that is not a string', wire({ result: 0, message: '', data: {} }), 'bad-envelope'],
    [
      'a non-zero result @spec:rule.realtimeResult',
      wire({ result: 1, message: 'nope', data: '{"type":2}' }),
      'result-nonzero',
    ],
    ['a negative result', wire({ result: -1, message: 'nope', data: '{}' }), 'result-nonzero'],
    [
      'data that is not JSON @spec:rule.realtimeResult',
      wire({ result: 0, message: '', data: '{oops' }),
      'data-not-json',
    ],
    ['data that is not a message', ok([1, 2]), 'bad-message'],
    [
      'a status message with a bad frame',
      ok({ type: 2, rid: '1', status: [{ sn: -1, command: [] }] }),
      'bad-message',
    ],
    [
      'a status message with an unknown op',
      ok({ type: 2, rid: '1', status: [{ sn: 0, command: [{ op: 'x' }] }] }),
      'bad-message',
    ],
    ['two frames with a gap', ok({ type: 2, rid: '1', status: [frame, { ...frame, sn: 6 }] }), 'bad-message'],
    ['three frames', ok({ type: 2, rid: '1', status: [frame, frame, frame] }), 'bad-message'],
    ['a sync-sn message without sn', ok({ type: 3, rid: '1' }), 'bad-message'],
  ])('drops %s', (_name, raw, reason) => {
    expect(parseIncoming(raw)).toEqual({ ok: false, reason });
  });

  it.each([
    [
      'a status message, numeric rid',
      { type: 2, rid: 5001, status: [frame] },
      { type: 2, rid: '5001', status: [frame] },
    ],
    ['an empty status', { type: 2, rid: '5001', status: [] }, { type: 2, rid: '5001', status: [] }],
    [
      'a pair of frames',
      { type: 2, rid: '5001', status: [frame, { sn: 5, command: [] }] },
      { type: 2, rid: '5001', status: [frame, { sn: 5, command: [] }] },
    ],
    ['a sync-sn message', { type: 3, rid: 5001, sn: 9 }, { type: 3, rid: '5001', sn: 9 }],
    [
      'another kind, kept loose',
      { type: 100, rid: 5001, text: 'مرحبا' },
      { type: 100, rid: '5001', text: 'مرحبا' },
    ],
  ])('accepts %s', (_name, message, expected) => {
    expect(parseIncoming(ok(message))).toEqual({ ok: true, message: expected });
  });
});

describe('client messages', () => {
  it.each([
    ['a join', JoinMessageSchema, makeJoin(0, '5001'), true],
    ['a join with a numeric rid', JoinMessageSchema, { msg_id: 1, seq: 0, body: { rid: 5001 } }, true],
    ['a join with msg_id 3', JoinMessageSchema, { msg_id: 3, seq: 0, body: { rid: '5001' } }, false],
    ['a heartbeat', HeartbeatMessageSchema, makeHeartbeat(7), true],
    ['a heartbeat with a body', HeartbeatMessageSchema, { msg_id: 3, seq: 7, body: { a: 1 } }, false],
    ['a heartbeat with a negative seq', HeartbeatMessageSchema, { msg_id: 3, seq: -1, body: {} }, false],
  ] as const)('%s → valid %s', (_name, schema, message, valid) => {
    expect(schema.safeParse(message).success).toBe(valid);
  });

  it('builds the heartbeat of SPEC §7', () => {
    expect(makeHeartbeat(2)).toEqual({ msg_id: 3, seq: 2, body: {} });
  });
});

describe('constants', () => {
  it('fixes the kinds SPEC §4 fixes, and no two kinds share a number', () => {
    expect(RoomMessageType.roomBroadcastIncrement).toBe(2);
    expect(RoomMessageType.roomSyncSn).toBe(3);
    const numbers = Object.values(RoomMessageType);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('lists the 22 status keys of SPEC §3 once each', () => {
    expect(ROOM_STATUS_KEYS).toHaveLength(22);
    expect(new Set(ROOM_STATUS_KEYS).size).toBe(22);
  });

  it('parses a full refresh answer', () => {
    expect(FullRefreshAnswerSchema.safeParse({ sn: 3, room_status: '{}' }).success).toBe(true);
    expect(FullRefreshAnswerSchema.safeParse({ sn: 3, room_status: {} }).success).toBe(false);
  });
});
