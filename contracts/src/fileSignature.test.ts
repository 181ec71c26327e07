import { describe, expect, it } from 'vitest';
import { contentMatchesType, fileTypeOf, sampleFileBytes, signatureOf } from './fileSignature';

describe('file signatures', () => {
  it.each(['image/jpeg', 'image/png', 'image/webp', 'video/mp4', 'video/quicktime'])(
    '%s: a sample file is recognised as its type',
    (type) => {
      expect(fileTypeOf(sampleFileBytes(type, 64))).toBe(type);
      expect(contentMatchesType(sampleFileBytes(type, 64), type)).toBe(true);
    },
  );

  it.each([
    ['an executable claiming png', Uint8Array.from([0x4d, 0x5a, 0, 0, 0, 0, 0, 0]), 'image/png'],
    ['a png claiming jpeg', signatureOf('image/png'), 'image/jpeg'],
    ['zeros', new Uint8Array(32), 'video/mp4'],
    ['nothing', new Uint8Array(0), 'image/webp'],
  ])('refuses %s', (_what, head, declared) => {
    expect(contentMatchesType(head, declared)).toBe(false);
  });

  it('lets mp4 and mov share their container', () => {
    expect(contentMatchesType(sampleFileBytes('video/quicktime', 32), 'video/mp4')).toBe(true);
  });
});
