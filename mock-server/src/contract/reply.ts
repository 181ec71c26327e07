import type { CallContract, CallName, DataOf, Envelope, Registry } from '@topup/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { RoomHub } from '../room/hub';
import type { World } from '../world/world';

/** What a handler answers: success with the call's data, or a non-zero result (message from the catalogue). */
export type Reply<D> =
  | { readonly result: 0; readonly data: D; readonly message?: string }
  | { readonly result: number; readonly message?: string; readonly data?: unknown };

export function ok<D>(data: D): Reply<D> {
  return { result: 0, data };
}

export function refuse(result: number, message?: string, data?: unknown): Reply<never> {
  return { result, ...(message === undefined ? {} : { message }), ...(data === undefined ? {} : { data }) };
}

/** What a handler knows about the request beyond its parameters. */
export interface CallContext {
  readonly world: World;
  /** Lower-cased request headers. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** The session key from the parameters or the session header, when one was sent. */
  readonly sessionKey: string | undefined;
  /** The X-CLI-RID header of order creation (SPEC §7). */
  readonly requestId: string | undefined;
  /** The origin the page was served from, e.g. http://127.0.0.1:8080, for building return URLs. */
  readonly origin: string;
  readonly ip: string;
  readonly log: FastifyBaseLogger;
  readonly rooms: RoomHub;
  /** Runs another call as if it had been requested (batch_request). */
  readonly dispatch: (name: CallName, params: Record<string, unknown>) => Promise<Envelope>;
}

export type Handler<C extends CallContract> = (
  request: import('zod').output<C['request']>,
  context: CallContext,
) => Reply<DataOf<C>> | Promise<Reply<DataOf<C>>>;

/** One handler per call of the registry: a missing call fails to compile. */
export type Handlers = { readonly [K in CallName]: Handler<Registry[K]> };
