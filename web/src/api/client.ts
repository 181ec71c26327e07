import { ClientCode } from '@topup/contracts/codes';
import { normaliseEnvelope } from '@topup/contracts/envelope';
import { LIMITS } from '@topup/contracts/limits';
import { messageOf as catalogueMessageOf, Message } from '@topup/contracts/messages';
import {
  allowedResults,
  type ClientCall,
  describeIssues,
  wireRequest,
  wireStrings,
} from '@topup/contracts/registry/call';
import type { DataOf, RequestOf } from '@topup/contracts/registry/define';
import type { CallName, Registry } from '@topup/contracts/registry/index';
import { LATE, within } from '../platform/loadOnce';
import type { ContractSource } from './contracts';
import { serverText } from './serverText';
import type { Transport, WireRequest, WireResponse } from './transport';

/**
 * The one request layer of the app: every call is typed from the contract registry. Results are values —
 * a banned account or a declined card is `{ ok: false, result, message }` for the UI to render. Only an
 * answer outside the contract (not an envelope, or success data of the wrong shape) throws.
 */

export type CallResult<N extends CallName> =
  | { readonly ok: true; readonly data: DataOf<Registry[N]> }
  | {
      readonly ok: false;
      readonly result: number;
      readonly message: string;
      /** What a refusal carried beside its code, unchecked (e.g. the wait of a delayed sign-in). */
      readonly detail?: unknown;
    };

export type Params<N extends CallName> = RequestOf<Registry[N]>;

export class ContractViolation extends Error {
  /**
   * `cutOff`: the body stopped short (JSON begun and not ended, or nothing at all): the answer did not come
   * through whole, the way to it failed. `answer`: a whole answer that breaks the call's contract (a page in
   * HTML, text, JSON that is not the envelope, an envelope whose data has the wrong shape): a server answered,
   * wrongly, which is the service's failure, not the visitor's connection.
   */
  readonly part: 'cutOff' | 'answer';
  constructor(call: CallName, detail: string, part: 'cutOff' | 'answer') {
    super(`answer of ${call} is outside its contract: ${detail}`);
    this.name = 'ContractViolation';
    this.part = part;
  }
}

export interface ErrorInfo {
  readonly result: number;
  readonly message: string;
  /** The call's API path; '' when its contract could not be fetched (offline). */
  readonly path: string;
  readonly call: CallName;
  /** The session the call was made under when given one (`CallOptions.session`), not the one signed in. */
  readonly session?: { readonly key: string | undefined };
}

export interface CallOptions {
  /** Multipart calls: the real file bytes, by field name (the request schema describes their metadata). */
  readonly files?: Readonly<Record<string, Blob>>;
  readonly onUploadProgress?: (fraction: number) => void;
  readonly signal?: AbortSignal;
  /** Order creation's X-CLI-RID. */
  readonly requestId?: string;
  /** The app package (x-cli-pn) for this call instead of the page's: ticket_login's bundle_id (SPEC §7). */
  readonly packageName?: string;
  /**
   * The session this call is made under instead of the one signed in now: every call about an order goes under
   * the session that made it, whatever another window signs in meanwhile (`orderSession.ts`).
   */
  readonly session?: { readonly key: string | undefined };
}

export interface ClientOptions {
  readonly transport: Transport;
  /** The contracts: `appContracts` in the app, `everyContract` in tests. */
  readonly contracts: ContractSource;
  /** '' for same origin, or an absolute base. */
  readonly base: () => string;
  /** Headers of SPEC §7 for this call; the client adds nothing of its own. */
  readonly headers: (call: CallName, contract: ClientCall, options: CallOptions) => Record<string, string>;
  readonly timeoutMs?: number;
  /**
   * The Arabic message of a result code; `messageOf` of messages.ts when not given.
   */
  readonly messageOf?: (code: number) => string | undefined;
  /** The global error handler: every non-zero result, client codes included. */
  readonly onError?: (info: ErrorInfo) => void;
  /** Results not listed by a call's contract: still returned as values, reported here. */
  readonly onUnlistedResult?: (info: ErrorInfo) => void;
}

export const API_TIMEOUT_MS = LIMITS.apiMs;

/** A body that stopped short: left as text (not JSON), empty or begun as JSON's object or list. */
const cutOff = (body: unknown): boolean => typeof body === 'string' && /^\s*(?:[[{]|$)/.test(body);

export function createClient(options: ClientOptions) {
  const timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS;
  const messageOf = options.messageOf ?? catalogueMessageOf;

  function failure<N extends CallName>(
    call: N,
    path: string,
    result: number,
    message: string,
    detail?: unknown,
    session?: CallOptions['session'],
  ): CallResult<N> {
    options.onError?.({ result, message, path, call, ...(session === undefined ? {} : { session }) });
    return detail === undefined ? { ok: false, result, message } : { ok: false, result, message, detail };
  }

  /**
   * A call's contract: at once when loaded, else once the registry's chunk arrives. Undefined when it cannot
   * be fetched, or has not arrived within the call's own time limit (the call then answers -2).
   */
  async function contractOf(name: CallName): Promise<ClientCall | undefined> {
    const loaded = options.contracts.loaded(name);
    if (loaded !== undefined) return loaded;
    try {
      const all = await within(options.contracts.all(), timeoutMs);
      return all === LATE ? undefined : all[name];
    } catch {
      return undefined;
    }
  }

  function buildRequest(
    name: CallName,
    contract: ClientCall,
    wire: unknown,
    callOptions: CallOptions,
  ): WireRequest {
    // Every request schema is an object, so its wire form is a record.
    const { search, body } = wireRequest(contract, wire as Readonly<Record<string, unknown>>);
    const query = new URLSearchParams(search).toString();
    const headers = { ...options.headers(name, contract, callOptions) };
    const common = {
      method: contract.method,
      url: `${options.base()}${contract.path}${query === '' ? '' : `?${query}`}`,
      headers,
      timeoutMs,
      signal: callOptions.signal,
      onUploadProgress: callOptions.onUploadProgress,
    } as const;
    switch (body?.kind) {
      case undefined:
        return common;
      case 'json':
        headers['content-type'] = 'application/json';
        return { ...common, body: body.text };
      case 'form':
        return { ...common, body: new URLSearchParams(body.fields) };
      case 'multipart':
        return {
          ...common,
          body: new URLSearchParams(wireStrings(body.fields)),
          files: callOptions.files ?? {},
        };
    }
  }

  /** Turns one answer body into a result of `name`'s contract. */
  function interpret<N extends CallName>(
    name: N,
    contract: ClientCall,
    status: number,
    body: unknown,
    session?: CallOptions['session'],
  ): CallResult<N> {
    const normalised = normaliseEnvelope(body);
    if (status >= 400) {
      const said = normalised.ok ? serverText(normalised.envelope.message) : '';
      const message = said !== '' ? said : `HTTP ${status}`;
      return failure(name, contract.path, status, message, undefined, session);
    }
    if (!normalised.ok)
      throw new ContractViolation(name, normalised.error, cutOff(body) ? 'cutOff' : 'answer');
    const { result, message, data } = normalised.envelope;
    if (result !== 0) {
      const shown = messageOf(result) ?? (serverText(message) || Message.internal);
      if (!allowedResults(contract).has(result)) {
        options.onUnlistedResult?.({ result, message: shown, path: contract.path, call: name });
      }
      return failure(name, contract.path, result, shown, data ?? undefined, session);
    }
    const parsed = contract.parse(data);
    if (!parsed.success) throw new ContractViolation(name, describeIssues(parsed.issues), 'answer');
    return { ok: true, data: parsed.data as DataOf<Registry[N]> };
  }

  async function call<N extends CallName>(
    name: N,
    params: Params<N>,
    callOptions: CallOptions = {},
  ): Promise<CallResult<N>> {
    const contract = await contractOf(name);
    if (contract === undefined) return failure(name, '', ClientCode.network, Message.network);
    let wire: unknown;
    try {
      wire = contract.encode(params);
    } catch {
      return failure(name, contract.path, ClientCode.setup, Message.setup);
    }
    // JSONP is refused (issue 11): its answer is a script that runs with the page's rights, so a foreign or
    // hijacked host could run anything. Nothing is sent.
    const response: WireResponse =
      contract.transport === 'jsonp'
        ? { kind: 'failure', code: ClientCode.setup }
        : await options.transport.send(buildRequest(name, contract, wire, callOptions));
    const { session } = callOptions;
    if (response.kind === 'failure') {
      const message = messageOf(response.code) ?? Message.network;
      return failure(name, contract.path, response.code, message, undefined, session);
    }
    return interpret(name, contract, response.status, response.body, session);
  }

  return { call, contractOf, interpret };
}

export type ApiClient = ReturnType<typeof createClient>;
