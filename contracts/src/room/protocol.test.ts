import { describe, expect, it } from 'vitest';
import {
  ClientEnvelopeSchema,
  ClientMsgId,
  FullRefreshAnswerSchema,
  HeartbeatMessageSchema,
  isJoinMessage,
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
  const join = (body: unknown, rest: object = {}) => ({ msg_id: 3, seq: 1, body, ...rest });

  // SPEC §7: every client frame is msg_id 3; the body alone tells a join from a heartbeat.
  it.each([
    ['makeJoin', makeJoin(1, '5001'), { kind: 'join', rid: '5001' }],
    ['a join with a numeric rid', join({ rid: 5001 }), { kind: 'join', rid: '5001' }],
    ['a join with seq 0', join({ rid: '5001' }, { seq: 0 }), { kind: 'join', rid: '5001' }],
    ['makeHeartbeat', makeHeartbeat(7), { kind: 'heartbeat' }],
    ['a heartbeat', join({}), { kind: 'heartbeat' }],
    ['a join with msg_id 1', join({ rid: '5001' }, { msg_id: 1 }), undefined],
    ['a heartbeat with msg_id 1', join({}, { msg_id: 1 }), undefined],
    ['a join with msg_id "3"', join({ rid: '5001' }, { msg_id: '3' }), undefined],
    ['a join with an empty rid', join({ rid: '' }), undefined],
    ['a join with a fractional rid', join({ rid: 1.5 }), undefined],
    ['a join with a null rid', join({ rid: null }), undefined],
    ['a body with other keys only', join({ text: 'chat' }), undefined],
    ['a body that is not an object', join('5001'), undefined],
    ['a null body', join(null), undefined],
    ['no body', { msg_id: 3, seq: 1 }, undefined],
    ['a negative seq', join({}, { seq: -1 }), undefined],
    ['a fractional seq', join({ rid: '5001' }, { seq: 1.5 }), undefined],
    ['no seq', { msg_id: 3, body: {} }, undefined],
  ] as const)('%s → %j', (_name, message, expected) => {
    const parsed = ClientEnvelopeSchema.safeParse(message);
    if (expected === undefined) {
      expect(parsed.success).toBe(false);
      return;
    }
    expect(parsed.success).toBe(true);
    if (!parsed.success) return;
    expect(parsed.data.msg_id).toBe(3);
    expect(
      isJoinMessage(parsed.data) ? { kind: 'join', rid: parsed.data.body.rid } : { kind: 'heartbeat' },
    ).toEqual(expected);
  });

  it.each([
    ['a join', JoinMessageSchema, makeJoin(0, '5001'), true],
    ['a join with msg_id 1', JoinMessageSchema, { msg_id: 1, seq: 0, body: { rid: '5001' } }, false],
    ['a heartbeat', HeartbeatMessageSchema, makeHeartbeat(7), true],
    ['a heartbeat with a body', HeartbeatMessageSchema, { msg_id: 3, seq: 7, body: { a: 1 } }, false],
    ['a heartbeat with msg_id 1', HeartbeatMessageSchema, { msg_id: 1, seq: 7, body: {} }, false],
  ] as const)('%s → valid %s', (_name, schema, message, valid) => {
    expect(schema.safeParse(message).success).toBe(valid);
  });

  it('builds the join and the heartbeat of SPEC §7, both msg_id 3', () => {
    expect(makeJoin(1, '5001')).toEqual({ msg_id: 3, seq: 1, body: { rid: '5001' } });
    expect(makeHeartbeat(2)).toEqual({ msg_id: 3, seq: 2, body: {} });
    expect(ClientMsgId).toEqual({ message: 3 });
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
