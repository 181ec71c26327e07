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
  ])('%s', (_case, name, shown) => {
    expect(shownName(name)).toBe(shown);
  });
});
