import { FullRefreshAnswerSchema } from '@topup/contracts';
import type { RoomClock } from '../room/clock';
import { closeCodeSaid, Tally } from '../room/describe';
import { ROOM_EXPECT_KEYS } from '../room/events';
import { RoomSession } from '../room/session';
import { callOnce } from './callSteps';
import { match, matchPaths } from './matchers';
import { absoluteSn } from './plainSteps';
import { resolveReferences, UnresolvedReference } from './references';
import type { InnerStep, RoomStep } from './schema';
import { failed, interruptedReason, type StepContext, type StepOutcome } from './stepTypes';

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
  // A close the server (or the network) made before the step closed the socket itself: said in its failure.
  let closing = false;
  let serverClose: { code: number; atMs: number } | undefined;
  // The session's timers, cleared when the step ends: a wait left by Ctrl-C does not hold the process open.
  const clock = timersClock();
  const session = new RoomSession(
    roomUrl,
    String(rid),
    () => fullRefresh(ctx, String(rid)),
    (event) => {
      if (event.kind === 'closed' && !closing && serverClose === undefined)
        serverClose = { code: event.code, atMs: Math.round(performance.now() - startedAt) };
      tally.add(event);
      if (frames.length < 500) frames.push({ atMs: Math.round(performance.now() - startedAt), event });
    },
    { clock },
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
      await unlessInterrupted(session.settle(INNER_SETTLE_MS, timeoutMs), ctx.signal);
      if (outcome.status === 'failed') {
        failures.push(...outcome.failures.map((f) => `during[${j}]: ${f}`));
        break;
      }
    }
    const until = failures.length === 0 ? resolveOrFail(step.room.until, ctx, failures) : undefined;
    if (failures.length === 0) {
      if (until === undefined) await unlessInterrupted(session.settle(settleMs, timeoutMs), ctx.signal);
      else {
        const sn = await absoluteSn(until.sn, String(rid), ctx);
        const wantSn = typeof sn === 'number' ? sn : Number(sn ?? Number.NaN);
        const met = () =>
          (until.sn === undefined || session.state.sn >= wantSn) &&
          (until.messages === undefined || session.counters.messages >= until.messages) &&
          (until.refreshes === undefined || session.counters.refreshes >= until.refreshes);
        // A closed socket brings no more messages: the wait ends with it rather than at its time-out.
        const waited = await unlessInterrupted(
          session.waitFor(() => met() || session.closed, timeoutMs),
          ctx.signal,
        );
        if (waited !== undefined && !met()) {
          const how = serverClose === undefined ? ` within ${timeoutMs} ms` : `: ${closedSaid(serverClose)}`;
          failures.push(
            `room ${rid}: condition ${JSON.stringify(until)} not reached${how} (sn ${session.state.sn}, ${session.counters.messages} messages${tally.updated ? '' : `; nothing was applied to the table: ${tally.why()}`})`,
          );
        }
      }
    }
  } finally {
    closing = true;
    await session.close();
    clock.clearAll();
  }
  const data = { sn: session.state.sn, table: session.state.table, ...session.counters };
  // Ctrl-C: the step stopped waiting at once; what it saw is not judged, the run says it was interrupted.
  if (ctx.signal?.aborted === true)
    return {
      status: 'skipped',
      failures: [],
      skipReason: interruptedReason(ctx.signal),
      record: { result: 0, data },
    };
  const expect = resolveOrFail(step.expect, ctx, failures) ?? {};
  if (expect.table !== undefined) failures.push(...matchPaths(data.table, expect.table, 'table'));
  const wanted = { ...expect, sn: await absoluteSn(expect.sn, String(rid), ctx) };
  for (const key of ROOM_EXPECT_KEYS) {
    if (wanted[key] !== undefined) failures.push(...match(data[key], wanted[key], key));
  }
  // A step that waited for no condition and failed says too that the socket closed under it.
  if (serverClose !== undefined && failures.length > 0 && !failures.some((f) => f.includes('socket closed')))
    failures.push(`room ${rid}: ${closedSaid(serverClose)}`);
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

/** A server's (or the network's) close of a step's socket: a room step does not reopen it, as it says. */
function closedSaid({ code, atMs }: { code: number; atMs: number }): string {
  return `the room socket closed (${closeCodeSaid(code)}) ${atMs} ms into the step and was not reopened (a room step does not reconnect)`;
}

/** The real clock, keeping each timer it sets until it fires or `clearAll` clears every one left. */
function timersClock(): RoomClock & { clearAll: () => void } {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  return {
    now: () => Date.now(),
    setTimeout: (callback, ms) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        callback();
      }, ms);
      timers.add(timer);
      return timer;
    },
    clearTimeout: (handle) => {
      clearTimeout(handle as ReturnType<typeof setTimeout>);
      timers.delete(handle as ReturnType<typeof setTimeout>);
    },
    clearAll: () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

/** `work`, or undefined as soon as the run is interrupted (its abort signal), whichever comes first. */
async function unlessInterrupted<T>(
  work: Promise<T>,
  signal: AbortSignal | undefined,
): Promise<T | undefined> {
  if (signal === undefined) return work;
  if (signal.aborted) return undefined;
  let off = () => {};
  const stopped = new Promise<undefined>((resolve) => {
    const on = () => resolve(undefined);
    signal.addEventListener('abort', on, { once: true });
    off = () => signal.removeEventListener('abort', on);
  });
  try {
    return await Promise.race([work, stopped]);
  } finally {
    off();
  }
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
