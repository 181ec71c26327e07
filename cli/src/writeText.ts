import {
  accessSync,
  closeSync,
  constants,
  fstatSync,
  mkdirSync,
  openSync,
  type Stats,
  statSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { UsageError } from './io';

const notRegular = 'not a regular file (a folder, device, FIFO or socket), so nothing is written there';

/**
 * Checks a file option that names where a command writes (`--out`, `--fixtures-out`, …) before the command
 * does any work, so a wrong one is a usage error (exit 2, one line), never found once the run, its writes and
 * its report are done. Its folder is made when it is one level new (`reports/` in the checkout, as CI
 * writes); a folder whose parent is missing too is refused (`/nonexistent/dir/x.json` is a typo, not a tree
 * to make somewhere unseen), unless `makeFolder` (`record`, whose fixtures go beside the scenario folder).
 * It must be a folder, and the file must be absent or a regular file the command may write. A FIFO is
 * refused here, never opened (opening one for writing waits for a reader). `mustWrite: false` (the last-run
 * record, written when it can be: a read-only checkout still runs) only refuses a path that is there and not
 * a regular file.
 */
export function checkOutputFile(flag: string, file: string, mustWrite = true, makeFolder = false): void {
  const folder = dirname(file);
  if (mustWrite) {
    const parent = dirname(folder);
    if (!statOf(folder) && (makeFolder || statOf(parent)?.isDirectory() === true)) {
      try {
        mkdirSync(folder, { recursive: true });
      } catch (error) {
        throw new UsageError(`${flag} ${file}: its folder ${folder} cannot be made (${codeOf(error)})`);
      }
    }
    const made = statOf(folder);
    if (made === undefined)
      throw new UsageError(
        `${flag} ${file}: its folder ${folder} does not exist, nor ${parent}: make it first (only a folder one level new is made); nothing was run`,
      );
    if (!made.isDirectory()) throw new UsageError(`${flag} ${file}: its folder ${folder} is not a folder`);
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

/** A path's stat, undefined when there is nothing there (or it cannot be reached). */
function statOf(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

const codeOf = (error: unknown): string =>
  (error as NodeJS.ErrnoException).code ?? (error as Error).message ?? String(error);
