import type { CallContract } from '@topup/contracts';
import { contentMatchesType } from '@topup/contracts/fileSignature';
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
export class UploadRefused extends Error {}

const SIGNATURE_BYTES = 16;

/**
 * Gathers a request's parameters as they travel for its transport (SPEC §7): the query for GETs and JSONP,
 * the JSON body, the form body merged over the query (config sends channel in the query), or the
 * multipart fields and the file (its bytes are counted, never kept; see gatherMultipart).
 */
export function gatherParams(contract: CallContract, request: FastifyRequest): Record<string, unknown> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  if (contract.method === 'GET') return { ...query };
  return { ...query, ...asRecord(request.body) };
}

function asRecord(body: unknown): Record<string, unknown> {
  return body !== null && typeof body === 'object' && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

/** The multipart fields and the one file of an upload; the file's bytes are counted, never kept. */
export async function gatherMultipart(
  request: FastifyRequest,
  precheck?: UploadPrecheck,
): Promise<Record<string, unknown>> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  if (!request.isMultipart()) return { ...query, ...asRecord(request.body) };
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
      for await (const chunk of part.file) {
        const bytes = chunk as Buffer;
        if (head.length < SIGNATURE_BYTES) head = Buffer.concat([head, bytes.subarray(0, SIGNATURE_BYTES)]);
        size += bytes.length;
      }
      const file: UploadedFile = {
        filename: part.filename,
        mimetype: part.mimetype,
        size,
        truncated: part.file.truncated,
        content_matches: contentMatchesType(head, part.mimetype),
      };
      fields.file = file;
    } else {
      fields[part.fieldname] = part.value;
    }
  }
  return fields;
}
