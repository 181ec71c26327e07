/**
 * What a file's first bytes say it is, for the types feedback takes (TESTDATA "Feedback"): a file is
 * checked against its declared type, so a renamed executable is refused even when it claims image/png.
 */
export function fileTypeOf(head: Buffer): string | undefined {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP')
    return 'image/webp';
  if (head.toString('latin1', 4, 8) === 'ftyp') {
    return head.toString('latin1', 8, 10) === 'qt' ? 'video/quicktime' : 'video/mp4';
  }
  if (['moov', 'mdat', 'wide', 'free'].includes(head.toString('latin1', 4, 8))) return 'video/quicktime';
  return undefined;
}

/** Whether the first bytes agree with the declared type (mp4 and mov share a container, so either fits). */
export function contentMatchesType(head: Buffer, declared: string): boolean {
  const found = fileTypeOf(head);
  if (found === undefined) return false;
  const video = (type: string) => type === 'video/mp4' || type === 'video/quicktime';
  return found === declared.toLowerCase() || (video(found) && video(declared.toLowerCase()));
}

/** The first bytes of a file of this type, for tests and examples. */
export function signatureOf(type: string): Buffer {
  switch (type) {
    case 'image/jpeg':
      return Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
    case 'image/png':
      return Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'image/webp':
      return Buffer.from('RIFF\0\0\0\0WEBP', 'latin1');
    case 'video/mp4':
      return Buffer.from('\0\0\0\x18ftypisom', 'latin1');
    case 'video/quicktime':
      return Buffer.from('\0\0\0\x14ftypqt  ', 'latin1');
    default:
      return Buffer.alloc(0);
  }
}
