import { BridgeError } from '@topup/contracts/codes';
import { LIMITS } from '@topup/contracts/limits';
import { BRIDGE_POLL_MS, BRIDGE_POLL_TRIES, type NativeBridge } from './bridgeDetect';

/**
 * The native app's bridge (SPEC §1, §9). The app injects `window.NativeBridge` with one `call` method and
 * answers by calling `window.__nativeBridgeCallback(id, json)`, where json is `{ code, data }` with a
 * BridgeError code. The shape is the project's choice; SPEC fixes only the timings and the error codes.
 *
 * Methods the page calls (arguments are one JSON object; `data` is what a `code` 0 answer carries):
 * - `wrapApi` / `wrapApi2` (`{ method, url, headers, body }` → `{ status, body }`): an API call made by the
 *   app on the page's behalf (SPEC §7); wrapApi2 from Android version code 30507.
 * - `getUserInfo` (`{}` → `{ open_id }` or `{ openid }`): the account signed in inside the app; no user, or
 *   no answer within 1 s, means none.
 * - `getLoginTicket` (`{ open_id }` → `{ ticket }`): a fresh one-use login ticket for the app's account, the
 *   same kind of ticket the app puts in the `ticket` URL argument; the page signs in with it through
 *   ticket_login (login type "ticket"). The app refuses with a non-zero code when its signed-in user is not
 *   `open_id` any more. Answered within 5 s or treated as a time-out.
 */
export const BRIDGE = Object.freeze({
  pollIntervalMs: BRIDGE_POLL_MS,
  pollTries: BRIDGE_POLL_TRIES,
  callTimeoutMs: LIMITS.bridgeCallMs,
  userInfoWaitMs: 1_000,
  wrapApi2MinVersionCode: 30_507,
});

/** The bridge methods of the list above. */
export const BridgeMethod = Object.freeze({
  userInfo: 'getUserInfo',
  loginTicket: 'getLoginTicket',
});

export type BridgeAnswer = { code: BridgeError; data: unknown };

interface Timers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (id: never) => void;
}
const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id),
};

let nextCallback = 0;
const pending = new Map<string, (answer: BridgeAnswer) => void>();

function installCallback(win: Window): void {
  if (win.__nativeBridgeCallback !== undefined) return;
  win.__nativeBridgeCallback = (id, json) => {
    const resolve = pending.get(id);
    if (resolve === undefined) return;
    pending.delete(id);
    try {
      const parsed = JSON.parse(json) as { code?: unknown; data?: unknown };
      const code = typeof parsed.code === 'number' ? (parsed.code as BridgeError) : BridgeError.Unknown;
      resolve({ code, data: parsed.data });
    } catch {
      resolve({ code: BridgeError.ProtocolError, data: undefined });
    }
  };
}

/** One bridge call, answered or timed out (5 s by default, as BridgeError.Unknown). Never throws. */
export function bridgeCall(
  bridge: NativeBridge,
  method: string,
  args: unknown,
  timeoutMs: number = BRIDGE.callTimeoutMs,
  win: Window = window,
  timers: Timers = realTimers,
): Promise<BridgeAnswer & { timedOut?: true }> {
  installCallback(win);
  nextCallback += 1;
  const id = `cb${nextCallback}`;
  return new Promise((resolve) => {
    const timer = timers.setTimeout(() => {
      pending.delete(id);
      resolve({ code: BridgeError.Unknown, data: undefined, timedOut: true });
    }, timeoutMs);
    pending.set(id, (answer) => {
      timers.clearTimeout(timer as never);
      resolve(answer);
    });
    try {
      bridge.call(method, JSON.stringify(args ?? {}), id);
    } catch {
      pending.delete(id);
      timers.clearTimeout(timer as never);
      resolve({ code: BridgeError.BadParam, data: undefined });
    }
  });
}

/** wrapApi2 exists only from Android version code 30507; older apps get wrapApi. */
export function apiBridgeMethod(versionCode: number | undefined): 'wrapApi2' | 'wrapApi' {
  return versionCode !== undefined && versionCode >= BRIDGE.wrapApi2MinVersionCode ? 'wrapApi2' : 'wrapApi';
}
