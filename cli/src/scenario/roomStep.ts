import { FullRefreshAnswerSchema } from '@topup/contracts';
import { Tally } from '../room/describe';
import { ROOM_EXPECT_KEYS } from '../room/events';
import { RoomSession } from '../room/session';
import { callOnce } from './callSteps';
import { match, matchPaths } from './matchers';
import { absoluteSn } from './plainSteps';
import { resolveReferences, UnresolvedReference } from './references';
import type { InnerStep, RoomStep } from './schema';
import { failed, type StepContext, type StepOutcome } from './stepTypes';

/**
 * Opens the room socket, runs the inner steps, waits for the condition, then asserts what the sn machine
 * built: the table, the sn, and how many full refreshes it asked for.
 */
export async function runRoom(
  step: RoomStep,
  original: RoomStep,
  ctx: StepContext,
  runInner: (step: InnerStep, ctx: StepContext) => Promise<StepOutcome>,
): Promise<StepOutcome> {
  const { rid, settleMs, timeoutMs } = step.room;
  const roomUrl = ctx.target.roomUrl ?? '';
  const startedAt = performance.now();
  const frames: { atMs: number; event: unknown }[] = [];
  const tally = new Tally();
  const session = new RoomSession(
    roomUrl,
    String(rid),
    () => fullRefresh(ctx, String(rid)),
    (event) => {
      tally.add(event);
      if (frames.length < 500) frames.push({ atMs: Math.round(performance.now() - startedAt), event });
    },
  );
  const failures: string[] = [];
  try {
    await session.open(Math.min(timeoutMs, 5000));
  } catch (error) {
    return failed(`room ${rid}: ${(error as Error).message}`);
  }
  try {
    for (const [j, inner] of (original.room.during ?? []).entries()) {
      const outcome = await runInner(inner, ctx);
      if (inner.id !== undefined) ctx.scope.steps[inner.id] = outcome.record;
      // Let the socket take in what the step caused (and any refresh it asked for) before the next step.
      await session.settle(INNER_SETTLE_MS, timeoutMs);
      if (outcome.status === 'failed') {
        failures.push(...outcome.failures.map((f) => `during[${j}]: ${f}`));
        break;
      }
    }
    const until = failures.length === 0 ? resolveOrFail(step.room.until, ctx, failures) : undefined;
    if (failures.length === 0) {
      if (until === undefined) await session.settle(settleMs, timeoutMs);
      else {
        const sn = await absoluteSn(until.sn, String(rid), ctx);
        const wantSn = typeof sn === 'number' ? sn : Number(sn ?? Number.NaN);
        const reached = await session.waitFor(
          () =>
            (until.sn === undefined || session.state.sn >= wantSn) &&
            (until.messages === undefined || session.counters.messages >= until.messages) &&
            (until.refreshes === undefined || session.counters.refreshes >= until.refreshes),
          timeoutMs,
        );
        if (!reached) {
          failures.push(
            `room ${rid}: condition ${JSON.stringify(until)} not reached within ${timeoutMs} ms (sn ${session.state.sn}, ${session.counters.messages} messages${tally.updated ? '' : `; nothing was applied to the table: ${tally.why()}`})`,
          );
        }
      }
    }
  } finally {
    await session.close();
  }
  const data = { sn: session.state.sn, table: session.state.table, ...session.counters };
  const expect = resolveOrFail(step.expect, ctx, failures) ?? {};
  if (expect.table !== undefined) failures.push(...matchPaths(data.table, expect.table, 'table'));
  const wanted = { ...expect, sn: await absoluteSn(expect.sn, String(rid), ctx) };
  for (const key of ROOM_EXPECT_KEYS) {
    if (wanted[key] !== undefined) failures.push(...match(data[key], wanted[key], key));
  }
  // Malformed messages are the server's fault, whatever else went through (unless the step expects them).
  const malformed = tally.malformedSaid();
  if (malformed !== undefined && wanted.dropped === undefined) failures.push(`room ${rid}: ${malformed}`);
  return {
    status: failures.length === 0 ? 'passed' : 'failed',
    failures,
    record: { result: 0, data },
    observed: { sn: data.sn, refreshes: data.refreshes, keys: Object.keys(data.table).sort() },
    frames,
  };
}

function resolveOrFail<T>(value: T, ctx: StepContext, failures: string[]): T | undefined {
  try {
    return resolveReferences(value, ctx.scope);
  } catch (error) {
    if (!(error instanceof UnresolvedReference)) throw error;
    failures.push(error.message);
    return undefined;
  }
}

/** Quiet time after each inner step of a room step, so frames and pushes interleave deterministically. */
const INNER_SETTLE_MS = 40;

async function fullRefresh(ctx: StepContext, rid: string) {
  const sent = await callOnce('roomStatus', { rid: Number(rid) }, undefined, undefined, ctx);
  if (!sent.ok || sent.answer.envelope?.result !== 0) return undefined;
  const parsed = FullRefreshAnswerSchema.safeParse(sent.answer.data);
  return parsed.success ? parsed.data : undefined;
}
