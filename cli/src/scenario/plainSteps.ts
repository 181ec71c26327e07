import { normaliseEnvelope } from '@topup/contracts';
import {
  AdyenEncryptedCardSchema,
  AdyenEncryptedCvcSchema,
  AdyenErrorSchema,
  CheckoutCvvTokenSchema,
  CheckoutErrorSchema,
  CheckoutTokenSchema,
} from '@topup/contracts/simulators';
import type { z } from 'zod';
import { type RawAnswer, sendJson } from '../http/client';
import { matchPaths } from './matchers';
import type { ControlStep, SimulatorStep, TokenizeCardStep } from './schema';
import { sendPage, tokenizeRequest } from './simulators';
import { type Exchange, exchangeOf, type StepContext, type StepOutcome, type StepRecord } from './stepTypes';

/** The steps answered by plain JSON or pages rather than envelopes of the contracts: control API, simulators. */
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

export async function absoluteSn(value: unknown, rid: string, ctx: StepContext): Promise<unknown> {
  if (typeof value !== 'string' || !/^\+\d+$/.test(value)) return value;
  return (await roomStartSn(ctx, rid)) + Number(value.slice(1));
}

export async function runControl(step: ControlStep, ctx: StepContext): Promise<StepOutcome> {
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

export async function runTokenize(step: TokenizeCardStep, ctx: StepContext): Promise<StepOutcome> {
  const request = tokenizeRequest(step.tokenizeCard);
  const raw = await sendJson(
    ctx.target.baseUrl,
    'POST',
    request.path,
    request.body,
    ctx.timeoutMs,
    ctx.signal,
  );
  const judged = judgeTokenizer(raw, step);
  const data = judged.record.data;
  // Provider 17's order carries the encrypted fields as the card component's paymentMethod.
  const record =
    step.tokenizeCard.provider === 17 &&
    judged.failures.length === 0 &&
    judged.result === 0 &&
    data !== null &&
    typeof data === 'object'
      ? {
          ...judged.record,
          data: { ...data, platform_data: { paymentMethod: { type: 'scheme', ...encryptedFields(data) } } },
        }
      : judged.record;
  return plainOutcome(judged, record);
}

/**
 * Judges a tokeniser's answer as the provider SDK would read it: un-enveloped, its HTTP status the result
 * (2xx is 0), and its body held to the simulator's contract (contracts/src/simulators.ts) — the token on
 * success, the provider's error body on a 422 — so a token-less answer fails here, not at the order.
 */
function judgeTokenizer(raw: RawAnswer, step: TokenizeCardStep): PlainJudgement {
  const exchange = exchangeOf(raw);
  const withExchange = exchange === undefined ? {} : { exchange };
  if (raw.networkError !== undefined)
    return { failures: [`no answer: ${raw.networkError}`], record: {}, ...withExchange };
  const result = raw.status >= 200 && raw.status < 300 ? 0 : raw.status;
  const failures: string[] = [];
  const want = step.expect?.result ?? 0;
  if (result !== want) failures.push(`expected result ${want}, got ${result} (HTTP ${raw.status})`);
  const contract = tokenizerContract(step.tokenizeCard, result);
  if (contract !== undefined) {
    const parsed = contract.schema.safeParse(raw.body);
    if (!parsed.success)
      for (const issue of parsed.error.issues)
        failures.push(
          `contract: ${issue.path.join('.') || '(body)'}: ${issue.message} (${contract.name}, contracts/src/simulators.ts)`,
        );
  }
  if (step.expect?.data !== undefined) failures.push(...matchPaths(raw.body, step.expect.data, 'data'));
  return {
    failures,
    result,
    record: { status: raw.status, ms: raw.ms, result, message: '', data: raw.body },
    ...withExchange,
  };
}

interface TokenizerContract {
  readonly schema: z.ZodType;
  readonly name: string;
}

/** What a tokeniser answers with this result: its token (0), its error body (422), else nothing said. */
function tokenizerContract(
  card: TokenizeCardStep['tokenizeCard'],
  result: number,
): TokenizerContract | undefined {
  const of = (schema: unknown, name: string): TokenizerContract => ({ schema: schema as z.ZodType, name });
  const cvvOnly = card.number === undefined;
  if (result === 422)
    return card.provider === 13
      ? of(CheckoutErrorSchema, "the card tokeniser's error")
      : of(AdyenErrorSchema, "the card encryption's error");
  if (result !== 0) return undefined;
  if (card.provider === 13)
    return cvvOnly ? of(CheckoutCvvTokenSchema, 'a CVV token') : of(CheckoutTokenSchema, 'a card token');
  return cvvOnly
    ? of(AdyenEncryptedCvcSchema, 'an encrypted security code')
    : of(AdyenEncryptedCardSchema, 'an encrypted card');
}

function encryptedFields(data: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([key]) => key.startsWith('encrypted')));
}

export async function runSimulator(step: SimulatorStep, ctx: StepContext): Promise<StepOutcome> {
  const { method, path, json, form } = step.simulator;
  const raw = await sendPage(ctx.target.baseUrl, method, path, { json, form }, ctx.timeoutMs);
  return plainOutcome(judgePlain(raw, step.expect));
}
