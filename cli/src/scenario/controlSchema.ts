import { FaultSchema, LatencyBodySchema } from '@topup/mock-server/control/faults';
import { ROOM_FAULT_KINDS } from '@topup/mock-server/room/broadcast';
import { z } from 'zod';
import { CallNameSchema, FrameSn, Int, Rid, refOr } from './stepValues';

/** The control step's actions: the mock's control API (reset, clock, forced answers, latency, room faults) as data. */

/** A forced result code, or one of the mock's fault catalogue (control/faults.ts), not restated here. */
const ForcedAnswer = z.union([
  z.strictObject({ result: Int, message: z.string().optional() }),
  ...FaultSchema.options,
]);

const controlActions = {
  reset: z.strictObject({ seed: Int.optional() }),
  clock: z.strictObject({
    set: z.string().optional(),
    advanceMs: refOr(Int.min(0)).optional(),
    real: z.literal(true).optional(),
  }),
  force: z.strictObject({ call: CallNameSchema, times: Int.min(1).default(1), answer: ForcedAnswer }),
  unforce: z.strictObject({}),
  latency: LatencyBodySchema,
  journal: z.strictObject({ call: CallNameSchema.optional(), limit: Int.min(1).optional() }),
  clearJournal: z.strictObject({}),
  roomFault: z.strictObject({
    rid: Rid,
    sn: FrameSn.describe("the frame: a number, or +N counted from the room's sn when the scenario started"),
    fault: z.enum(ROOM_FAULT_KINDS),
    ms: Int.min(0).optional(),
  }),
  roomPush: z.strictObject({ rid: Rid, directives: z.array(z.record(z.string(), z.unknown())).min(1) }),
  roomClose: z.strictObject({ rid: Rid }),
  roomSilence: z.strictObject({ rid: Rid, ms: Int.min(0) }),
  roomState: z.strictObject({ rid: Rid }),
  roomRefresh: z.strictObject({
    rid: Rid,
    directives: z.array(z.record(z.string(), z.unknown())).optional(),
  }),
};

/** The action names, in the order the help and the errors list them. */
export const CONTROL_ACTIONS = Object.keys(controlActions) as (keyof typeof controlActions)[];

export const ControlActionSchema = z.union(
  CONTROL_ACTIONS.map((name) => z.strictObject({ [name]: controlActions[name] })) as unknown as [
    z.ZodType,
    ...z.ZodType[],
  ],
);
