import { ClockStateSchema } from '@topup/mock-server/control';
import { z } from 'zod';
import { type RawAnswer, sendJson } from '../http/client';
import { type Io, UsageError } from '../io';

/** Where scenarios run: a base URL, whether it is treated as the mock, and the room socket. */
export interface Target {
  readonly baseUrl: string;
  /**
   * Treated as the mock: its control API and provider simulators are used, and it gets the test data
   * catalogue's fixtures. Only a mock topup started, or a URL the user marked with `--mock`.
   */
  readonly mock: boolean;
  /** ws(s) URL of the room server; the mock serves it at /ws/room on its own origin. */
  readonly roomUrl?: string;
  /** Set when nothing answered at the base URL at all (refused, reset, timed out): why. */
  readonly unreachable?: string;
}

/** A URL target as opened: a real backend unless marked the mock, and whether it answers like one. */
export interface UrlTarget extends Target {
  /** The mock's control API answered (`GET /__mock/clock` → its clock), whether or not it is treated as one. */
  readonly answersLikeMock: boolean;
}

/**
 * The mock's answer to `GET /__mock/clock` (mock-server control/routes.ts): HTTP 200 and an envelope with
 * result 0 whose data is the clock, `{ now: ISO time, frozen }`. Any result-0 answer is not enough: a real
 * backend, or any server answering `{"result":0}` to every path, is not the mock's control API.
 */
const MockClockAnswerSchema = z.object({ result: z.literal(0), data: ClockStateSchema });

/** What one read of the mock's clock says about a URL: whether its control API answered, and what came. */
export interface ControlProbe {
  readonly answer: RawAnswer;
  /** It answered as the mock's control API does. */
  readonly answersLikeMock: boolean;
  /** What it answered, for a line: `GET /__mock/clock answered HTTP 200, result 0, not the mock's clock …`. */
  readonly described: string;
}

/** How long the clock read waits by default (the triggers, which take no `--timeout`). */
export const CONTROL_READ_MS = 5000;

/**
 * One control read (`GET /__mock/clock`), the only request sent before a URL is known to be the mock. It
 * waits the command's `--timeout` when it has one, as every other request does.
 */
export async function probeMockControl(
  baseUrl: string,
  timeoutMs = CONTROL_READ_MS,
  signal?: AbortSignal,
): Promise<ControlProbe> {
  const answer = await sendJson(baseUrl, 'GET', '/__mock/clock', undefined, timeoutMs, signal);
  const answersLikeMock = answer.status === 200 && MockClockAnswerSchema.safeParse(answer.body).success;
  const body = answer.body as { result?: unknown } | undefined;
  const result = typeof body?.result === 'number' ? `, result ${body.result}` : '';
  const shape =
    answer.status === 200 && !answersLikeMock
      ? ", not the mock's clock (an envelope with result 0 and data { now, frozen })"
      : '';
  return {
    answer,
    answersLikeMock,
    described: `GET /__mock/clock answered HTTP ${answer.status}${result}${shape}`,
  };
}

/**
 * Opens a `--target` URL. It is a real backend unless the user said it is the mock (`--mock`): what a
 * server answers never makes it one, so the catalogue's test accounts, passwords and session keys, the
 * writes the mock may take and the mock's control calls go only where the user sent them. A URL marked
 * `--mock` must answer the mock's control API (its clock, in the clock's shape); one that answers it
 * without the mark gets a hint.
 */
export async function openUrlTarget(
  baseUrl: string,
  markedMock: boolean,
  roomUrl?: string,
  timeoutMs = CONTROL_READ_MS,
  signal?: AbortSignal,
): Promise<UrlTarget> {
  const { answer, answersLikeMock, described } = await probeMockControl(baseUrl, timeoutMs, signal);
  const room = roomUrl === undefined ? {} : { roomUrl };
  if (answer.networkError !== undefined) {
    return { baseUrl, mock: false, answersLikeMock: false, unreachable: answer.networkError, ...room };
  }
  if (!markedMock) return { baseUrl, mock: false, answersLikeMock, ...room };
  if (!answersLikeMock) {
    // `--mock` given for a URL whose control API does not answer as the mock's: exit 2.
    throw new UsageError(
      `--mock: ${baseUrl} does not answer the mock's control API (${described}); leave out --mock to treat it as a real backend, or start the mock without --no-control`,
    );
  }
  return { baseUrl, mock: true, answersLikeMock, roomUrl: roomUrl ?? roomUrlOf(baseUrl) };
}

/** The line that says how a URL target is treated (stderr), so no one wonders what it was sent. */
export function targetLine(target: UrlTarget, markedMock = target.mock): string {
  // A URL marked --mock that does not answer was not opened as the mock; the line says what was asked.
  if (markedMock)
    return `target ${target.baseUrl}: the mock (--mock): its control API and the test data catalogue (TESTDATA) are used\n`;
  const hint = target.answersLikeMock
    ? "; it answers the mock's control API: add --mock if it is a topup mock you started"
    : '';
  return `target ${target.baseUrl}: a real backend (no --mock): no control API, no test data catalogue${hint}\n`;
}

/**
 * A check's or a fuzz's URL target, how it is treated said on stderr (whether or not it answered). Undefined
 * (said, for exit 1) when `--mock` names a URL nothing answers at; an unmarked URL that does not answer goes
 * on, each call saying so.
 */
export async function announceUrlTarget(
  baseUrl: string,
  markedMock: boolean,
  io: Io,
  timeoutMs = CONTROL_READ_MS,
): Promise<UrlTarget | undefined> {
  const target = await openUrlTarget(baseUrl, markedMock, undefined, timeoutMs);
  io.err(targetLine(target, markedMock));
  if (target.unreachable !== undefined && markedMock) {
    io.err(`topup: --target: no answer from ${baseUrl}: ${target.unreachable}\n`);
    return undefined;
  }
  return target;
}

export function roomUrlOf(baseUrl: string): string {
  const url = new URL('/ws/room', baseUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}
