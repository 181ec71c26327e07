import { z } from 'zod';

/**
 * zod schema kinds whose parse does the same in both directions: no transform, codec, pipe, default,
 * prefault, catch or readonly anywhere inside. Leaves are listed here; containers are walked below.
 */
const LEAVES: ReadonlySet<string> = new Set([
  'string',
  'number',
  'int',
  'boolean',
  'bigint',
  'symbol',
  'null',
  'undefined',
  'void',
  'never',
  'any',
  'unknown',
  'date',
  'nan',
  'literal',
  'enum',
  'template_literal',
  'file',
]);

type Def = { readonly type: string } & Record<string, unknown>;

function defOf(schema: unknown): Def | undefined {
  const def = (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;
  return typeof def?.type === 'string' ? def : undefined;
}

/**
 * Whether encoding through `schema` is the same as parsing with it: true when nothing inside it depends on
 * the direction (see LEAVES). Anything unknown counts as direction-dependent, so the answer errs towards
 * encoding.
 */
export function isDirectionFree(schema: z.core.$ZodType, seen: Set<unknown> = new Set()): boolean {
  if (seen.has(schema)) return true;
  seen.add(schema);
  const def = defOf(schema);
  if (def === undefined) return false;
  if (LEAVES.has(def.type)) return true;
  const free = (inner: unknown) => inner === undefined || isDirectionFree(inner as z.core.$ZodType, seen);
  switch (def.type) {
    case 'object':
      return Object.values(def.shape as Record<string, unknown>).every(free) && free(def.catchall);
    case 'array':
      return free(def.element);
    case 'set':
      return free(def.valueType);
    case 'record':
    case 'map':
      return free(def.keyType) && free(def.valueType);
    case 'tuple':
      return (def.items as unknown[]).every(free) && free(def.rest ?? undefined);
    case 'union':
      return (def.options as unknown[]).every(free);
    case 'intersection':
      return free(def.left) && free(def.right);
    case 'optional':
    case 'nullable':
    case 'nonoptional':
      return free(def.innerType);
    case 'lazy':
      return free((def.getter as () => unknown)());
    default:
      return false;
  }
}

/**
 * The encoder of a call's answer through its data schema, chosen once per schema. A schema with a codec (or
 * anything else that depends on the direction) is encoded with z.encode. One without is parsed forward,
 * which validates the same and gives the same value, and which zod compiles to a fast path: its backward
 * pass runs every field twice (a check-free canary, then the checks) and cost about 2 µs an answer.
 */
export function encoderOf<S extends z.core.$ZodType>(schema: S): (value: z.output<S>) => z.input<S> {
  if (isDirectionFree(schema)) return (value) => z.parse(schema, value) as z.input<S>;
  return (value) => z.encode(schema, value);
}
