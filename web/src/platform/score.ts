/** AB scores (SPEC §5), apart from the ids: only gray release's code (loaded with the pay step) draws them. */

/**
 * A random integer 0–99, for gray release and AB buckets, every value equally likely: bytes from 200 up are
 * drawn again, since 256 is not a multiple of 100 (a plain byte % 100 favours 0–55).
 */
export function randomScore(randomByte: () => number = cryptoByte): number {
  for (;;) {
    const byte = randomByte();
    if (byte < 200) return byte % 100;
  }
}

function cryptoByte(): number {
  const buffer = new Uint8Array(1);
  globalThis.crypto.getRandomValues(buffer);
  return buffer[0] ?? 0;
}
