import { type Directive, RoomId, type RoomStatusKey, type RoomStatusTable } from '@topup/contracts';

/**
 * The seeded status tables of TESTDATA "Rooms": every key of SPEC §3 with a plausible value. Room 5001 is in
 * the middle of a PK battle; room 5002 is a quiet chat room. Any other room starts empty (see hub.ts).
 */
export function seedTable(rid: string): RoomStatusTable | undefined {
  if (rid === String(RoomId.live)) return liveSeed();
  if (rid === String(RoomId.quiet)) return quietSeed();
  return undefined;
}

function base(): Record<RoomStatusKey, unknown> {
  return {
    pk_select_punishment: {},
    punishment_list: [],
    pk_current_punishment: {},
    pk_prop_list: [],
    pk_prop_entry: { show: false },
    pk_prop_used: [],
    pk_status: { state: 0 },
    pk_current_effect: {},
    pk_perspective_list: [],
    pk_smoke_top_list: [],
    pk_can_smoke_list: [],
    face_list: [],
    pk_current_face: {},
    fans_tasks: [],
    fans_tasks_start: { started: false },
    fans_count: 0,
    pk_random_match_switcher: { on: false },
    pk_rank: {},
    calling_room: {},
    widgets: [],
    scratch_ticket: { enabled: false },
    room_mics_new: [],
  };
}

function mic(index: number, uid: number | null): Record<string, unknown> {
  return { index, uid, muted: uid === null, locked: false };
}

function liveSeed(): RoomStatusTable {
  return {
    ...base(),
    pk_select_punishment: { id: 2, name: 'sing_a_song' },
    punishment_list: [
      { id: 1, name: 'dance' },
      { id: 2, name: 'sing_a_song' },
      { id: 3, name: 'funny_face' },
    ],
    pk_prop_list: [
      { id: 11, name: 'shield', price: 100 },
      { id: 12, name: 'double_score', price: 300 },
    ],
    pk_prop_entry: { show: true },
    pk_status: { state: 1, pk_id: 90001, red_score: 1200, blue_score: 950, remain_seconds: 240 },
    pk_perspective_list: [{ rid: 5001 }, { rid: 5003 }],
    pk_smoke_top_list: [
      { uid: 1101, score: 500 },
      { uid: 1102, score: 320 },
    ],
    pk_can_smoke_list: [1101, 1102, 1103],
    face_list: [{ id: 1 }, { id: 2 }, { id: 3 }],
    pk_current_face: { id: 2 },
    fans_tasks: [
      { id: 1, name: 'send_gift', done: 3, target: 10 },
      { id: 2, name: 'stay_10_min', done: 1, target: 1 },
    ],
    fans_tasks_start: { started: true, at: 1_763_700_000 },
    fans_count: 1284,
    pk_random_match_switcher: { on: true },
    pk_rank: { rank: 17, score: 88_200 },
    widgets: [{ id: 'lucky_box', visible: true }],
    scratch_ticket: { enabled: true, left: 2 },
    room_mics_new: [mic(0, 1008), mic(1, 1101), mic(2, null), mic(3, null)],
  };
}

function quietSeed(): RoomStatusTable {
  return {
    ...base(),
    fans_count: 37,
    widgets: [{ id: 'lucky_box', visible: false }],
    room_mics_new: [mic(0, null), mic(1, null), mic(2, null), mic(3, null)],
  };
}

/**
 * The change of live room 5001 at tick `n`: a rotation through plausible PK and room updates that uses
 * most directive kinds, so a client meets each of them within a few seconds.
 */
export function liveTick(n: number): Directive[] {
  switch (n % 6) {
    case 0:
      return [{ op: 'mset', values: { fans_count: 1284 + n } }];
    case 1:
      return [
        {
          op: 'hmerge',
          key: 'pk_status',
          fields: { red_score: 1200 + 7 * n, blue_score: 950 + 5 * n, remain_seconds: Math.max(0, 240 - n) },
        },
      ];
    case 2:
      return [
        { op: 'lpush', key: 'pk_smoke_top_list', values: [{ uid: 1100 + (n % 50), score: 10 * n }] },
        // Keeps the list short: the oldest entries fall off the end.
        { op: 'lremrange', key: 'pk_smoke_top_list', index: 5, count: 100 },
      ];
    case 3:
      return [
        { op: 'lsetidx', key: 'room_mics_new', items: [{ index: 2, value: mic(2, n % 2 ? 1103 : null) }] },
      ];
    case 4:
      return [
        { op: 'rpush', key: 'face_list', values: [{ id: 4 + (n % 10) }] },
        { op: 'lpop', key: 'face_list', count: 1 },
        { op: 'hset', key: 'pk_current_face', value: { id: 4 + (n % 10) } },
      ];
    default:
      return [
        {
          op: 'linsert',
          key: 'pk_prop_used',
          index: 0,
          values: [{ uid: 1101, prop: n % 2 ? 'shield' : 'double_score' }],
        },
        // At most three recent props are kept.
        { op: 'lremrange', key: 'pk_prop_used', index: 3, count: 100 },
        { op: 'lset', key: 'pk_can_smoke_list', list: [1101, 1102, 1103 + (n % 4)] },
      ];
  }
}
