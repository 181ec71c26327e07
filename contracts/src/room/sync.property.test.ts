import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyDirectives, type Directive } from './directives';
import {
  type Frame,
  FullRefreshAnswerSchema,
  parseIncoming,
  ROOM_STATUS_KEYS,
  type RoomStatusFrames,
  type RoomStatusTable,
} from './protocol';
import {
  applyFullRefresh,
  initialRoomSyncState,
  makeIncrement,
  type RoomSyncState,
  reduceRoomMessage,
} from './sync';

// JSON-safe values only (no -0, no undefined): the wire is JSON, and the client's table must deep-equal the server's.
const scalar = fc.oneof(
  fc.integer({ min: -5, max: 50 }),
  fc.constantFrom('a', 'b', 'مرحبا'),
  fc.boolean(),
  fc.constant(null),
);
const field = fc.constantFrom('x', 'y', 'z');
const value = fc.oneof(
  scalar,
  fc.array(scalar, { maxLength: 3 }),
  fc.dictionary(field, scalar, { maxKeys: 3 }),
);
const hash = fc.dictionary(field, value, { maxKeys: 3 });
const list = fc.array(value, { maxLength: 3 });
const key = fc.constantFrom(...ROOM_STATUS_KEYS);
const index = fc.nat(6);
const count = fc.integer({ min: 1, max: 4 });

const directive: fc.Arbitrary<Directive> = fc.oneof(
  fc.record({ op: fc.constant('mset'), values: fc.dictionary(key, value, { minKeys: 1, maxKeys: 3 }) }),
  fc.record({ op: fc.constant('hset'), key, value: hash }),
  fc.record({ op: fc.constant('hmerge'), key, fields: hash }),
  fc.record({ op: fc.constant('lset'), key, list }),
  fc.record({ op: fc.constant('lpush'), key, values: list }),
  fc.record({ op: fc.constant('rpush'), key, values: list }),
  fc.record({ op: fc.constant('lpop'), key, count }),
  fc.record({ op: fc.constant('rpop'), key, count }),
  fc.record({ op: fc.constant('linsert'), key, index, values: list }),
  fc.record({ op: fc.constant('lremrange'), key, index, count }),
  fc.record({
    op: fc.constant('lsetidx'),
    key,
    items: fc.array(fc.record({ index, value }), { maxLength: 3 }),
  }),
);

/** How the network and the refresh call behave around one delivered message. */
interface Step {
  message: number;
  lag: number;
  otherRoom: boolean;
  answerNow: boolean;
}
const stepFlags: fc.Arbitrary<Omit<Step, 'message'>> = fc.record({
  /** Picks the server moment that answers a refresh triggered here: the trigger's sn up to the latest. */
  lag: fc.nat(),
  /** The same broadcast for another room, which the client must ignore. */
  otherRoom: fc.boolean(),
  /** Whether refresh answers queued so far arrive now or stay in flight behind later messages. */
  answerNow: fc.boolean(),
});

/** Any sequence of message indexes: drops, duplicates and reordering all at once. */
const anyOrder = (n: number): fc.Arbitrary<Step[]> =>
  fc.array(
    fc.tuple(fc.nat(n - 1), stepFlags).map(([message, flags]) => ({ ...flags, message })),
    { maxLength: 3 * n },
  );

/** The broadcast order with each message dropped, sent once or twice, then a few messages overtaking up to
 * four others: long in-order runs reach the apply branches, which random orders rarely do. */
const nearlyInOrder = (n: number): fc.Arbitrary<Step[]> =>
  fc
    .tuple(
      fc.array(fc.array(stepFlags, { maxLength: 2 }), { minLength: n, maxLength: n }),
      fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 4 })), { maxLength: n }),
    )
    .map(([copies, moves]) => {
      const steps = copies.flatMap((flags, message) => flags.map((f) => ({ ...f, message })));
      for (const [from, distance] of moves) {
        if (steps.length < 2) break;
        const i = from % steps.length;
        const [step] = steps.splice(i, 1);
        if (step) steps.splice(Math.max(0, i - distance), 0, step);
      }
      return steps;
    });

const scenario = fc.integer({ min: 1, max: 25 }).chain((n) =>
  fc.record({
    changes: fc.array(fc.array(directive, { minLength: 1, maxLength: 3 }), { minLength: n, maxLength: n }),
    deliveries: fc.oneof(anyOrder(n), nearlyInOrder(n)),
    finalLag: fc.nat(),
    numericRid: fc.boolean(),
  }),
);

const RID = '5001';

function broadcast(rid: string | number, status: RoomStatusFrames): string {
  return JSON.stringify({ result: 0, message: 'success', data: JSON.stringify({ type: 2, rid, status }) });
}

/** The mock's behaviour: each change is one frame, sn from 0, broadcast as makeIncrement builds it. */
function simulateServer(changes: Directive[][], numericRid: boolean) {
  const tables: RoomStatusTable[] = [];
  const messages: string[] = [];
  const otherRoomMessages: string[] = [];
  let table: RoomStatusTable = {};
  let prev: Frame | undefined;
  for (const [sn, command] of changes.entries()) {
    const frame: Frame = { sn, command };
    table = applyDirectives(table, command).table;
    tables.push(table);
    const status = makeIncrement(prev, frame);
    messages.push(broadcast(numericRid ? Number(RID) : RID, status));
    otherRoomMessages.push(broadcast('5002', status));
    prev = frame;
  }
  return { tables, messages, otherRoomMessages };
}

function at<T>(items: readonly T[], i: number): T {
  const item = items[i];
  if (item === undefined) throw new Error(`no item ${i}`);
  return item;
}

// Why it converges: every transition keeps "client table = server table at client sn" (a pair is applied only
// onto its first frame or the one before it; a refresh only moves forward), and the last broadcast either
// applies onto that or triggers a refresh answered at the latest sn. Sync-sn messages (type 3) are left out:
// raising sn without frames keeps that invariant only if the server's table did not change in between.
describe('room sync over a faulty network', () => {
  it('converges to the server table and sn whatever is dropped, duplicated or reordered', () => {
    fc.assert(
      fc.property(scenario, ({ changes, deliveries, finalLag, numericRid }) => {
        const n = changes.length;
        const server = simulateServer(changes, numericRid);
        let state = initialRoomSyncState(RID);
        let inFlight: string[] = [];
        // sn never goes back, so listeners never see an older table after a newer one.
        const advance = (next: RoomSyncState) => {
          expect(next.sn).toBeGreaterThanOrEqual(state.sn);
          state = next;
        };
        const answerRefreshes = () => {
          for (const raw of inFlight)
            advance(applyFullRefresh(state, FullRefreshAnswerSchema.parse(JSON.parse(raw))).state);
          inFlight = [];
        };
        const steps = [...deliveries, { message: n - 1, lag: finalLag, otherRoom: false, answerNow: true }];
        for (const step of steps) {
          const raw = at(step.otherRoom ? server.otherRoomMessages : server.messages, step.message);
          const parsed = parseIncoming(raw);
          if (!parsed.ok) throw new Error(`the client dropped a server message: ${parsed.reason}`);
          const result = reduceRoomMessage(state, parsed.message);
          advance(result.state);
          if (result.needsRefresh) {
            // The server answers from the moment it receives the call: at least as new as the message seen.
            const sn = step.message + (step.lag % (n - step.message));
            inFlight.push(JSON.stringify({ sn, room_status: JSON.stringify(at(server.tables, sn)) }));
          }
          if (step.answerNow) answerRefreshes();
          // The invariant behind convergence: the client's table is the server's at the client's sn.
          expect(state.table).toEqual(state.sn < 0 ? {} : at(server.tables, state.sn));
        }
        answerRefreshes();
        expect(state.sn).toBe(n - 1);
        expect(state.table).toEqual(at(server.tables, n - 1));
      }),
      { numRuns: 300 },
    );
  });
});
