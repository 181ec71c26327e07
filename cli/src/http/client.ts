import { randomUUID } from 'node:crypto';
import type { CallName } from '@topup/contracts';
import { sampleFileBytes } from '@topup/contracts/fileSignature';
import { LIMITS } from '@topup/contracts/limits';
import { wireRequest } from '@topup/contracts/registry/call';
import type { z } from 'zod/mini';
import { contractOf, type WireParams } from './encode';
import { BodyStalled, readAnswer } from './wire';

/** What came back from one HTTP exchange, before any judgement about it. */
export interface RawAnswer {
  readonly status: number;
  /** The parsed JSON body (JSONP unwrapped), or the text when it was not JSON. */
  readonly body: unknown;
  /** The answer's Content-Type header as sent ('' when it sent none). */
  readonly contentType?: string;
  readonly ms: number;
  /** Set when no HTTP answer arrived: time-out, refused or reset connection. */
  readonly networkError?: string;
  /** A redirect's Location header (redirects are never followed: every call answers HTTP 200). */
  readonly location?: string;
  /**
   * Set when the body came framed otherwise than the call's transport says (SPEC §7): a JSON call answered
   * as JSONP, a JSONP call answered as plain JSON or wrapped in another callback than the one it sent.
   */
  readonly framing?: string;
  /** What was sent, for reports and their curl lines (redacted before anything prints it). */
  readonly request?: SentRequest;
}

/** One request as sent: enough to show it and to repeat it with curl. */
export interface SentRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  /** A text body (JSON or form), or the parts of a multipart body (a file part as `@name;type=…`). */
  readonly body?: string | readonly (readonly [string, string])[];
}

export interface CallOptions {
  readonly headers?: Readonly<Record<string, string>>;
  readonly timeoutMs?: number;
  /** Ends the request early (Ctrl-C). */
  readonly signal?: AbortSignal;
}

/** Client id of this process, sent as x-cli-id like the web app's locally kept uuid. */
const clientId = randomUUID();

/**
 * Sends one call's wire parameters the way its contract says they travel (query, JSON, form, multipart,
 * JSONP), with the request layer's common headers (SPEC §7), and a fresh X-CLI-RID where the call reads one.
 */
export async function sendCall(
  baseUrl: string,
  name: CallName,
  wire: WireParams,
  options: CallOptions = {},
): Promise<RawAnswer> {
  const contract = contractOf(name);
  const url = joinUrl(baseUrl, contract.path);
  const headers: Record<string, string> = {
    'x-cli-pn': 'ksa',
    'x-cli-id': clientId,
    'accept-language': 'ar',
  };
  if (contract.headers?.some((h) => h.toLowerCase() === 'x-cli-rid')) headers['x-cli-rid'] = randomUUID();
  for (const [key, value] of Object.entries(options.headers ?? {})) headers[key.toLowerCase()] = value;

  const { search, body } = wireRequest(contract, wire);
  for (const [key, value] of search) url.searchParams.set(key, value);
  const init: RequestInit = { method: contract.method, headers };
  if (body?.kind === 'json') {
    headers['content-type'] = 'application/json';
    init.body = body.text;
  } else if (body?.kind === 'form') {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    init.body = new URLSearchParams(body.fields).toString();
  } else if (body?.kind === 'multipart') init.body = multipartOf(body.fields);
  const answer = await exchange(url.toString(), init, options.timeoutMs, options.signal);
  const framing = [
    answer.bom === true ? BOM_PROBLEM : undefined,
    framingProblem(contract.transport === 'jsonp', sentCallback(name, wire), answer.wrapper),
  ].filter((p) => p !== undefined);
  const { wrapper: _wrapper, bom: _bom, ...raw } = answer;
  return framing.length === 0 ? raw : { ...raw, framing: framing.join('; ') };
}

/**
 * A body that begins with a UTF-8 byte order mark: RFC 8259 §8.1, a JSON sender must not add one (JSON.parse
 * takes it as white space, so the answer is read as it would be without it; a strict client refuses it).
 */
const BOM_PROBLEM =
  'the body begins with a byte order mark (U+FEFF): RFC 8259 §8.1, a JSON text sent over the network must not';

/** The callback a JSONP call sent, when it is one the contract accepts (a server wraps its answer in it). */
function sentCallback(name: CallName, wire: WireParams): string | undefined {
  const contract = contractOf(name);
  const value = wire.callback;
  if (contract.transport !== 'jsonp' || typeof value !== 'string') return undefined;
  const shape = (contract.request as { def?: { shape?: Record<string, z.ZodMiniType> } }).def?.shape;
  return shape?.callback?.safeParse(value).success === true ? value : undefined;
}

/**
 * How an answer's framing breaks its transport, or undefined: a JSON call answers a plain JSON envelope; a
 * JSONP call wraps it in exactly the callback it was sent (and answers plain JSON when it sent none).
 * `wrapper` is the callback the body came wrapped in (null: plain JSON; undefined: no JSON at all, which
 * the envelope's own check names).
 */
function framingProblem(
  jsonp: boolean,
  callback: string | undefined,
  wrapper: string | null | undefined,
): string | undefined {
  if (wrapper === undefined) return undefined;
  if (!jsonp || callback === undefined) {
    if (wrapper === null) return undefined;
    return jsonp
      ? `wrapped in ${wrapper}(…) though no callback was sent; without one the envelope comes as plain JSON`
      : `answered as JSONP, wrapped in ${wrapper}(…); the call answers a plain JSON envelope (SPEC §7)`;
  }
  if (wrapper === null)
    return `answered plain JSON; a JSONP call's envelope comes wrapped in the callback it sent, ${callback}(…)`;
  return wrapper === callback
    ? undefined
    : `wrapped in ${wrapper}(…), not in the callback it sent, ${callback}(…)`;
}

/** A plain JSON request (the mock's control API, the provider simulators). */
export async function sendJson(
  baseUrl: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  payload?: unknown,
  timeoutMs?: number,
  signal?: AbortSignal,
): Promise<RawAnswer> {
  const url = joinUrl(baseUrl, path);
  // The mock's control API takes only requests that carry this header (a browser cannot send it cross-site).
  const control = path.startsWith('/__mock/') ? { 'x-topup-control': '1' } : {};
  const init: RequestInit =
    payload === undefined
      ? { method, headers: control }
      : {
          method,
          headers: { ...control, 'content-type': 'application/json' },
          body: JSON.stringify(payload),
        };
  const { wrapper: _wrapper, bom: _bom, ...raw } = await exchange(url.toString(), init, timeoutMs, signal);
  return raw;
}

function sentRequest(url: string, init: RequestInit): SentRequest {
  const headers = { ...((init.headers ?? {}) as Record<string, string>) };
  const method = init.method ?? 'GET';
  if (init.body instanceof FormData) {
    const parts: [string, string][] = [];
    for (const [key, value] of init.body.entries()) {
      parts.push([key, typeof value === 'string' ? value : `@${value.name};type=${value.type}`]);
    }
    return { method, url, headers, body: parts };
  }
  return typeof init.body === 'string' ? { method, url, headers, body: init.body } : { method, url, headers };
}

async function exchange(
  url: string,
  init: RequestInit,
  timeoutMs = LIMITS.apiMs,
  signal?: AbortSignal,
): Promise<RawAnswer & { readonly wrapper?: string | null; readonly bom?: boolean }> {
  const started = performance.now();
  const request = sentRequest(url, init);
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    const response = await readAnswer(
      url,
      init,
      signal === undefined ? timeout : AbortSignal.any([timeout, signal]),
    );
    const { body, wrapper } = unwrapBody(response.text);
    return {
      status: response.status,
      body,
      contentType: response.contentType,
      ms: elapsed(started),
      request,
      ...(response.location === undefined ? {} : { location: response.location }),
      ...(wrapper === undefined ? {} : { wrapper }),
      ...(response.text.startsWith('\uFEFF') ? { bom: true } : {}),
    };
  } catch (error) {
    const reason = timeout.aborted
      ? error instanceof BodyStalled
        ? `${error.message}: the whole answer did not come within ${timeoutMs} ms`
        : `no answer within ${timeoutMs} ms`
      : signal?.aborted === true
        ? 'interrupted'
        : describeNetworkError(error);
    return { status: 0, body: undefined, ms: elapsed(started), networkError: reason, request };
  }
}

function describeNetworkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  const holder = cause !== null && typeof cause === 'object' && 'code' in cause ? cause : error;
  const code = 'code' in holder && holder.code !== undefined ? String(holder.code) : undefined;
  return code === undefined ? error.message : `${error.message} (${code})`;
}

const elapsed = (started: number) => Math.round(performance.now() - started);

/** JSON, or JSONP `/**\/cb({...});` unwrapped, or the text itself. */
export function parseBody(text: string): unknown {
  return unwrapBody(text).body;
}

/**
 * The body parsed (JSON, or JSONP unwrapped) and how it came: `wrapper` is the callback of a JSONP body,
 * null for plain JSON, undefined for a body that is no JSON at all (kept as its text).
 */
function unwrapBody(text: string): { body: unknown; wrapper?: string | null } {
  const trimmed = text.trim();
  const jsonp = /^(?:\/\*\*\/)?\s*([A-Za-z_$][\w$.]*)\(([\s\S]*)\);?$/.exec(trimmed);
  if (jsonp?.[1] !== undefined && jsonp[2] !== undefined) {
    try {
      return { body: JSON.parse(jsonp[2]) as unknown, wrapper: jsonp[1] };
    } catch {
      // not JSONP after all: judged as the text below
    }
  }
  try {
    return { body: JSON.parse(trimmed) as unknown, wrapper: null };
  } catch {
    return { body: text };
  }
}

/**
 * A call's path under the target's base URL, keeping the base's own path: `http://host/staging/` and
 * `/api/sys/ts/` give `http://host/staging/api/sys/ts/` (a bare `new URL(path, base)` would drop `/staging`),
 * with a single slash between them. A query in `path` is kept.
 */
export function joinUrl(baseUrl: string, path: string): URL {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  return new URL(path.replace(/^\/+/, ''), base);
}

interface FileParam {
  readonly filename: string;
  readonly mimetype: string;
  readonly size: number;
}

function isFileParam(value: unknown): value is FileParam {
  return (
    typeof value === 'object' &&
    value !== null &&
    'filename' in value &&
    'mimetype' in value &&
    'size' in value &&
    typeof value.size === 'number'
  );
}

/** Fields as parts; a file parameter becomes a file part of `size` zero bytes (only its size matters). */
function multipartOf(wire: WireParams): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(wire)) {
    if (value === undefined || value === null) continue;
    if (isFileParam(value)) {
      // Made-up bytes that start as a file of the declared type does: servers check magic bytes.
      const bytes = sampleFileBytes(value.mimetype, value.size);
      form.append(key, new Blob([bytes], { type: value.mimetype }), value.filename);
    } else {
      form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
    }
  }
  return form;
}
