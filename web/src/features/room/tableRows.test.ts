import { describe, expect, it } from 'vitest';
import { CHANGED_KEYS_NAMED, changedKeys, TABLE_ROWS_SHOWN, tableRows, VALUE_CHARS_SHOWN } from './tableRows';

describe('the room table as drawn', () => {
  it.each([
    { why: 'a count is a live count', table: { fans_count: 12345 }, key: 'fans_count', value: '1.2W' },
    { why: 'a hash as the frame carried it', table: { pk_rank: { a: 1 } }, key: 'pk_rank', value: '{"a":1}' },
    { why: 'U+202E in a key is dropped', table: { '\u202Eabc': 1 }, key: 'abc', value: '1' },
    { why: 'an isolate left open in a value is dropped', table: { k: '\u2066x' }, key: 'k', value: '"x"' },
    { why: 'a line separator in a key is a space', table: { 'a\u2028b': 1 }, key: 'a b', value: '1' },
    { why: 'null is written as null', table: { k: null }, key: 'k', value: 'null' },
  ])('$why', ({ table, key, value }) => {
    const { rows, hidden } = tableRows(table);
    expect(rows).toEqual([{ id: Object.keys(table)[0], key, value }]);
    expect(hidden).toBe(0);
  });

  it('keys come sorted, and past the limit they are counted, not drawn', () => {
    const table = Object.fromEntries(
      Array.from({ length: 50_000 }, (_, i) => [`k${String(i).padStart(5, '0')}`, i]),
    );
    const { rows, hidden } = tableRows(table);
    expect(rows).toHaveLength(TABLE_ROWS_SHOWN);
    expect(rows[0]?.key).toBe('k00000');
    expect(rows.at(-1)?.key).toBe(`k${String(TABLE_ROWS_SHOWN - 1).padStart(5, '0')}`);
    expect(hidden).toBe(50_000 - TABLE_ROWS_SHOWN);
    expect(tableRows({ b: 1, a: 2 }).rows.map((row) => row.key)).toEqual(['a', 'b']);
  });

  it('a long value is cut short with «…»', () => {
    const value = tableRows({ widgets: ['x'.repeat(10_000)] }).rows[0]?.value ?? '';
    expect(value).toHaveLength(VALUE_CHARS_SHOWN + 1);
    expect(value.endsWith('…')).toBe(true);
    expect(tableRows({ widgets: ['x'] }).rows[0]?.value).toBe('["x"]');
  });
});

describe('the keys of a change, as the log names them', () => {
  it.each([
    { keys: [], shown: '—' },
    { keys: ['fans_count'], shown: 'fans_count' },
    { keys: ['pk_status', '\u202Eevil'], shown: 'pk_status, evil' },
  ])('$keys.length keys: $shown', ({ keys, shown }) => {
    expect(changedKeys(keys)).toBe(shown);
  });

  it('past the limit, how many more', () => {
    const keys = Array.from({ length: CHANGED_KEYS_NAMED + 5 }, (_, i) => `k${i}`);
    const shown = changedKeys(keys);
    expect(shown.endsWith(' +5')).toBe(true);
    expect(shown.split(', ')).toHaveLength(CHANGED_KEYS_NAMED);
  });
});
