import { runCall, runPoll } from './callSteps';
import { runControl, runSimulator, runTokenize } from './plainSteps';
import { type ReferenceScope, resolveReferences, UnresolvedReference } from './references';
import { runRoom } from './roomStep';
import type {
  CallStep,
  ControlStep,
  InnerStep,
  PollStep,
  RoomStep,
  SimulatorStep,
  Step,
  TokenizeCardStep,
} from './schema';
import { kindOf, MOCK_ONLY_KINDS } from './schema';
import { failed, type StepContext, type StepOutcome, skipped } from './stepTypes';
import { isUnsafeWrite, unsafeWriteReason } from './writeGate';

/** Runs one step; references are resolved first, and a step depending on a skipped one is skipped too. */
export async function runStep(step: Step | InnerStep, ctx: StepContext): Promise<StepOutcome> {
  const kind = kindOf(step);
  if (MOCK_ONLY_KINDS.includes(kind) && !ctx.target.mock) {
    return skipped(`${kind} steps need the mock (no control API on this target)`);
  }
  // A write a real backend may not take is never sent (the scenario is skipped before its first step; this
  // holds each step to it too).
  const call = 'call' in step ? step.call : 'poll' in step ? step.poll.call : undefined;
  if (call !== undefined && !ctx.target.mock && isUnsafeWrite(call, ctx.safeWrites ?? [])) {
    return skipped(unsafeWriteReason(call, ctx.fixturesFile));
  }
  if (kind === 'room' && ctx.target.roomUrl === undefined) {
    return skipped('no room server for this target (give --room-url)');
  }
  if (kind === 'room' && !ctx.target.mock && (step as RoomStep).room.during?.some((s) => 'control' in s)) {
    return skipped('this room step drives the control API, which only the mock has');
  }
  let resolved: Step | InnerStep;
  try {
    resolved =
      kind === 'room' ? resolveRoomStep(step as RoomStep, ctx.scope) : resolveReferences(step, ctx.scope);
  } catch (error) {
    if (error instanceof UnresolvedReference) {
      return error.skippedStep !== undefined ? skipped(error.message) : failed(error.message);
    }
    throw error;
  }
  switch (kind) {
    case 'call':
      return runCall(resolved as CallStep, ctx);
    case 'poll':
      return runPoll(resolved as PollStep, ctx);
    case 'control':
      return runControl(resolved as ControlStep, ctx);
    case 'room':
      return runRoom(resolved as RoomStep, step as RoomStep, ctx, runStep);
    case 'tokenizeCard':
      return runTokenize(resolved as TokenizeCardStep, ctx);
    case 'simulator':
      return runSimulator(resolved as SimulatorStep, ctx);
  }
}

/** A room step's rid is resolved now; its inner steps as each runs, its condition and expectations after them. */
function resolveRoomStep(step: RoomStep, scope: ReferenceScope): RoomStep {
  return { ...step, room: { ...step.room, rid: resolveReferences(step.room.rid, scope) } };
}
