import { ClientCode, ServerCode } from '@topup/contracts/codes';
import { isAmbiguous } from './ambiguous';

/**
 * The bank's answer the page could not hand to the server: a 3-D Secure challenge's result
 * (submit_authentication_result) or a wallet's payment token (adyen_verify_pay) sent without an answer (the
 * connection dropped, a time-out, a 5xx). Until the server has it the order cannot be decided, and no result
 * poll can decide it, so it is sent again once the connection is back, a few times with a growing wait, then
 * before "check again" asks for the result. The server answers a repeated identical submit with the order's
 * state (mock-server: a decided order answers it again, a wallet token already taken is not taken again).
 *
 * Kept in this page's memory only, as a way to send it (the call, its parameters in its closure): never in
 * storage, so a wallet token never reaches it and a reload forgets it (the order is then only asked for).
 */

/** What sending the kept answer came to: the server answered it (or refused it), or it is still unsent. */
export type SendAnswer = { readonly ok: true } | { readonly ok: false; readonly result: number };

type Send = () => Promise<SendAnswer>;

const unsent = new Map<string, Send>();

/** Keeps an order's unsent answer (replacing an earlier one of the same order). */
export function keepUnsent(orderId: string, send: Send): void {
  unsent.set(orderId, send);
}

export function hasUnsent(orderId: string | undefined): boolean {
  return orderId !== undefined && unsent.has(orderId);
}

/** The order was answered or decided: nothing of it is left to send. */
export function forgetUnsent(orderId: string): void {
  unsent.delete(orderId);
}

/** Forgets every kept answer (tests; a page that starts afresh). */
export function forgetAllUnsent(): void {
  unsent.clear();
}

/** How many times an unsent answer is sent again in one go, and the first wait before it (doubled each time). */
export const RESEND_TRIES = 4;
export const RESEND_FIRST_WAIT_MS = 1_000;
/** How long one try waits for the connection to come back before it tries anyway. */
export const RESEND_ONLINE_WAIT_MS = 20_000;

/** The browser's connection, as the resend waits for it (tests give a fake one). */
export interface Connection {
  readonly online: () => boolean;
  /** Resolves when the connection comes back, or after `ms` at the latest. */
  readonly back: (ms: number) => Promise<void>;
}

export const browserConnection: Connection = {
  online: () => typeof navigator === 'undefined' || navigator.onLine !== false,
  back: (ms) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        removeEventListener('online', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      addEventListener('online', done);
    }),
};

export interface ResendDeps {
  readonly sleep: (ms: number) => Promise<void>;
  readonly connection?: Connection | undefined;
  /** True while the answer waits for the connection to be sent; false once it is sent or given up for now. */
  readonly onUnsent?: ((waiting: boolean) => void) | undefined;
}

const NO_ANSWER: SendAnswer = { ok: false, result: ClientCode.network };

/** A failure that says nothing of what the server did (a signed-out refusal is an answer): kept to send. */
export const unanswered = (answer: SendAnswer): boolean =>
  !answer.ok && answer.result !== ServerCode.loggedOut && isAmbiguous(answer.result);

/**
 * Sends an order's kept answer again: waits for the connection (the first time only if it is down), then
 * sends, up to `tries` times with a doubling wait between. The server's answer or refusal forgets it; still
 * unsent after the tries, it stays kept for "check again". Answers what the last send came to (undefined:
 * nothing was kept for the order).
 */
export async function resendUnsent(
  deps: ResendDeps,
  orderId: string,
  tries = RESEND_TRIES,
): Promise<SendAnswer | undefined> {
  const send = unsent.get(orderId);
  if (send === undefined) return undefined;
  const connection = deps.connection ?? browserConnection;
  let answer: SendAnswer = NO_ANSWER;
  deps.onUnsent?.(true);
  try {
    for (let attempt = 0; attempt < tries; attempt += 1) {
      if (!connection.online()) await connection.back(RESEND_ONLINE_WAIT_MS);
      else if (attempt > 0) await deps.sleep(RESEND_FIRST_WAIT_MS * 2 ** (attempt - 1));
      answer = await send().catch((): SendAnswer => NO_ANSWER);
      if (!unanswered(answer)) {
        forgetUnsent(orderId);
        return answer;
      }
    }
    return answer;
  } finally {
    deps.onUnsent?.(false);
  }
}
