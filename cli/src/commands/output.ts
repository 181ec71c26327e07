import { type Io, UsageError } from '../io';
import { writeOutputFile } from '../writeText';

/**
 * Writes a report where `--out` says (its folder checked first), else to stdout. With a file, a machine reporter's
 * human summary (when given) still goes to stdout, so a CI log shows the verdict.
 */
export function emitReport(io: Io, out: string | undefined, text: string, summary?: () => string): void {
  if (out === undefined) {
    io.out(text);
    return;
  }
  writeOutputFile('--out', out, text);
  io.err(`wrote ${out}\n`);
  if (summary !== undefined) io.out(summary());
}

/**
 * A `--target` (or `--compare`) that is not `mock`: an http or https base URL, or a usage error (exit 2) in
 * one line. A file:, ftp: or javascript: URL is refused here, before anything runs, not sent and failed as
 * "network" call after call; so is a URL with a query or fragment, which no call would carry.
 */
export function parseBaseUrl(spec: string, flag = '--target', takesMock = true): string {
  const takes = `${flag} takes ${takesMock ? 'mock or ' : ''}an http(s) base URL such as https://api.example.com`;
  let url: URL;
  try {
    url = new URL(spec);
  } catch {
    throw new UsageError(`${takes}, not ${spec}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`${takes}, not a ${url.protocol} URL (${spec})`);
  // A query would be dropped from every call, and a secret in it (a session key) printed: refused, unshown.
  if (url.search !== '' || url.hash !== '')
    throw new UsageError(
      `${flag} takes a base URL without a query or fragment (topup sends neither, and a secret there would reach logs and reports): give ${url.origin}${url.pathname}`,
    );
  return url.toString();
}
