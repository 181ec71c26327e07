import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { type Io, UsageError } from '../io';

/**
 * Writes a report where `--out` says (its folder made), else to stdout. With a file, a machine reporter's
 * human summary (when given) still goes to stdout, so a CI log shows the verdict.
 */
export function emitReport(io: Io, out: string | undefined, text: string, summary?: () => string): void {
  if (out === undefined) {
    io.out(text);
    return;
  }
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, text);
  io.err(`wrote ${out}\n`);
  if (summary !== undefined) io.out(summary());
}

/** A `--target` that is not `mock`: a base URL, or a usage error. */
export function parseBaseUrl(spec: string): string {
  try {
    return new URL(spec).toString();
  } catch {
    throw new UsageError(`--target takes mock or a base URL, not ${spec}`);
  }
}
