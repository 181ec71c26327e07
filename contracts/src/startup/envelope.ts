import { describe, int, object, optional, parse, string, unknown } from './check';

/**
 * The response envelope (SPEC §7) read without zod, for the first load: `RawEnvelope` mirrors envelope.ts's
 * `RawEnvelopeSchema` (the source of truth; `startup.test.ts` holds the two equal).
 */
export const RawEnvelope = object({
  result: optional(int()),
  code: optional(int()),
  message: optional(string()),
  msg: optional(string()),
  data: optional(unknown()),
});

export interface Envelope<T = unknown> {
  result: number;
  message: string;
  data: T;
}

export type NormalisedEnvelope = { ok: true; envelope: Envelope } | { ok: false; error: string };

/** Normalises any answer body to `{ result, message, data }`; anything else is reported, never thrown. */
export function normaliseEnvelope(body: unknown): NormalisedEnvelope {
  const parsed = parse(RawEnvelope, body);
  if (!parsed.success) return { ok: false, error: describe(parsed.issues) };
  const raw = parsed.data;
  if (raw.result === undefined && raw.code === undefined)
    return { ok: false, error: 'result: an envelope carries result or code' };
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
