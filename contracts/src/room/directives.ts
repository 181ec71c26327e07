import { z } from 'zod/mini';
import type { RoomStatusTable } from './protocol';

const KeySchema = /* @__PURE__ */ z.string().check(z.minLength(1));
const HashSchema = /* @__PURE__ */ z.record(z.string(), z.unknown());
const IndexSchema = /* @__PURE__ */ z.int().check(z.gte(0));
const CountSchema = /* @__PURE__ */ z.int().check(z.gte(1));

/**
 * The eleven directives of SPEC §4, carried in a frame's `command` list.
 *
 * Common rules (the client and the mock share them, so both tables evolve identically):
 * - A missing key reads as an empty list (list ops) or an empty hash (hash ops).
 * - A list op on a key holding a non-list, and a hash op on a key holding a non-hash (array, null, scalar),
 *   discard the old value: the key ends up holding a list, respectively a hash.
 * - Out-of-range numbers clamp, never throw: see each op.
 * - Every directive "touches" its key(s), even when the value does not change (popping an empty list).
 * - Values are stored by reference, never copied: tables and directives are treated as immutable.
 */
export const DirectiveSchema = /* @__PURE__ */ z.discriminatedUnion('op', [
  /** Sets each key of `values` to its value (in `values` key order). */
  z.object({ op: z.literal('mset'), values: HashSchema }),
  /** Sets `key` to the hash `value`, replacing whatever it held. */
  z.object({ op: z.literal('hset'), key: KeySchema, value: HashSchema }),
  /** Shallow-merges `fields` into the hash at `key`; a field in `fields` wins. */
  z.object({ op: z.literal('hmerge'), key: KeySchema, fields: HashSchema }),
  /** Sets `key` to the list `list`, replacing whatever it held. */
  z.object({ op: z.literal('lset'), key: KeySchema, list: z.array(z.unknown()) }),
  /**
   * Prepends `values` as a block, keeping their order: lpush [a, b] onto [x] gives [a, b, x]
   * (like `Array.prototype.unshift`, NOT Redis, which would give [b, a, x]).
   */
  z.object({ op: z.literal('lpush'), key: KeySchema, values: z.array(z.unknown()) }),
  /** Appends `values` in order: rpush [a, b] onto [x] gives [x, a, b]. */
  z.object({ op: z.literal('rpush'), key: KeySchema, values: z.array(z.unknown()) }),
  /** Removes the first `count` elements; a count past the length empties the list. */
  z.object({ op: z.literal('lpop'), key: KeySchema, count: CountSchema }),
  /** Removes the last `count` elements; a count past the length empties the list. */
  z.object({ op: z.literal('rpop'), key: KeySchema, count: CountSchema }),
  /**
   * Inserts `values` (in order) before position `index`; an index past the end clamps to the length,
   * so it appends.
   */
  z.object({ op: z.literal('linsert'), key: KeySchema, index: IndexSchema, values: z.array(z.unknown()) }),
  /**
   * Removes `count` elements starting at `index`; an index at or past the end removes nothing, and a count
   * running past the end stops at the end.
   */
  z.object({ op: z.literal('lremrange'), key: KeySchema, index: IndexSchema, count: CountSchema }),
  /**
   * Sets list elements by index, items applied in order; an index at or past the current length clamps to
   * the length, so that item appends (the list never gets holes).
   */
  z.object({
    op: z.literal('lsetidx'),
    key: KeySchema,
    items: z.array(z.object({ index: IndexSchema, value: z.unknown() })),
  }),
]);
export type Directive = z.infer<typeof DirectiveSchema>;
export type DirectiveOp = Directive['op'];

export interface ApplyResult {
  table: RoomStatusTable;
  /** Each touched key once, in the order first touched: the client notifies listeners per key. */
  changedKeys: string[];
}

/**
 * Applies directives in order. Pure: the input table is never mutated; the result is a new table object
 * (the same object when nothing was touched) in which untouched keys keep their value identity.
 */
export function applyDirectives(table: RoomStatusTable, directives: readonly Directive[]): ApplyResult {
  const next: RoomStatusTable = { ...table };
  const changed = new Set<string>();
  for (const directive of directives) {
    for (const [key, value] of applyOne(next, directive)) {
      setOwn(next, key, value);
      changed.add(key);
    }
  }
  return { table: changed.size === 0 ? table : next, changedKeys: [...changed] };
}

/** The new value of each key the directive touches. */
function applyOne(table: RoomStatusTable, d: Directive): Array<[string, unknown]> {
  switch (d.op) {
    case 'mset':
      return Object.entries(d.values);
    case 'hset':
      return [[d.key, d.value]];
    case 'hmerge':
      return [[d.key, { ...hashAt(table, d.key), ...d.fields }]];
    case 'lset':
      return [[d.key, d.list]];
    case 'lpush':
      return [[d.key, [...d.values, ...listAt(table, d.key)]]];
    case 'rpush':
      return [[d.key, [...listAt(table, d.key), ...d.values]]];
    case 'lpop':
      return [[d.key, listAt(table, d.key).slice(d.count)]];
    case 'rpop': {
      const list = listAt(table, d.key);
      return [[d.key, list.slice(0, Math.max(0, list.length - d.count))]];
    }
    case 'linsert': {
      const list = listAt(table, d.key);
      const at = Math.min(d.index, list.length);
      return [[d.key, [...list.slice(0, at), ...d.values, ...list.slice(at)]]];
    }
    case 'lremrange': {
      const list = listAt(table, d.key);
      const at = Math.min(d.index, list.length);
      return [[d.key, [...list.slice(0, at), ...list.slice(at + d.count)]]];
    }
    case 'lsetidx': {
      const list = [...listAt(table, d.key)];
      for (const item of d.items) list[Math.min(item.index, list.length)] = item.value;
      return [[d.key, list]];
    }
  }
}

// Own-property access, so a key named "__proto__" from the wire is plain data, never the prototype.
function own(table: RoomStatusTable, key: string): unknown {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

function setOwn(table: RoomStatusTable, key: string, value: unknown): void {
  Object.defineProperty(table, key, { value, writable: true, enumerable: true, configurable: true });
}

function listAt(table: RoomStatusTable, key: string): readonly unknown[] {
  const value = own(table, key);
  return Array.isArray(value) ? value : [];
}

function hashAt(table: RoomStatusTable, key: string): Readonly<Record<string, unknown>> {
  const value = own(table, key);
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
