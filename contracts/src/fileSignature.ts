/**
 * What a file's first bytes (its magic bytes) say it is, for the types feedback takes (TESTDATA "Feedback").
 * The server checks an upload against its declared type, so a renamed executable is refused even when it
 * claims image/png; clients that make up test files (the CLI) start them with their type's signature.
 */

/** How many first bytes tell a file's type: what a client reads of a picked file, and a server of an upload. */
export const SIGNATURE_BYTES = 16;

const latin1 = (bytes: Uint8Array, from: number, to: number): string =>
  String.fromCharCode(...bytes.subarray(from, to));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function fileTypeOf(head: Uint8Array): string | undefined {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 8 && PNG.every((byte, i) => head[i] === byte)) return 'image/png';
  if (latin1(head, 0, 4) === 'RIFF' && latin1(head, 8, 12) === 'WEBP') return 'image/webp';
  if (latin1(head, 4, 8) === 'ftyp') return latin1(head, 8, 10) === 'qt' ? 'video/quicktime' : 'video/mp4';
  if (['moov', 'mdat', 'wide', 'free'].includes(latin1(head, 4, 8))) return 'video/quicktime';
  return undefined;
}

/** Whether the first bytes agree with the declared type (mp4 and mov share a container, so either fits). */
export function contentMatchesType(head: Uint8Array, declared: string): boolean {
  const found = fileTypeOf(head);
  if (found === undefined) return false;
  const type = declared.toLowerCase();
  const video = (t: string) => t === 'video/mp4' || t === 'video/quicktime';
  return found === type || (video(found) && video(type));
}

const fromLatin1 = (text: string): Uint8Array => Uint8Array.from(text, (c) => c.charCodeAt(0));

/** The first bytes of a file of this type (empty for a type feedback does not take). */
export function signatureOf(type: string): Uint8Array {
  switch (type.toLowerCase()) {
    case 'image/jpeg':
      return Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]);
    case 'image/png':
      return Uint8Array.from(PNG);
    case 'image/webp':
      return fromLatin1('RIFF\0\0\0\0WEBP');
    case 'video/mp4':
      return fromLatin1('\0\0\0\x18ftypisom');
    case 'video/quicktime':
      return fromLatin1('\0\0\0\x14ftypqt  ');
    default:
      return new Uint8Array(0);
  }
}

/** A made-up file of `size` bytes that starts as files of its type do, the rest zeros. */
export function sampleFileBytes(type: string, size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set(signatureOf(type).subarray(0, size));
  return bytes;
}
