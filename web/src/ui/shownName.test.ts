import { describe, expect, it } from 'vitest';
import { shownName } from './shownName';

describe('shownName', () => {
  it.each([
    ['a plain Arabic name', 'ريم', 'ريم'],
    ['a name with an emoji', 'Omar ⭐', 'Omar ⭐'],
    ['markup stays text', '<img src=x onerror=alert(1)>', '<img src=x onerror=alert(1)>'],
    ['a right-to-left override and its pop', '\u202E10000002\u202C', '10000002'],
    ['a left-to-right override', 'a\u202Db', 'ab'],
    ['the embeddings', '\u202Aa\u202Bb\u202C', 'ab'],
    ['the isolates, a closing one among them', '\u2066a\u2067b\u2068c\u2069d', 'abcd'],
    ['the marks LRM, RLM and ALM', '\u200Ea\u200Fb\u061Cc', 'abc'],
    [
      'the hostile nickname of 10000011',
      '<img src=x onerror=alert(1)>\u202Eevil',
      '<img src=x onerror=alert(1)>evil',
    ],
    [
      'joiners that shape letters and emoji stay',
      'لا\u200Dم 👩\u200D💻 a\u200Cb',
      'لا\u200Dم 👩\u200D💻 a\u200Cb',
    ],
    ['only controls', '\u202E\u2069', ''],
    [
      'a line separator faking an id line (F2)',
      'ريم\u2028معرّف الحساب: 10000001',
      'ريم معرّف الحساب: 10000001',
    ],
    ['a paragraph separator', 'a\u2029b', 'a b'],
    ['LF, CR and CRLF', 'a\nb\rc\r\nd', 'a b c d'],
    ['a tab', 'a\tb', 'a b'],
    ['other C0 controls and DEL', 'a\u0000b\u0007c\u001Bd\u007Fe', 'a b c d e'],
    ['C1 controls, NEL among them', 'a\u0085b\u0080c\u009Fd', 'a b c d'],
    ['vertical tab and form feed', 'a\u000Bb\u000Cc', 'a b c'],
    ['zero width space, word joiner, BOM', 'a\u200Bb\u2060c\uFEFFd', 'abcd'],
    ['invisible operators, soft hyphen, Mongolian vowel separator', 'a\u2061b\u00ADc\u180Ed', 'abcd'],
    ['a run of white space is one space', 'a  \t\n\u2028 b', 'a b'],
    ['no space at either end', '\u2028 ريم \n', 'ريم'],
    ['ZWNJ in a Persian name stays', 'می\u200Cخواهم', 'می\u200Cخواهم'],
    [
      'Hangul fillers pushing a fake id line',
      `Omar${'\u3164'.repeat(60)}معرّف الحساب: 10000002`,
      'Omar معرّف الحساب: 10000002',
    ],
    ['the other fillers and the blank Braille pattern', 'a\u115Fb\u1160c\uFFA0d\u2800e', 'a b c d e'],
    ['a name of fillers only', '\u3164\u3164', ''],
    ['controls and bidi together', '\u202Eريم\r\n\u200B10000001\u2069', 'ريم 10000001'],
  ])('%s', (_case, name, shown) => {
    expect(shownName(name)).toBe(shown);
  });
});

describe('shownName with a limit', () => {
  it.each([
    { name: 'short', max: 10, shown: 'short' },
    { name: 'exactly10!', max: 10, shown: 'exactly10!' },
    { name: 'eleven char', max: 10, shown: 'eleven cha…' },
    { name: 'a long name', max: 7, shown: 'a long…' },
    { name: '😀'.repeat(12), max: 10, shown: `${'😀'.repeat(10)}…` },
    { name: `\u202E${'x'.repeat(5)}`, max: 5, shown: 'xxxxx' },
  ])('$name at $max: $shown', ({ name, max, shown }) => {
    expect(shownName(name, max)).toBe(shown);
  });
});
