import { sendJson } from '../http/client';

/** Where scenarios run: a base URL, whether the mock's control API answers there, and the room socket. */
export interface Target {
  readonly baseUrl: string;
  /** The mock's control API and provider simulators answer here. */
  readonly mock: boolean;
  /** ws(s) URL of the room server; the mock serves it at /ws/room on its own origin. */
  readonly roomUrl?: string;
  /** Set when nothing answered at the base URL at all (refused, reset, timed out): why. */
  readonly unreachable?: string;
}

/** A target is a mock when its control API answers; a real backend has none (nor does `--no-control`). */
export async function probeTarget(baseUrl: string, roomUrl?: string): Promise<Target> {
  const answer = await sendJson(baseUrl, 'GET', '/__mock/clock', undefined, 5000);
  if (answer.networkError !== undefined) {
    return {
      baseUrl,
      mock: false,
      unreachable: answer.networkError,
      ...(roomUrl === undefined ? {} : { roomUrl }),
    };
  }
  const body = answer.body as { result?: unknown } | undefined;
  const mock = answer.status === 200 && body !== undefined && body !== null && body.result === 0;
  const derived = mock ? roomUrlOf(baseUrl) : undefined;
  const room = roomUrl ?? derived;
  return room === undefined ? { baseUrl, mock } : { baseUrl, mock, roomUrl: room };
}

export function roomUrlOf(baseUrl: string): string {
  const url = new URL('/ws/room', baseUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}
