import { closeSync, fstatSync, openSync, readSync, statSync } from 'node:fs';

/** A file that was not read: not a regular file, or larger than the command reads. */
export class UnreadableFileError extends Error {}

/**
 * A file's text, read only when it is a regular file and at most `maxBytes` long. The size is counted as the
 * bytes are read, not taken from `stat` (which answers 0 for /dev/zero and a FIFO, whose reading never
 * ends), and a FIFO or device is refused before it is opened (opening a FIFO waits for a writer).
 */
export function readTextFile(file: string, maxBytes: number): string {
  const stat = statSync(file);
  if (!stat.isFile()) throw new UnreadableFileError(notRegular());
  if (stat.size > maxBytes) throw new UnreadableFileError(tooLarge(maxBytes));
  const fd = openSync(file, 'r');
  try {
    // The file may have been replaced between the two calls: the opened one is checked too.
    if (!fstatSync(fd).isFile()) throw new UnreadableFileError(notRegular());
    const buffer = Buffer.alloc(Math.min(maxBytes + 1, 64 * 1024));
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const n = readSync(fd, buffer, 0, buffer.length, null);
      if (n === 0) break;
      total += n;
      if (total > maxBytes) throw new UnreadableFileError(tooLarge(maxBytes));
      chunks.push(Buffer.from(buffer.subarray(0, n)));
    }
    return Buffer.concat(chunks).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

const notRegular = () => 'not a regular file (a folder, device, FIFO or socket), so it was not read';

const tooLarge = (maxBytes: number) =>
  `the file is larger than ${maxBytes} bytes (${sizeWords(maxBytes)}), so it was not read`;

const sizeWords = (bytes: number) =>
  bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${Math.round(bytes / 1024)} KiB`;
