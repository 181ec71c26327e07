import { type CallContract, type CallName, registry } from '@topup/contracts';
import { z } from 'zod/mini';

export type WireParams = Record<string, unknown>;

/**
 * Encodes the app's value of a call's parameters to their wire form with the call's own request schema
 * (`z.encode`). Defaults are filled first: zod applies them when decoding only.
 */
export function encodeParams(name: CallName, params: Record<string, unknown>): WireParams {
  const schema = registry[name].request as z.ZodMiniType;
  const filled = withDefaults(schema, params);
  const encoded = z.encode(schema, filled as never) as unknown;
  if (encoded === null || typeof encoded !== 'object') {
    throw new Error(`${name}: parameters must be an object`);
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
    const def = schema.def;
    const key = 'discriminator' in def && typeof def.discriminator === 'string' ? def.discriminator : '';
    const option = def.options.find(
      (o): o is z.ZodMiniObject =>
        o instanceof z.ZodMiniObject &&
        (o.shape as Record<string, z.ZodMiniType>)[key]?.safeParse(value[key]).success === true,
    );
    return option === undefined ? value : withDefaults(option, value);
  }
  return value;
}

/** The contract of a call, typed loosely for code that loops over the registry. */
export function contractOf(name: CallName): CallContract {
  return registry[name];
}

/** The problems of a call's parameters (the app's value) against its contract, without sending anything. */
export function paramIssues(name: CallName, params: Record<string, unknown>): z.core.$ZodIssue[] {
  try {
    encodeParams(name, params);
    return [];
  } catch (error) {
    if (error instanceof z.core.$ZodError) return [...error.issues];
    return [{ code: 'custom', path: [], message: (error as Error).message, input: params }];
  }
}

/** The keys an object schema (or each option of a union of them) names; undefined when any key goes. */
function objectKeys(schema: z.ZodMiniType | undefined): string[] | undefined {
  const def = schema?.def as
    | {
        type: string;
        shape?: Record<string, z.ZodMiniType>;
        catchall?: z.ZodMiniType;
        options?: z.ZodMiniType[];
      }
    | undefined;
  if (def === undefined) return undefined;
  if (def.type === 'object') return def.catchall === undefined ? Object.keys(def.shape ?? {}) : undefined;
  if (def.type === 'union' && def.options !== undefined) {
    const keys = new Set<string>();
    for (const option of def.options) {
      const inner = objectKeys(option);
      if (inner === undefined) return undefined;
      for (const k of inner) keys.add(k);
    }
    return [...keys];
  }
  return undefined;
}

/** A field's app-side schema: optional, default and nullable unwrapped; a pipe or codec by its output side. */
function appSide(schema: z.ZodMiniType | undefined): z.ZodMiniType | undefined {
  let current = schema;
  for (let i = 0; i < 10 && current !== undefined; i += 1) {
    const def = current.def as { type: string; innerType?: z.ZodMiniType; out?: z.ZodMiniType };
    if ((def.type === 'optional' || def.type === 'default' || def.type === 'nullable') && def.innerType)
      current = def.innerType;
    else if (def.type === 'pipe' && def.out !== undefined) current = def.out;
    else return current;
  }
  return current;
}

/**
 * Keys the contract does not name, at any depth of a plain object value (zod would drop them silently, so
 * a misspelt parameter would never reach the server): path of the key and the keys that are accepted there.
 */
export function unknownParamKeys(
  name: CallName,
  params: Record<string, unknown>,
): { path: string[]; key: string; known: string[] }[] {
  const out: { path: string[]; key: string; known: string[] }[] = [];
  const visit = (schema: z.ZodMiniType | undefined, value: unknown, path: string[]): void => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return;
    const known = objectKeys(schema);
    if (known === undefined) return;
    const shape = (schema?.def as { shape?: Record<string, z.ZodMiniType> } | undefined)?.shape;
    for (const [key, inner] of Object.entries(value)) {
      if (!known.includes(key)) out.push({ path, key, known });
      else if (shape !== undefined) visit(appSide(shape[key]), inner, [...path, key]);
    }
  };
  visit(appSide(registry[name].request as z.ZodMiniType), params, []);
  return out;
}
