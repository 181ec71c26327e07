import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

/**
 * The largest answer body the client reads, after decompression: 4 MiB, far above any envelope of the API
 * (a package list, a history page). A larger one (a gzip bomb, a server streaming a file) fails the call
 * as soon as it passes the cap, without holding more of it in memory.
 */
export const MAX_ANSWER_BYTES = 4 * 1024 * 1024;
const MAX_ANSWER_TEXT = '4 MiB';

/** The content-encodings a browser decodes; any other is an answer the app could not read. */
const DECODERS: Readonly<Record<string, (() => Transform) | null>> = {
  identity: null,
  gzip: () => createGunzip(),
  'x-gzip': () => createGunzip(),
  deflate: () => createInflate(),
  br: () => createBrotliDecompress(),
};

export interface WireAnswer {
  readonly status: number;
  readonly contentType: string;
  readonly location?: string;
  readonly text: string;
}

/** A transport failure, named in words (its code in brackets when the reading named one). */
class TransportError extends Error {
  constructor(message: string, code?: string) {
    super(message);
    if (code !== undefined) Object.assign(this, { cause: { code } });
  }
}

/** The answer's status line and headers came, then its body stopped before the request was given up on. */
export class BodyStalled extends Error {
  constructor(readonly status: number) {
    super(`the body stalled after the headers (HTTP ${status})`);
  }
}

/** The request's body as bytes, with the content-type a multipart body needs (its boundary). */
async function bodyOf(
  init: RequestInit,
): Promise<{ readonly bytes?: Buffer; readonly contentType?: string }> {
  if (init.body === undefined || init.body === null) return {};
  if (typeof init.body === 'string') return { bytes: Buffer.from(init.body) };
  const encoded = new Request('http://body.invalid/', { method: 'POST', body: init.body });
  const contentType = encoded.headers.get('content-type');
  return {
    bytes: Buffer.from(await encoded.arrayBuffer()),
    ...(contentType === null ? {} : { contentType }),
  };
}

/**
 * One HTTP exchange, read as strictly as a browser reads it: a redirect is the answer (never followed), a
 * body is decoded only in a content-encoding a browser knows, a chunked body must end with its last chunk
 * and a body must have all the bytes its content-length promised (else a transport error), and a body over
 * `MAX_ANSWER_BYTES` once decoded fails the call.
 */
export async function readAnswer(url: string, init: RequestInit, signal: AbortSignal): Promise<WireAnswer> {
  const target = new URL(url);
  const { bytes, contentType } = await bodyOf(init);
  const headers: Record<string, string> = {
    accept: '*/*',
    'accept-encoding': 'gzip, deflate, br',
    ...((init.headers ?? {}) as Record<string, string>),
  };
  if (contentType !== undefined) headers['content-type'] = contentType;
  if (bytes !== undefined) headers['content-length'] = String(bytes.length);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const outgoing = send(target, { method: init.method ?? 'GET', headers, signal }, resolve);
    outgoing.on('error', reject);
    outgoing.end(bytes);
  });
  let text: string;
  try {
    text = await readBody(response);
  } catch (error) {
    // Given up on while the body came (a time-out, Ctrl-C): the headers had come, so it was no silence.
    if (signal.aborted) throw new BodyStalled(response.statusCode ?? 0);
    throw error;
  }
  const location = response.headers.location;
  return {
    status: response.statusCode ?? 0,
    contentType: response.headers['content-type'] ?? '',
    ...(location === undefined ? {} : { location }),
    text,
  };
}

function readBody(response: IncomingMessage): Promise<string> {
  const named = (response.headers['content-encoding'] ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '');
  const unknown = named.find((coding) => !Object.hasOwn(DECODERS, coding));
  if (unknown !== undefined) {
    response.destroy();
    return Promise.reject(
      new TransportError(
        `the answer's content-encoding ${JSON.stringify(unknown)} is not one a browser decodes (gzip, deflate, br): the app could not read it`,
      ),
    );
  }
  const promised = Number(response.headers['content-length'] ?? Number.NaN);
  if (named.length === 0 && promised > MAX_ANSWER_BYTES) {
    response.destroy();
    return Promise.reject(tooLarge());
  }
  // Decoded in the reverse order of the header's list, as it was encoded in its order.
  const decoders = named
    .reverse()
    .map((coding) => DECODERS[coding]?.())
    .filter((decoder): decoder is Transform => decoder !== undefined && decoder !== null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      response.destroy();
      for (const decoder of decoders) decoder.destroy();
      reject(error);
    };
    // The raw body must end as HTTP frames it (its last chunk, its content-length): a connection closed
    // before then is a cut answer, which a browser fails too.
    response.on('aborted', () =>
      fail(
        new TransportError(
          'the answer was cut off: the connection closed before the end of its body',
          'ECONNRESET',
        ),
      ),
    );
    response.on('error', (error) => fail(error));
    let stream: NodeJS.ReadableStream = response;
    for (const decoder of decoders) {
      decoder.on('error', (error) => fail(error));
      stream = stream.pipe(decoder);
    }
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_ANSWER_BYTES) fail(tooLarge());
      else chunks.push(chunk);
    });
    stream.on('end', () => {
      if (settled) return;
      if (!response.complete) {
        fail(
          new TransportError(
            'the answer was cut off: the connection closed before the end of its body',
            'ECONNRESET',
          ),
        );
        return;
      }
      settled = true;
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
  });
}

function tooLarge(): TransportError {
  return new TransportError(
    `the answer is larger than ${MAX_ANSWER_TEXT} (the client's cap on an answer body, decompressed): not read further`,
  );
}
