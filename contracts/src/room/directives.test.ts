import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { applyDirectives, type Directive, DirectiveSchema } from './directives';
import type { RoomStatusTable } from './protocol';

interface Case {
  name: string;
  table: RoomStatusTable;
  directives: Directive[];
  expected: RoomStatusTable;
  changedKeys: string[];
}

const keep = { k: 'untouched' };

const cases: Case[] = [
  // mset
  {
    name: 'mset sets many keys',
    table: { a: 1, keep },
    directives: [{ op: 'mset', values: { a: 2, b: [1] } }],
    expected: { a: 2, b: [1], keep },
    changedKeys: ['a', 'b'],
  },
  {
    name: 'mset with no values touches nothing',
    table: { keep },
    directives: [{ op: 'mset', values: {} }],
    expected: { keep },
    changedKeys: [],
  },
  // hset
  {
    name: 'hset replaces a hash',
    table: { h: { x: 1, y: 2 }, keep },
    directives: [{ op: 'hset', key: 'h', value: { z: 3 } }],
    expected: { h: { z: 3 }, keep },
    changedKeys: ['h'],
  },
  {
    name: 'hset on a missing key',
    table: { keep },
    directives: [{ op: 'hset', key: 'h', value: { z: 3 } }],
    expected: { h: { z: 3 }, keep },
    changedKeys: ['h'],
  },
  // hmerge
  {
    name: 'hmerge merges fields, new ones win',
    table: { h: { x: 1, y: 2 }, keep },
    directives: [{ op: 'hmerge', key: 'h', fields: { y: 20, z: 3 } }],
    expected: { h: { x: 1, y: 20, z: 3 }, keep },
    changedKeys: ['h'],
  },
  {
    name: 'hmerge on a missing key starts from an empty hash',
    table: { keep },
    directives: [{ op: 'hmerge', key: 'h', fields: { y: 2 } }],
    expected: { h: { y: 2 }, keep },
    changedKeys: ['h'],
  },
  {
    name: 'hmerge on a list replaces it with a hash',
    table: { h: [1, 2], keep },
    directives: [{ op: 'hmerge', key: 'h', fields: { y: 2 } }],
    expected: { h: { y: 2 }, keep },
    changedKeys: ['h'],
  },
  {
    name: 'hmerge on null replaces it with a hash',
    table: { h: null },
    directives: [{ op: 'hmerge', key: 'h', fields: { y: 2 } }],
    expected: { h: { y: 2 } },
    changedKeys: ['h'],
  },
  // lset
  {
    name: 'lset sets a list',
    table: { l: [1, 2], keep },
    directives: [{ op: 'lset', key: 'l', list: [9] }],
    expected: { l: [9], keep },
    changedKeys: ['l'],
  },
  {
    name: 'lset on a missing key',
    table: {},
    directives: [{ op: 'lset', key: 'l', list: [] }],
    expected: { l: [] },
    changedKeys: ['l'],
  },
  // lpush / rpush
  {
    name: 'lpush prepends the values as a block in order: [a,b] onto [x] gives [a,b,x]',
    table: { l: ['x'], keep },
    directives: [{ op: 'lpush', key: 'l', values: ['a', 'b'] }],
    expected: { l: ['a', 'b', 'x'], keep },
    changedKeys: ['l'],
  },
  {
    name: 'lpush on a missing key',
    table: {},
    directives: [{ op: 'lpush', key: 'l', values: ['a', 'b'] }],
    expected: { l: ['a', 'b'] },
    changedKeys: ['l'],
  },
  {
    name: 'lpush on a hash replaces it with a list',
    table: { l: { x: 1 } },
    directives: [{ op: 'lpush', key: 'l', values: ['a'] }],
    expected: { l: ['a'] },
    changedKeys: ['l'],
  },
  {
    name: 'rpush appends in order: [a,b] onto [x] gives [x,a,b]',
    table: { l: ['x'], keep },
    directives: [{ op: 'rpush', key: 'l', values: ['a', 'b'] }],
    expected: { l: ['x', 'a', 'b'], keep },
    changedKeys: ['l'],
  },
  {
    name: 'rpush on a missing key',
    table: {},
    directives: [{ op: 'rpush', key: 'l', values: ['a'] }],
    expected: { l: ['a'] },
    changedKeys: ['l'],
  },
  {
    name: 'rpush on a string replaces it with a list',
    table: { l: 'text' },
    directives: [{ op: 'rpush', key: 'l', values: ['a'] }],
    expected: { l: ['a'] },
    changedKeys: ['l'],
  },
  // lpop / rpop
  {
    name: 'lpop removes from the left',
    table: { l: [1, 2, 3], keep },
    directives: [{ op: 'lpop', key: 'l', count: 2 }],
    expected: { l: [3], keep },
    changedKeys: ['l'],
  },
  {
    name: 'lpop past the length empties the list',
    table: { l: [1, 2] },
    directives: [{ op: 'lpop', key: 'l', count: 5 }],
    expected: { l: [] },
    changedKeys: ['l'],
  },
  {
    name: 'lpop on a missing key leaves an empty list',
    table: {},
    directives: [{ op: 'lpop', key: 'l', count: 1 }],
    expected: { l: [] },
    changedKeys: ['l'],
  },
  {
    name: 'lpop on a number replaces it with a list',
    table: { l: 7 },
    directives: [{ op: 'lpop', key: 'l', count: 1 }],
    expected: { l: [] },
    changedKeys: ['l'],
  },
  {
    name: 'rpop removes from the right',
    table: { l: [1, 2, 3], keep },
    directives: [{ op: 'rpop', key: 'l', count: 2 }],
    expected: { l: [1], keep },
    changedKeys: ['l'],
  },
  {
    name: 'rpop past the length empties the list',
    table: { l: [1, 2] },
    directives: [{ op: 'rpop', key: 'l', count: 5 }],
    expected: { l: [] },
    changedKeys: ['l'],
  },
  {
    name: 'rpop on a missing key leaves an empty list',
    table: {},
    directives: [{ op: 'rpop', key: 'l', count: 1 }],
    expected: { l: [] },
    changedKeys: ['l'],
  },
  // linsert
  {
    name: 'linsert inserts before the index',
    table: { l: ['a', 'd'], keep },
    directives: [{ op: 'linsert', key: 'l', index: 1, values: ['b', 'c'] }],
    expected: { l: ['a', 'b', 'c', 'd'], keep },
    changedKeys: ['l'],
  },
  {
    name: 'linsert at 0 prepends',
    table: { l: ['b'] },
    directives: [{ op: 'linsert', key: 'l', index: 0, values: ['a'] }],
    expected: { l: ['a', 'b'] },
    changedKeys: ['l'],
  },
  {
    name: 'linsert past the end clamps to the length and appends',
    table: { l: ['a'] },
    directives: [{ op: 'linsert', key: 'l', index: 99, values: ['b'] }],
    expected: { l: ['a', 'b'] },
    changedKeys: ['l'],
  },
  {
    name: 'linsert on a missing key',
    table: {},
    directives: [{ op: 'linsert', key: 'l', index: 3, values: ['a'] }],
    expected: { l: ['a'] },
    changedKeys: ['l'],
  },
  {
    name: 'linsert on a hash replaces it with a list',
    table: { l: { a: 1 } },
    directives: [{ op: 'linsert', key: 'l', index: 0, values: ['a'] }],
    expected: { l: ['a'] },
    changedKeys: ['l'],
  },
  // lremrange
  {
    name: 'lremrange removes count elements at index',
    table: { l: [0, 1, 2, 3, 4], keep },
    directives: [{ op: 'lremrange', key: 'l', index: 1, count: 2 }],
    expected: { l: [0, 3, 4], keep },
    changedKeys: ['l'],
  },
  {
    name: 'lremrange with count running past the end stops at the end',
    table: { l: [0, 1, 2] },
    directives: [{ op: 'lremrange', key: 'l', index: 1, count: 10 }],
    expected: { l: [0] },
    changedKeys: ['l'],
  },
  {
    name: 'lremrange at an index past the end removes nothing',
    table: { l: [0, 1] },
    directives: [{ op: 'lremrange', key: 'l', index: 5, count: 1 }],
    expected: { l: [0, 1] },
    changedKeys: ['l'],
  },
  {
    name: 'lremrange on a missing key leaves an empty list',
    table: {},
    directives: [{ op: 'lremrange', key: 'l', index: 0, count: 1 }],
    expected: { l: [] },
    changedKeys: ['l'],
  },
  // lsetidx
  {
    name: 'lsetidx sets elements by index',
    table: { l: ['a', 'b', 'c'], keep },
    directives: [
      {
        op: 'lsetidx',
        key: 'l',
        items: [
          { index: 0, value: 'A' },
          { index: 2, value: 'C' },
        ],
      },
    ],
    expected: { l: ['A', 'b', 'C'], keep },
    changedKeys: ['l'],
  },
  {
    name: 'lsetidx past the end clamps to the length and appends, items in order',
    table: { l: ['a'] },
    directives: [
      {
        op: 'lsetidx',
        key: 'l',
        items: [
          { index: 9, value: 'b' },
          { index: 9, value: 'c' },
          { index: 1, value: 'B' },
        ],
      },
    ],
    expected: { l: ['a', 'B', 'c'] },
    changedKeys: ['l'],
  },
  {
    name: 'lsetidx on a missing key',
    table: {},
    directives: [{ op: 'lsetidx', key: 'l', items: [{ index: 4, value: 'x' }] }],
    expected: { l: ['x'] },
    changedKeys: ['l'],
  },
  {
    name: 'lsetidx on a hash replaces it with a list',
    table: { l: { 0: 'x' } },
    directives: [{ op: 'lsetidx', key: 'l', items: [{ index: 0, value: 'y' }] }],
    expected: { l: ['y'] },
    changedKeys: ['l'],
  },
  // several directives
  {
    name: 'each touched key once, in the order first touched',
    table: { a: [1], keep },
    directives: [
      { op: 'rpush', key: 'b', values: [1] },
      { op: 'mset', values: { c: 1, a: [] } },
      { op: 'rpush', key: 'b', values: [2] },
      { op: 'hmerge', key: 'c', fields: { x: 1 } },
    ],
    expected: { a: [], b: [1, 2], c: { x: 1 }, keep },
    changedKeys: ['b', 'c', 'a'],
  },
  {
    name: 'no directives touch nothing',
    table: { keep },
    directives: [],
    expected: { keep },
    changedKeys: [],
  },
];

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

describe('applyDirectives @spec:room.directives', () => {
  it.each(cases)('$name', ({ table, directives, expected, changedKeys }) => {
    const before = structuredClone(table);
    // A frozen input makes any mutation throw (ESM is strict mode).
    const result = applyDirectives(deepFreeze(table), deepFreeze(directives));
    expect(result.table).toEqual(expected);
    expect(result.changedKeys).toEqual(changedKeys);
    expect(table).toEqual(before);
    for (const key of Object.keys(table)) {
      if (!changedKeys.includes(key)) expect(result.table[key]).toBe(table[key]);
    }
    if (changedKeys.length === 0) expect(result.table).toBe(table);
    else expect(result.table).not.toBe(table);
  });

  it('treats a "__proto__" key as plain data', () => {
    const values: Record<string, unknown> = {};
    Object.defineProperty(values, '__proto__', { value: { polluted: true }, enumerable: true });
    const { table } = applyDirectives({}, [{ op: 'mset', values }]);
    expect(Object.getPrototypeOf(table)).toBe(Object.prototype);
    expect(Object.keys(table)).toEqual(['__proto__']);
  });
});

describe('DirectiveSchema', () => {
  it.each([
    ['every op of the cases', cases.flatMap((c) => c.directives), true],
    ['an unknown op', [{ op: 'del', key: 'a' }], false],
    ['a negative index', [{ op: 'linsert', key: 'l', index: -1, values: [] }], false],
    ['a zero count', [{ op: 'lpop', key: 'l', count: 0 }], false],
    ['a fractional count', [{ op: 'rpop', key: 'l', count: 1.5 }], false],
    ['an empty key', [{ op: 'lset', key: '', list: [] }], false],
    ['a hash given a list', [{ op: 'hset', key: 'h', value: [] }], false],
  ])('%s → valid %s', (_name, directives, valid) => {
    expect(z.array(DirectiveSchema).safeParse(directives).success).toBe(valid);
  });
});
