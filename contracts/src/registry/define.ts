import { z } from 'zod/mini';
import type { Access, ClientCall, HttpMethod, Transport } from './call';

export { type Access, allowedResults, type ClientCall, type HttpMethod, type Transport } from './call';

export interface CallContract<
  Req extends z.ZodMiniType = z.ZodMiniType,
  Data extends z.ZodMiniType = z.ZodMiniType,
> extends ClientCall {
  readonly method: HttpMethod;
  readonly path: `/${string}`;
  readonly transport: Transport;
  readonly summary: string;
  readonly tag: string;
  /** Input is the wire form, output the app's value (see wire.ts). */
  readonly request: Req;
  /** The `data` of a success envelope. */
  readonly data: Data;
  /** Non-zero results this call may answer, beyond COMMON_CODES. */
  readonly codes: readonly number[];
  readonly access: Access;
  /** Read-only: the contract check may call it on a real backend without fixtures marking it safe. */
  readonly readOnly: boolean;
  /** Set where SPEC.md leaves the call open and the shape is the project's choice. */
  readonly projectChoice?: string;
  /**
   * What the caller must own (SPEC is silent; the project's choice, see ORDER_SCOPE and REQUEST_ID_SCOPE):
   * `order` – the order it names is its payer's; `requestId` – its X-CLI-RID counts only for this caller.
   */
  readonly scope?: 'order' | 'requestId';
  /** Headers the call reads beyond the common ones (SPEC §7: X-CLI-RID on order creation). */
  readonly headers?: readonly string[];
  /** Request fields a POST sends in the URL's query rather than its body (SPEC §7: config's channel, pure). */
  readonly query?: readonly string[];
  /** The answer is not an envelope's data but a raw body (batch answers a map of JSON strings). */
  readonly rawAnswer?: boolean;
}

/** The project's choice where SPEC is silent: who may use an order. */
export const ORDER_SCOPE =
  "an order is its payer's: a signed-in payer's order only to that payer's session; a signed-out order to " +
  "the client (x-cli-id) that created it. One created without a client id is no one's: holding its id is no " +
  'credential (its maker can forward its return link to anyone); only the result lookup of its return, by ' +
  'the device id the return carries, answers it, never its package or account. The device id (h5_deviceid, ' +
  'x-device-token) is never a credential otherwise. Anyone else is answered order not found';

/** The project's choice where SPEC is silent: the card-testing defences of order creation. */
export const PAYMENT_LIMITS =
  'card-testing defences: a saved card is removed after 5 wrong security codes in a row: the 5th is answered ' +
  '23005 (no order is made), and so is every use of the card until it is entered again as a new card; order creation is limited over sliding windows per account, ' +
  'device, card fingerprint and client address (23006). A card is saved only for a signed-in payer who ' +
  'asked for it (is_remember=1); paying with a source_id needs the session that owns the card';

/** The project's choice where SPEC is silent: whose X-CLI-RID an order creation replays. */
export const REQUEST_ID_SCOPE =
  "X-CLI-RID is scoped to its caller (the signed-in payer, else the device and client): another caller's use " +
  'of the same id neither refuses this one with 10009 nor hands it their order. A used id answers its order ' +
  'to the same request (ext aside) and to the same intent without any card field (a page back from a reload ' +
  'keeps no card token), which can make no order; other parameters under a used id are 10009. That cardless ' +
  'lookup under an id that made nothing is refused and spends the id: the request it looked for, arriving ' +
  'late, is 10009 and makes no order, so the "no order" the page was told stays true';

/** What a call's module gives `defineCall`: its contract without the client's two operations. */
export type CallSpec<Req extends z.ZodMiniType, Data extends z.ZodMiniType> = Omit<
  CallContract<Req, Data>,
  'encode' | 'parse'
>;

/** A call's contract, with the client's two operations (see `ClientCall`) derived from its schemas. */
export function defineCall<Req extends z.ZodMiniType, Data extends z.ZodMiniType>(
  spec: CallSpec<Req, Data>,
): CallContract<Req, Data> {
  return {
    ...spec,
    encode: (params) => z.encode(spec.request, params as never),
    parse(value) {
      const parsed = spec.data.safeParse(value);
      return parsed.success
        ? { success: true, data: parsed.data }
        : { success: false, issues: parsed.error.issues.map((i) => ({ path: i.path, message: i.message })) };
    },
  };
}

export type RequestOf<C extends CallContract> = z.output<C['request']>;
export type WireRequestOf<C extends CallContract> = z.input<C['request']>;
export type DataOf<C extends CallContract> = z.output<C['data']>;
