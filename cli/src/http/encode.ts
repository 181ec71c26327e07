import { type CallContract, type CallName, registry } from '@topup/contracts';
import { z } from 'zod/mini';

export type WireParams = Record<string, unknown>;

export class ParamsError extends Error {}

/**
 * Encodes the app's value of a call's parameters to their wire form with the call's own request schema
 * (`z.encode`). Defaults are filled first: zod applies them when decoding only.
 */
export function encodeParams(name: CallName, params: Record<string, unknown>): WireParams {
  const schema = registry[name].request as z.ZodMiniType;
  const filled = withDefaults(schema, params);
  const encoded = z.encode(schema, filled as never) as unknown;
  if (encoded === null || typeof encoded !== 'object') {
    throw new ParamsError(`${name}: parameters must be an object`);
  }
  return encoded as WireParams;
}

/** Safe variant: the encoded parameters, or the fields the contract refuses. */
export function tryEncodeParams(
  name: CallName,
  params: Record<string, unknown>,
): { ok: true; wire: WireParams } | { ok: false; error: string } {
  try {
    return { ok: true, wire: encodeParams(name, params) };
  } catch (error) {
    if (error instanceof z.core.$ZodError) {
      const fields = error.issues.map((i) => `${i.path.join('.') || '(params)'}: ${i.message}`).join('; ');
      return { ok: false, error: `parameters outside the ${name} contract: ${fields}` };
    }
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

function withDefaults(schema: z.ZodMiniType, value: Record<string, unknown>): Record<string, unknown> {
  if (schema instanceof z.ZodMiniObject) {
    const out: Record<string, unknown> = { ...value };
    for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodMiniType>)) {
      if (out[key] === undefined && field instanceof z.ZodMiniDefault) out[key] = field.def.defaultValue;
    }
    return out;
  }
  if (schema instanceof z.ZodMiniDiscriminatedUnion) {
    const def = schema._zod.def as unknown as { discriminator: string; options: z.ZodMiniType[] };
    const key = def.discriminator;
    const option = def.options.find(
      (o) =>
        o instanceof z.ZodMiniObject &&
        (o.shape as Record<string, z.ZodMiniType>)[key]?.safeParse(value[key]).success,
    );
    return option === undefined ? value : withDefaults(option, value);
  }
  return value;
}

/** The contract of a call, typed loosely for code that loops over the registry. */
export function contractOf(name: CallName): CallContract {
  return registry[name];
}
