import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The real `topup` binary, as CI runs it. */
export const BIN = fileURLToPath(new URL('../../bin/topup.mjs', import.meta.url));
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface BinResult {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs `node bin/topup.mjs …` from the repository root; `whileRunning` gets the child (to send it a signal)
 * and a way to wait for text on its stderr. Bounded by `limitMs` so a hang fails the test instead of CI.
 */
export function runBin(
  args: readonly string[],
  options: {
    cwd?: string;
    limitMs?: number;
    whileRunning?: (
      child: ChildProcess,
      stderrContains: (text: string) => Promise<void>,
      stderrSoFar: () => string,
    ) => Promise<void> | void;
  } = {},
): Promise<BinResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: options.cwd ?? REPO_ROOT,
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const waiters: { text: string; resolve: () => void }[] = [];
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      for (const w of [...waiters]) if (stderr.includes(w.text)) w.resolve();
    });
    const limit = setTimeout(() => child.kill('SIGKILL'), options.limitMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(limit);
      resolve({ code, signal, stdout, stderr });
    });
    const stderrContains = (text: string) =>
      new Promise<void>((res) => {
        if (stderr.includes(text)) res();
        else waiters.push({ text, resolve: res });
      });
    void Promise.resolve(options.whileRunning?.(child, stderrContains, () => stderr)).catch(reject);
  });
}
