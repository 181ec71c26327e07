import { z } from 'zod/mini';
import { describeIssues } from './registry/call';

/**
 * The response envelope (SPEC §7): `result` or `code` (200 is mapped to 0), `message`, `data`.
 * Result 0 is success; anything else is a result the caller renders.
 */
export const RawEnvelopeSchema = /* @__PURE__ */ z
  .object({
    result: z.optional(z.int()),
    code: z.optional(z.int()),
    message: z.optional(z.string()),
    msg: z.optional(z.string()),
    data: z.optional(z.unknown()),
  })
  .check(
    z.refine((raw) => raw.result !== undefined || raw.code !== undefined, {
      message: 'an envelope carries result or code',
      path: ['result'],
    }),
  );
export type RawEnvelope = z.infer<typeof RawEnvelopeSchema>;

export interface Envelope<T = unknown> {
  result: number;
  message: string;
  data: T;
}

export type NormalisedEnvelope = { ok: true; envelope: Envelope } | { ok: false; error: string };

/** Normalises any answer body to `{ result, message, data }`; anything else is reported, never thrown. */
export function normaliseEnvelope(body: unknown): NormalisedEnvelope {
  const parsed = RawEnvelopeSchema.safeParse(body);
  if (!parsed.success) return { ok: false, error: describeIssues(parsed.error.issues) };
  const raw = parsed.data;
  const code = raw.result ?? raw.code ?? 0;
  return {
    ok: true,
    envelope: {
      result: raw.result === undefined && code === 200 ? 0 : code,
      message: raw.message ?? raw.msg ?? '',
      data: raw.data,
    },
  };
}

export function ok<T>(data: T, message = 'success'): Envelope<T> {
  return { result: 0, message, data };
}

export function fail(result: number, message: string, data?: unknown): Envelope<unknown> {
  return data === undefined ? { result, message, data: null } : { result, message, data };
}
