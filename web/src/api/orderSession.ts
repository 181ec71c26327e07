import { ServerCode } from '@topup/contracts/codes';
import type { CallName } from '@topup/contracts/registry/index';
import { OwnedStorageKeys } from '@topup/contracts/storage';
import { z } from 'zod/mini';
import { readJson, writeJson } from '../platform/storage';
import type { ApiClient, CallOptions, CallResult, ErrorInfo, Params } from './client';

/**
 * An order is its payer's (contracts' ORDER_SCOPE): every call about it (its result, its 3-D Secure and wallet
 * answers, its cancel) must go under the session that made it. Another window signing in as someone else, or
 * out, changes the session of new calls only: an order's calls would otherwise go under the wrong account
 * (answered "no such order", 23001: its result unread, its cancel never made).
 *
 * The one rule, for every screen: the app's client (`instance.ts`) remembers, for each order it saw made, the
 * session it was made under (none for a signed-out one), and makes every later call naming that order
 * (`app_order`, `zp_orderid`, `order_id`) under it, whoever is signed in then. Kept in the tab's
 * sessionStorage, as the tab keeps the order itself (`payments/orderAttempt.ts`), so a reload still gives up
 * or asks for a kept order as its own payer; only the last few, and never beyond the tab. A call given its
 * own session (`options.session`) keeps it. Signing out, or another account signing in, forgets the old
 * account's orders but those the tab still follows (app/accountOrders.ts).
 */

/** The calls that make an order: their answer's `order_id` is the order made. */
const ORDER_CREATIONS: ReadonlySet<CallName> = new Set<CallName>([
  'createCoinPay',
  'createFinePay',
  'payerMaxCreateFinePay',
]);
/** The fields a call names its order by. */
const ORDER_FIELDS = ['app_order', 'zp_orderid', 'order_id'] as const;
/** Orders remembered (the oldest goes first): a tab follows one order at a time. */
export const ORDER_SESSIONS_KEPT = 16;

const EntrySchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  key: z.optional(z.string().check(z.maxLength(200))),
});
const EntriesSchema = z.array(EntrySchema).check(z.maxLength(ORDER_SESSIONS_KEPT));
type Entry = z.infer<typeof EntrySchema>;

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Where each order was made: its id to the session key (none: signed out). */
export function orderSessionBook(storage: Storage | undefined) {
  let memory: Entry[] | undefined;
  const entries = () => {
    memory ??= readJson(storage, OwnedStorageKeys.orderSessions, EntriesSchema) ?? [];
    return memory;
  };
  return {
    /** The session `id` was made under: `{ key }` (key undefined: signed out), or undefined when not known. */
    of(id: string): { readonly key: string | undefined } | undefined {
      const found = entries().find((entry) => entry.id === id);
      return found === undefined ? undefined : { key: found.key };
    },
    note(id: string, key: string | undefined) {
      const kept = entries().filter((entry) => entry.id !== id);
      memory = [...kept, key === undefined ? { id } : { id, key }].slice(-ORDER_SESSIONS_KEPT);
      // Storage full or refused: the page still knows, only a reload forgets.
      writeJson(storage, OwnedStorageKeys.orderSessions, memory);
    },
    /** Forgets every order for which `keep(id, key)` is false (an account's, once it is gone from the tab). */
    keepOnly(keep: (id: string, key: string | undefined) => boolean) {
      const kept = entries().filter((entry) => keep(entry.id, entry.key));
      if (kept.length === entries().length) return;
      memory = kept;
      writeJson(storage, OwnedStorageKeys.orderSessions, kept.length === 0 ? undefined : kept);
    },
  };
}
export type OrderSessionBook = ReturnType<typeof orderSessionBook>;

/** The order a call names, if any. */
export function orderNamed(params: unknown): string | undefined {
  if (typeof params !== 'object' || params === null) return undefined;
  const fields = params as Record<string, unknown>;
  for (const field of ORDER_FIELDS) {
    const value = fields[field];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

const sessionKeyOf = (params: unknown): string | undefined => {
  const key = (params as { readonly session_key?: unknown }).session_key;
  return typeof key === 'string' && key !== '' ? key : undefined;
};

/** The client with the rule above; `current` is the session signed in now, which a new order is made under. */
export function orderSessions(
  client: ApiClient,
  current: () => string | undefined,
  book: OrderSessionBook,
): ApiClient {
  const call = async <N extends CallName>(name: N, params: Params<N>, options?: CallOptions) => {
    const creation = ORDER_CREATIONS.has(name);
    const order = orderNamed(params);
    // An order is made under the session its request names (else the one signed in): its headers carry the same.
    const pinned =
      options?.session ??
      (order === undefined ? undefined : book.of(order)) ??
      (creation ? { key: sessionKeyOf(params) ?? current() } : undefined);
    const answer: CallResult<N> = await client.call(
      name,
      params,
      pinned === undefined ? options : { ...options, session: pinned },
    );
    if (creation && answer.ok && pinned !== undefined) {
      const made = (answer.data as { readonly order_id?: unknown }).order_id;
      if (typeof made === 'string' && made !== '') book.note(made, pinned.key);
    }
    return answer;
  };
  return { ...client, call };
}

/**
 * Whether a refusal ends the session signed in (-10000: signed out here). A call made under another session (an
 * order's, made before another window signed in as someone else) refused -10000 says that old session ended,
 * not the one signed in now: the visitor stays signed in.
 */
export function endsSignedInSession(info: ErrorInfo, current: string | undefined): boolean {
  return info.result === ServerCode.loggedOut && (info.session === undefined || info.session.key === current);
}
