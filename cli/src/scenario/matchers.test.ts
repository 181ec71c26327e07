import { describe, expect, it } from 'vitest';
import { match, matchPaths } from './matchers';

describe('matchers', () => {
  it('matches objects as subsets and arrays item by item', () => {
    expect(match({ a: 1, b: 2 }, { a: 1 })).toEqual([]);
    expect(match({ a: 1 }, { a: 2 })).toEqual(['a: expected 2, got 1']);
    expect(match([1, 2], [1])).toEqual(['expected 1 item, got 2']);
    expect(match([1], [1, 2])).toEqual(['expected 2 items, got 1']);
  });

  it('$matches a number by its decimal text, as the validator allows it on numeric fields', () => {
    expect(match(1763715600000, { $matches: '^\\d{13}$' })).toEqual([]);
    expect(match(42, { $matches: '^\\d{13}$' })).toEqual(['expected to match /^\\d{13}$/, got 42']);
    expect(match(true, { $matches: 'true' })).toEqual(['expected to match /true/, got true']);
  });

  it('runs any pattern in time linear in the text (RE2), and refuses what RE2 cannot run', () => {
    // On JavaScript's RegExp these held a core for minutes on a short text; on RE2 they simply do not match.
    const hostile = `${'a'.repeat(5_000)}!`;
    const [failed, ...more] = match(hostile, { $matches: '^(.+)+XYZ$' });
    expect(failed).toMatch(/^expected to match \/\^\(\.\+\)\+XYZ\$\/, got "a+\.\.\.$/);
    expect(more).toEqual([]);
    expect(match(hostile, { $matches: '(a|aa)+$' })).toHaveLength(1);
    expect(match('aaaa', { $matches: '^(a|aa)+$' })).toEqual([]);
    expect(match('x', { $matches: '[' })[0]).toMatch(/^\$matches: not a regular expression this tool runs .*"\["/);
    expect(match('abab', { $matches: '(ab)\\1' })[0]).toMatch(/no backreferences/);
    expect(match('thé', { $matches: '^\\p{L}+$' })).toEqual([]);
    expect(match('2026-11-27', { $matches: '^(?<year>\\d{4})-\\d\\d-\\d\\d$' })).toEqual([]);
  });

  it('applies operators', () => {
    expect(match(5, { $gte: 5, $lt: 6 })).toEqual([]);
    expect(match('abc', { $matches: '^a', $contains: 'bc' })).toEqual([]);
    expect(match([{ id: 1 }, { id: 2 }], { $some: { id: 2 }, $every: { id: { $type: 'number' } } })).toEqual(
      [],
    );
    expect(match(undefined, { $exists: false })).toEqual([]);
    expect(match(3, { $oneOf: [1, 2] })).toHaveLength(1);
    expect(match(1, { $bogus: 1 })[0]).toMatch(/unknown operator \$bogus/);
  });

  it.each([
    [undefined, 'string', 'expected a string, got nothing'],
    [null, 'string', 'expected a string, got null'],
    [1, 'string', 'expected a string, got a number'],
    ['x', 'object', 'expected an object, got a string'],
    [{}, 'array', 'expected an array, got an object'],
  ])('says what $type found in plain words: %j as %s', (actual, type, message) => {
    expect(match(actual, { $type: type })).toEqual([message]);
  });

  it('reads expectations by path', () => {
    expect(
      matchPaths({ items: [{ last4: '4242' }] }, { 'items[0].last4': '4242', 'items.length': 1 }, 'data'),
    ).toEqual([]);
    expect(matchPaths({ items: [] }, { 'items.length': { $gte: 1 } }, 'data')).toEqual([
      'data.items.length: expected gte 1, got 0',
    ]);
  });
});
