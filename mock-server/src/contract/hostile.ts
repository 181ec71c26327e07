import type { Socket } from 'node:net';
import { fail, Message, ServerCode } from '@topup/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Malformed requests answered as envelopes: JSON nested too deep is refused before it is parsed (nothing
 * downstream recurses on it), and errors Fastify and Node raise outside any route (a bad URL, oversized
 * headers, a broken request line) get the envelope too, never Fastify's own shape.
 */

/** No call nests deeper than a batch's sub-request parameters; 32 leaves room and stops abuse. */
export const JSON_MAX_DEPTH = 32;

/** The deepest nesting of arrays and objects in a JSON text, scanned without parsing or recursion. */
export function jsonDepth(text: string, stopAbove = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i += 1;
      else if (c === 34 /* " */) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      depth += 1;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > stopAbove) return deepest;
      }
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth -= 1;
  }
  return deepest;
}

class BadBody extends Error {
  readonly statusCode = 400;
}

/** Replaces the JSON body parser: the depth cap first, then Fastify's own (prototype poisoning refused). */
export function registerJsonParser(app: FastifyInstance, bodyLimit: number): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (request, body, done) => {
    const text = body as string;
    if (jsonDepth(text, JSON_MAX_DEPTH) > JSON_MAX_DEPTH) {
      done(new BadBody(`JSON nested deeper than ${JSON_MAX_DEPTH} levels`), undefined);
      return;
    }
    parse(request, text, done);
  });
}

/** Fastify's framework errors (a URL that does not decode) as envelopes. */
export function frameworkErrors(error: Error, _request: FastifyRequest, reply: FastifyReply): void {
  const why =
    (error as { code?: string }).code === 'FST_ERR_BAD_URL' ? 'the URL does not decode' : 'bad request';
  reply.code(400).send(fail(ServerCode.invalidParam, `${Message.invalidParam}: ${why}`));
}

const clientErrorStatus: Readonly<Record<string, [number, string]>> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout'],
};

/** Node's parse errors (headers too large, a malformed request line) answered with an envelope, then closed. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const [status, text] = clientErrorStatus[error.code ?? ''] ?? [400, 'Bad Request'];
  const why = status === 431 ? 'the request headers are too large' : 'the request does not parse';
  const body = JSON.stringify(fail(ServerCode.invalidParam, `${Message.invalidParam}: ${why}`));
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * Refuses a request target that is not a path (origin-form): `POST http://x/__mock/config` (absolute-form)
 * or `*`. Every check keyed on the path (the control API's guards, the API's no-store and CSP) reads the
 * path; a target that is not one would slip past them. Browsers and this project's
 * clients only send paths; a forward proxy is not what this server is.
 */
export function registerOriginFormOnly(
  app: FastifyInstance,
  headers: Readonly<Record<string, string>>,
): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.raw.url?.startsWith('/') === true) {
      done();
      return;
    }
    reply
      .code(400)
      .headers(headers)
      .send(fail(ServerCode.invalidParam, `${Message.invalidParam}: the request target must be a path`));
  });
}
