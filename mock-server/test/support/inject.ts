import { type CallName, type DataOf, type Registry, registry } from '@topup/contracts';
import { sampleFileBytes } from '@topup/contracts/fileSignature';
import { partQuery } from '@topup/contracts/registry/call';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/** An answer as a test sees it: the HTTP status beside the envelope (JSONP unwrapped). */
export interface InjectedEnvelope {
  readonly statusCode: number;
  readonly result: number;
  readonly message: string;
  readonly data: unknown;
}

/** The app's value of a call's parameters (the output of its request schema), as the web app's client holds it. */
export type ParamsOf<N extends CallName> = z.output<Registry[N]['request']>;

type WireParams = Record<string, unknown>;

/**
 * Calls a contract through `app.inject` as the web app would: the parameters are encoded with the call's
 * request schema (`z.encode`), then sent as its transport says (query, JSON, form, multipart, JSONP).
 */
export async function callInject<N extends CallName>(
  app: FastifyInstance,
  name: N,
  params: ParamsOf<N>,
  headers: Record<string, string> = {},
  from?: { remoteAddress: string },
): Promise<InjectedEnvelope> {
  const wire = z.encode(registry[name].request as z.core.$ZodType, params as never) as WireParams;
  return callInjectWire(app, name, wire, headers, from);
}

/**
 * The device the tests pay from; sent as x-device-token on every call, as the web app sends its device id,
 * so orders are read by the device that made them (a test of another caller overrides it).
 */
export const TEST_DEVICE = 'h5-test-device';
/**
 * The client the tests call as; sent as x-cli-id on every call, as every client does (SPEC §7), so a
 * signed-out order is read back by the client that made it (a test of another caller overrides it).
 */
export const TEST_CLIENT = 'h5-test-client';

/** Sends parameters already in their wire form, e.g. values a schema would refuse. */
export async function callInjectWire(
  app: FastifyInstance,
  name: CallName,
  wire: WireParams,
  extraHeaders: Record<string, string> = {},
  from?: { remoteAddress: string },
): Promise<InjectedEnvelope> {
  const headers: Record<string, string> = {
    'x-device-token': TEST_DEVICE,
    'x-cli-id': TEST_CLIENT,
    ...extraHeaders,
  };
  const remoteAddress = from?.remoteAddress ?? '127.0.0.1';
  const contract = registry[name];
  const url = contract.path;
  // A POST's query fields (the contract's `query`: config's channel) travel in the address, as the app sends them.
  const { query, body } = partQuery(contract, wire);
  let res: Awaited<ReturnType<FastifyInstance['inject']>>;
  switch (contract.transport) {
    case 'query':
    case 'jsonp':
      res = await app.inject({ method: contract.method, url, query: asQuery(wire), headers, remoteAddress });
      break;
    case 'json':
      res = await app.inject({
        method: contract.method,
        url,
        query: asQuery(query),
        payload: body,
        headers,
        remoteAddress,
      });
      break;
    case 'form':
      res = await app.inject({
        method: contract.method,
        url,
        query: asQuery(query),
        payload: new URLSearchParams(asQuery(body)).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        remoteAddress,
      });
      break;
    case 'multipart': {
      const { body, contentType } = multipartOf(wire);
      res = await app.inject({
        method: contract.method,
        url,
        payload: body,
        headers: { 'content-type': contentType, ...headers },
        remoteAddress,
      });
      break;
    }
  }
  return { statusCode: res.statusCode, ...envelopeOf(res.body) };
}

/**
 * The data of a success, decoded and checked by the call's data schema; throws with the result and message
 * otherwise, so a test failure says what the server answered.
 */
export function okData<N extends CallName>(name: N, envelope: InjectedEnvelope): DataOf<Registry[N]> {
  if (envelope.result !== 0) {
    throw new Error(`${name} answered ${envelope.result}: ${envelope.message}`);
  }
  const parsed = (registry[name].data as z.core.$ZodType as z.ZodType).safeParse(envelope.data);
  if (!parsed.success) throw new Error(`${name} answered outside its contract: ${parsed.error.message}`);
  return parsed.data as DataOf<Registry[N]>;
}

/** The session header the request layer sends beside (or instead of) a session_key parameter. */
export const sessionHeader = (sessionKey: string): Record<string, string> => ({
  'x-session-key': sessionKey,
});

function asQuery(wire: WireParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(wire)) {
    if (value === undefined || value === null) continue;
    out[key] = typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return out;
}

function envelopeOf(body: string): Omit<InjectedEnvelope, 'statusCode'> {
  // JSONP: /**/callback({...});
  const text = body.startsWith('/**/') ? body.slice(body.indexOf('(') + 1, body.lastIndexOf(')')) : body;
  const parsed = JSON.parse(text) as { result: number; message: string; data?: unknown };
  return { result: parsed.result, message: parsed.message, data: parsed.data ?? null };
}

interface FileParam {
  readonly filename: string;
  readonly mimetype: string;
  readonly size: number;
}

const isFileParam = (value: unknown): value is FileParam =>
  typeof value === 'object' &&
  value !== null &&
  'filename' in value &&
  'mimetype' in value &&
  'size' in value;

/** A multipart body: each field as a part, and a `file` part of `size` zero bytes (only the size matters). */

function multipartOf(wire: WireParams): { body: Buffer; contentType: string } {
  const boundary = '----topup-test-boundary';
  const parts: Buffer[] = [];
  for (const [key, value] of Object.entries(wire)) {
    if (value === undefined) continue;
    if (isFileParam(value)) {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${key}"; filename="${value.filename}"\r\n` +
            `Content-Type: ${value.mimetype}\r\n\r\n`,
        ),
        Buffer.from(sampleFileBytes(value.mimetype, value.size)),
        Buffer.from('\r\n'),
      );
    } else {
      const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
      parts.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${text}\r\n`),
      );
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The header every control API request carries (a browser cannot send it cross-site without a preflight). */
export const CONTROL = { 'x-topup-control': '1' } as const;
