import {
  accessSync,
  closeSync,
  constants,
  fstatSync,
  mkdirSync,
  openSync,
  statSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { UsageError } from './io';

const notRegular = 'not a regular file (a folder, device, FIFO or socket), so nothing is written there';

/**
 * Checks a file option that names where a command writes (`--out`, `--fixtures-out`, …) before the command
 * does any work, so a wrong one is a usage error (exit 2, one line), never found once the run, its writes and
 * its report are done: its folder must be there (a typo in it is not a folder made somewhere unseen; with
 * `makeFolder`, as `record` does, it is made) and be a folder, and the file must be absent or a regular file
 * the command may write. A FIFO is refused here, never opened (opening one for writing waits for a reader).
 * `mustWrite: false` (the last-run record, written when it can be: a read-only checkout still runs) only
 * refuses a path that is there and not a regular file.
 */
export function checkOutputFile(flag: string, file: string, mustWrite = true, makeFolder = false): void {
  const folder = dirname(file);
  if (mustWrite) {
    if (makeFolder) {
      try {
        mkdirSync(folder, { recursive: true });
      } catch (error) {
        throw new UsageError(`${flag} ${file}: its folder ${folder} cannot be made (${codeOf(error)})`);
      }
    }
    let isFolder: boolean;
    try {
      isFolder = statSync(folder).isDirectory();
    } catch (error) {
      throw new UsageError(
        `${flag} ${file}: its folder ${folder} does not exist (${codeOf(error)}); make it first, nothing was run`,
      );
    }
    if (!isFolder) throw new UsageError(`${flag} ${file}: its folder ${folder} is not a folder`);
  }
  let exists = true;
  try {
    if (!statSync(file).isFile()) throw new UsageError(`${flag} ${file}: ${notRegular}`);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    exists = false;
  }
  if (!mustWrite) return;
  try {
    accessSync(exists ? file : folder, constants.W_OK);
  } catch (error) {
    throw new UsageError(
      `${flag} ${file}: ${exists ? 'the file' : `its folder ${folder}`} is not writable (${codeOf(error)})`,
    );
  }
}

/**
 * Writes a text file without ever blocking: it is opened with O_NONBLOCK (a FIFO put there since the check
 * fails to open, ENXIO, instead of waiting for a reader) and written only when what was opened is a regular
 * file. A file that cannot be written is a usage error naming the flag.
 */
export function writeOutputFile(flag: string, file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  let fd: number;
  try {
    fd = openSync(
      file,
      constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NONBLOCK,
      0o666,
    );
  } catch (error) {
    throw new UsageError(`${flag} ${file}: cannot be written (${codeOf(error)})`);
  }
  try {
    if (!fstatSync(fd).isFile()) throw new UsageError(`${flag} ${file}: ${notRegular}`);
    const bytes = Buffer.from(text, 'utf8');
    let done = 0;
    while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done);
  } finally {
    closeSync(fd);
  }
}

const codeOf = (error: unknown): string =>
  (error as NodeJS.ErrnoException).code ?? (error as Error).message ?? String(error);
