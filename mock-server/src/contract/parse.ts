import type { CallContract } from '@topup/contracts';
import type { FastifyRequest } from 'fastify';

export interface UploadedFile {
  filename: string;
  mimetype: string;
  size: number;
  /** Set when the upload went over the size limit and was cut. */
  truncated: boolean;
}

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
export async function gatherMultipart(request: FastifyRequest): Promise<Record<string, unknown>> {
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
      let size = 0;
      for await (const chunk of part.file) size += (chunk as Buffer).length;
      const file: UploadedFile = {
        filename: part.filename,
        mimetype: part.mimetype,
        size,
        truncated: part.file.truncated,
      };
      fields.file = file;
    } else {
      fields[part.fieldname] = part.value;
    }
  }
  return fields;
}
