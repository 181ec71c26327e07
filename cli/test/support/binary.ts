import { execFile } from 'node:child_process';
import { join } from 'node:path';

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'topup.mjs');

export interface BinaryRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs the real `topup` binary (bin/topup.mjs through node) with these arguments. Asynchronous, so a test
 * server in this process keeps answering while the binary talks to it.
 */
export function runBinary(args: readonly string[], timeoutMs = 120_000): Promise<BinaryRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { timeout: timeoutMs, maxBuffer: 32 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1' } },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
