import { type CallName, FullRefreshAnswerSchema, normaliseEnvelope } from '@topup/contracts';
import { latencyBudgetMs } from '../contract/budget';
import { type JudgedAnswer, judgeAnswer } from '../contract/conformance';
import { type RawAnswer, type SentRequest, sendCall, sendJson } from '../http/client';
import { tryEncodeParams } from '../http/encode';
import { RoomSession } from '../room/session';
import { conditionHolds, evaluateExpect } from './expect';
import { match, matchPaths } from './matchers';
import { type ReferenceScope, resolveReferences, UnresolvedReference } from './references';
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
import { shapeOf } from './shape';
import { sendPage, tokenizeRequest } from './simulators';
import type { Target } from './target';

/** What a finished step leaves for later references: `${steps.<id>.data...}`. */
export interface StepRecord {
  readonly skipped?: true;
  readonly status?: number;
  readonly result?: number;
  readonly message?: string;
  readonly data?: unknown;
  readonly ms?: number;
  readonly tries?: number;
}

export interface StepOutcome {
  readonly status: 'passed' | 'failed' | 'skipped';
  readonly failures: readonly string[];
  readonly skipReason?: string;
  readonly call?: string;
  readonly result?: number;
  readonly tries?: number;
  readonly record: StepRecord;
  readonly observed?: unknown;
  /** The last HTTP exchange of the step, for reports (redacted there) and curl lines. */
  readonly exchange?: Exchange;
  /** Room steps: each message as the sn machine handled it. */
  readonly frames?: readonly { readonly atMs: number; readonly event: unknown }[];
}

export interface Exchange {
  readonly request: SentRequest;
  readonly response: { readonly status: number; readonly body: unknown; readonly networkError?: string };
}

export function exchangeOf(raw: RawAnswer): Exchange | undefined {
  if (raw.request === undefined) return undefined;
  return {
    request: raw.request,
    response: {
      status: raw.status,
      body: raw.body,
      ...(raw.networkError === undefined ? {} : { networkError: raw.networkError }),
    },
  };
}

export interface StepContext {
  readonly target: Target;
  readonly scope: ReferenceScope & { steps: Record<string, unknown> };
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
  /** Each room's sn when the scenario started, for `+N` frame numbers. */
  readonly roomStartSn: Map<string, number>;
}

const skipped = (reason: string): StepOutcome => ({
  status: 'skipped',
  failures: [],
  skipReason: reason,
  record: { skipped: true },
});

const failed = (failure: string): StepOutcome => ({ status: 'failed', failures: [failure], record: {} });

/** Runs one step; references are resolved first, and a step depending on a skipped one is skipped too. */
export async function runStep(step: Step | InnerStep, ctx: StepContext): Promise<StepOutcome> {
  const kind = kindOf(step);
  if (MOCK_ONLY_KINDS.includes(kind) && !ctx.target.mock) {
    return skipped(`${kind} steps need the mock (no control API on this target)`);
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
      return runRoom(resolved as RoomStep, step as RoomStep, ctx);
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

async function callOnce(
  call: CallName,
  params: Record<string, unknown> | undefined,
  wire: Record<string, unknown> | undefined,
  headers: Record<string, string> | undefined,
  ctx: StepContext,
): Promise<{ ok: true; answer: JudgedAnswer; raw: RawAnswer } | { ok: false; error: string }> {
  let wireParams = wire;
  if (wireParams === undefined) {
    const encoded = tryEncodeParams(call, params ?? {});
    if (!encoded.ok) return encoded;
    wireParams = encoded.wire;
  }
  const raw = await sendCall(ctx.target.baseUrl, call, wireParams, {
    timeoutMs: ctx.timeoutMs,
    ...(headers === undefined ? {} : { headers }),
    ...(ctx.signal === undefined ? {} : { signal: ctx.signal }),
  });
  return { ok: true, answer: judgeAnswer(call, raw), raw };
}

const recordOf = (answer: JudgedAnswer, tries?: number): StepRecord => ({
  status: answer.status,
  ms: answer.ms,
  data: answer.data,
  ...(answer.envelope === undefined
    ? {}
    : { result: answer.envelope.result, message: answer.envelope.message }),
  ...(tries === undefined ? {} : { tries }),
});

function outcomeOf(
  call: CallName,
  answer: JudgedAnswer,
  raw: RawAnswer,
  failures: string[],
  tries?: number,
): StepOutcome {
  const exchange = exchangeOf(raw);
  return {
    ...(exchange === undefined ? {} : { exchange }),
    status: failures.length === 0 ? 'passed' : 'failed',
    failures,
    call,
    ...(answer.envelope === undefined ? {} : { result: answer.envelope.result }),
    ...(tries === undefined ? {} : { tries }),
    record: recordOf(answer, tries),
    observed: { result: answer.envelope?.result, shape: shapeOf(answer.data) },
  };
}

async function runCall(step: CallStep, ctx: StepContext): Promise<StepOutcome> {
  const sent = await callOnce(step.call, step.params, step.wire, step.headers, ctx);
  if (!sent.ok) return { ...failed(sent.error), call: step.call };
  return outcomeOf(
    step.call,
    sent.answer,
    sent.raw,
    evaluateExpect(sent.answer, step.expect, latencyBudgetMs(step.call)),
  );
}

async function runPoll(step: PollStep, ctx: StepContext): Promise<StepOutcome> {
  const { call, params, wire, headers, until, intervalMs, tries } = step.poll;
  let last: JudgedAnswer | undefined;
  let lastRaw: RawAnswer | undefined;
  let attempts = 0;
  for (let attempt = 1; attempt <= tries; attempt += 1) {
    const sent = await callOnce(call, params, wire, headers, ctx);
    if (!sent.ok) return { ...failed(sent.error), call };
    last = sent.answer;
    lastRaw = sent.raw;
    attempts = attempt;
    if (conditionHolds(last, until)) {
      const expect = step.expect ?? (until.result === undefined ? {} : { result: until.result });
      return outcomeOf(call, last, sent.raw, evaluateExpect(last, expect, latencyBudgetMs(call)), attempt);
    }
    if (ctx.signal?.aborted === true) break;
    if (attempt < tries) await sleep(intervalMs, ctx.signal);
  }
  const seen = last?.envelope === undefined ? 'no envelope' : `result ${last.envelope.result}`;
  const why = last === undefined ? [] : matchPaths(last.data, until.data ?? {}, 'data').slice(0, 3);
  return last === undefined || lastRaw === undefined
    ? failed('no answer')
    : outcomeOf(
        call,
        last,
        lastRaw,
        [
          ctx.signal?.aborted === true
            ? `interrupted after ${attempts} tries (last: ${seen})`
            : `condition not met after ${tries} tries (last: ${seen}${why.length > 0 ? `; ${why.join('; ')}` : ''})`,
        ],
        attempts,
      );
}

/** The control API request of each action (mock-server README, "Control API"). */
function controlRequest(action: Record<string, Record<string, unknown>>): {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  body?: unknown;
} {
  const [name, args] = Object.entries(action)[0] ?? ['', {}];
  const rid = encodeURIComponent(String(args.rid ?? ''));
  const { rid: _rid, ...rest } = args;
  switch (name) {
    case 'reset':
      return { method: 'POST', path: '/__mock/reset', body: args };
    case 'clock':
      return { method: 'POST', path: '/__mock/clock', body: args };
    case 'force':
      return { method: 'POST', path: '/__mock/force', body: args };
    case 'unforce':
      return { method: 'DELETE', path: '/__mock/force' };
    case 'latency':
      return { method: 'POST', path: '/__mock/latency', body: args };
    case 'journal': {
      const query = new URLSearchParams(
        Object.entries(args).map(([k, v]): [string, string] => [k, String(v)]),
      ).toString();
      return { method: 'GET', path: `/__mock/journal${query === '' ? '' : `?${query}`}` };
    }
    case 'clearJournal':
      return { method: 'DELETE', path: '/__mock/journal' };
    case 'roomFault':
      return { method: 'POST', path: `/__mock/rooms/${rid}/faults`, body: rest };
    case 'roomPush':
      return { method: 'POST', path: `/__mock/rooms/${rid}/push`, body: rest };
    case 'roomClose':
      return { method: 'POST', path: `/__mock/rooms/${rid}/close`, body: {} };
    case 'roomSilence':
      return { method: 'POST', path: `/__mock/rooms/${rid}/silence`, body: rest };
    case 'roomRefresh':
      return { method: 'POST', path: `/__mock/rooms/${rid}/refresh`, body: rest };
    case 'roomState':
      return { method: 'GET', path: `/__mock/rooms/${rid}` };
    default:
      throw new Error(`unknown control action ${name}`);
  }
}

/** Judges a plain JSON answer (control API, simulators): an envelope, or a bare body taken as data. */
function judgePlain(
  raw: RawAnswer,
  expect: { result?: number | undefined; data?: Record<string, unknown> | undefined } | undefined,
): {
  failures: string[];
  record: StepRecord;
  result?: number;
  exchange?: Exchange;
} {
  const exchange = exchangeOf(raw);
  const withExchange = exchange === undefined ? {} : { exchange };
  if (raw.networkError !== undefined)
    return { failures: [`no answer: ${raw.networkError}`], record: {}, ...withExchange };
  const normalised = normaliseEnvelope(raw.body);
  const result = normalised.ok
    ? normalised.envelope.result
    : raw.status >= 200 && raw.status < 400
      ? 0
      : raw.status;
  const message = normalised.ok ? normalised.envelope.message : '';
  const data = normalised.ok ? normalised.envelope.data : raw.body;
  const failures: string[] = [];
  const want = expect?.result ?? 0;
  if (result !== want)
    failures.push(`expected result ${want}, got ${result}${message === '' ? '' : ` (${message})`}`);
  if (expect?.data !== undefined) failures.push(...matchPaths(data, expect.data, 'data'));
  return {
    failures,
    result,
    record: { status: raw.status, ms: raw.ms, result, message, data },
    ...withExchange,
  };
}

type PlainJudgement = ReturnType<typeof judgePlain>;

/** The outcome of a control, tokeniser or simulator step; `record` replaces the judged one when given. */
function plainOutcome(judged: PlainJudgement, record: StepRecord = judged.record): StepOutcome {
  return {
    status: judged.failures.length === 0 ? 'passed' : 'failed',
    failures: judged.failures,
    record,
    ...(judged.result === undefined ? {} : { result: judged.result }),
    ...(judged.exchange === undefined ? {} : { exchange: judged.exchange }),
  };
}

/**
 * `+N` frame numbers count from the room's sn when the scenario started (read once per room, at the start
 * for the catalogue's rooms, else at first use), so scenarios name frames without arithmetic.
 */
export async function roomStartSn(ctx: StepContext, rid: string): Promise<number> {
  const known = ctx.roomStartSn.get(rid);
  if (known !== undefined) return known;
  const raw = await sendJson(
    ctx.target.baseUrl,
    'GET',
    `/__mock/rooms/${encodeURIComponent(rid)}`,
    undefined,
    ctx.timeoutMs,
  );
  const sn = (raw.body as { data?: { sn?: unknown } } | undefined)?.data?.sn;
  const value = typeof sn === 'number' ? sn : -1;
  ctx.roomStartSn.set(rid, value);
  return value;
}

async function absoluteSn(value: unknown, rid: string, ctx: StepContext): Promise<unknown> {
  if (typeof value !== 'string' || !/^\+\d+$/.test(value)) return value;
  return (await roomStartSn(ctx, rid)) + Number(value.slice(1));
}

async function runControl(step: ControlStep, ctx: StepContext): Promise<StepOutcome> {
  const given = step.control as Record<string, Record<string, unknown>>;
  // A copy: the loaded scenario stays as written for repeats and retries.
  const action =
    given.roomFault === undefined
      ? given
      : {
          roomFault: {
            ...given.roomFault,
            sn: await absoluteSn(given.roomFault.sn, String(given.roomFault.rid), ctx),
          },
        };
  const request = controlRequest(action);
  const raw = await sendJson(
    ctx.target.baseUrl,
    request.method,
    request.path,
    request.body,
    ctx.timeoutMs,
    ctx.signal,
  );
  return plainOutcome(judgePlain(raw, step.expect));
}

async function runTokenize(step: TokenizeCardStep, ctx: StepContext): Promise<StepOutcome> {
  const request = tokenizeRequest(step.tokenizeCard);
  const raw = await sendJson(
    ctx.target.baseUrl,
    'POST',
    request.path,
    request.body,
    ctx.timeoutMs,
    ctx.signal,
  );
  const judged = judgePlain(raw, step.expect);
  const data = judged.record.data;
  // Provider 17's order carries the encrypted fields as the card component's paymentMethod.
  const record =
    step.tokenizeCard.provider === 17 && judged.result === 0 && data !== null && typeof data === 'object'
      ? {
          ...judged.record,
          data: { ...data, platform_data: { paymentMethod: { type: 'scheme', ...encryptedFields(data) } } },
        }
      : judged.record;
  return plainOutcome(judged, record);
}

function encryptedFields(data: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([key]) => key.startsWith('encrypted')));
}

async function runSimulator(step: SimulatorStep, ctx: StepContext): Promise<StepOutcome> {
  const { method, path, json, form } = step.simulator;
  const raw = await sendPage(ctx.target.baseUrl, method, path, { json, form }, ctx.timeoutMs);
  return plainOutcome(judgePlain(raw, step.expect));
}

/**
 * Opens the room socket, runs the inner steps, waits for the condition, then asserts what the sn machine
 * built: the table, the sn, and how many full refreshes it asked for.
 */
async function runRoom(step: RoomStep, original: RoomStep, ctx: StepContext): Promise<StepOutcome> {
  const { rid, settleMs, timeoutMs } = step.room;
  const roomUrl = ctx.target.roomUrl ?? '';
  const startedAt = performance.now();
  const frames: { atMs: number; event: unknown }[] = [];
  const session = new RoomSession(
    roomUrl,
    String(rid),
    () => fullRefresh(ctx, String(rid)),
    (event) => {
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
      const outcome = await runStep(inner, ctx);
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
            `room ${rid}: condition ${JSON.stringify(until)} not reached within ${timeoutMs} ms (sn ${session.state.sn}, ${session.counters.messages} messages)`,
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
  for (const key of ['sn', 'refreshes', 'messages', 'applied', 'ignored'] as const) {
    if (wanted[key] !== undefined) failures.push(...match(data[key], wanted[key], key));
  }
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

/** Waits `ms`, or less when the run is interrupted. */
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
