import { type CallContract, ServerCode } from '@topup/contracts';
import { contentMatchesType, SIGNATURE_BYTES } from '@topup/contracts/fileSignature';
import { partQuery } from '@topup/contracts/registry/call';
import type { FastifyRequest } from 'fastify';

export interface UploadedFile {
  filename: string;
  mimetype: string;
  size: number;
  /** Set when the upload went over the size limit and was cut. */
  truncated: boolean;
  /** Whether the first bytes are of the declared type. */
  content_matches: boolean;
}

/** Answers whether an upload's key and token are usable, before any of its file is read. */
export type UploadPrecheck = (fields: Record<string, unknown>) => boolean;

/** Thrown when an upload is refused before its file is read: the rest of the body is not processed. */
export class UploadRefused extends Error {
  /** The result answered: by default, the key and token are not usable. */
  constructor(readonly result: number = ServerCode.uploadTokenInvalid) {
    super('upload refused');
  }
}

/**
 * What makes a file a page a browser could run: an image or video that also holds HTML,
 * SVG or script (a PNG/HTML polyglot) is refused whatever its first bytes say. Matched in lower case over
 * the whole stream, across chunk boundaries.
 */
const ACTIVE_CONTENT = [
  '<script',
  '<html',
  '<!doctype',
  '<iframe',
  '<object',
  '<embed',
  '<svg',
  '<body',
  'javascript:',
];
const ACTIVE_OVERLAP = Math.max(...ACTIVE_CONTENT.map((marker) => marker.length)) - 1;

/** Whether a stream holds active content: `scan` each chunk in order, then read `found`. */
function activeContentScanner(): { scan(chunk: Buffer): void; readonly found: boolean } {
  let tail = '';
  let found = false;
  return {
    scan(chunk) {
      if (found) return;
      const text = tail + chunk.toString('latin1').toLowerCase();
      found = ACTIVE_CONTENT.some((marker) => text.includes(marker));
      tail = text.slice(-ACTIVE_OVERLAP);
    },
    get found() {
      return found;
    },
  };
}

/**
 * Gathers a request's parameters as they travel for its transport (SPEC §7): the query for GETs and JSONP,
 * the JSON body, the form body merged over the query (config sends channel in the query), or the
 * multipart fields and the file (its bytes are counted, never kept; see gatherMultipart).
 */
export function gatherParams(contract: CallContract, request: FastifyRequest): Record<string, unknown> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  if (contract.method === 'GET') return { ...query };
  // A field the contract sends in the query (config's channel) is read there only, as SPEC's server does.
  const { body } = partQuery(contract, asRecord(request.body));
  return { ...query, ...body };
}

function asRecord(body: unknown): Record<string, unknown> {
  return body !== null && typeof body === 'object' && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

/**
 * The multipart fields and the one file of an upload; the file's bytes are counted and scanned, never kept.
 * What the server says of the file (its size, whether its bytes are of its type) comes from the bytes alone:
 * a body that is not multipart, or a field that names itself `file`, cannot assert it.
 */
export async function gatherMultipart(
  request: FastifyRequest,
  precheck?: UploadPrecheck,
): Promise<Record<string, unknown>> {
  if (!request.isMultipart()) throw new UploadRefused(ServerCode.fileTypeRefused);
  try {
    return await readParts(request, precheck);
  } catch (error) {
    // A body the multipart parser cannot read (no boundary, a cut or malformed part) is a bad upload,
    // refused like a body that is not multipart, not an internal error.
    if (error instanceof Error && MALFORMED_MULTIPART.test(error.message))
      throw new UploadRefused(ServerCode.fileTypeRefused);
    throw error;
  }
}

/** What the multipart parser (@fastify/busboy) says of a body it cannot read. */
const MALFORMED_MULTIPART = /^Multipart: |unexpected end of multipart data/i;

async function readParts(
  request: FastifyRequest,
  precheck: UploadPrecheck | undefined,
): Promise<Record<string, unknown>> {
  const { file: _claimed, ...query } = (request.query ?? {}) as Record<string, unknown>;
  const fields: Record<string, unknown> = { ...query };
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (fields.file !== undefined) {
        part.file.resume();
        fields.extra_files = true;
        continue;
      }
      // The key and token come before the file (as the web app sends them): checked before a byte is read.
      if (precheck !== undefined && !precheck(fields)) throw new UploadRefused();
      let size = 0;
      let head = Buffer.alloc(0);
      const active = activeContentScanner();
      for await (const chunk of part.file) {
        const bytes = chunk as Buffer;
        if (head.length < SIGNATURE_BYTES) head = Buffer.concat([head, bytes.subarray(0, SIGNATURE_BYTES)]);
        active.scan(bytes);
        size += bytes.length;
      }
      const file: UploadedFile = {
        filename: part.filename,
        mimetype: part.mimetype,
        size,
        truncated: part.file.truncated,
        content_matches: !active.found && contentMatchesType(head, part.mimetype),
      };
      fields.file = file;
    } else if (part.fieldname !== 'file') {
      fields[part.fieldname] = part.value;
    }
  }
  return fields;
}
