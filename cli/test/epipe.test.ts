// The real binary with its output piped into a reader that stops after the first line (`| head -1`): it
// stops quietly, with no EPIPE stack trace.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const BIN = join(import.meta.dirname, '..', 'bin', 'topup.mjs');

function firstLineThenClose(
  args: readonly string[],
): Promise<{ code: number | null; stderr: string; first: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, NO_COLOR: '1' } });
    let stderr = '';
    let first = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout.once('data', (chunk: Buffer) => {
      first = chunk.toString().split('\n')[0] ?? '';
      child.stdout.destroy();
    });
    child.on('close', (code) => resolve({ code, stderr, first }));
  });
}

describe('output piped into a reader that stops early', () => {
  it.each([
    [['scenario', 'list'], /^account-/],
    [['contract', 'openapi'], /^\{/],
  ])(
    'topup %j | head -1 stops quietly',
    async (args, first) => {
      const run = await firstLineThenClose(args);
      expect(run.first).toMatch(first);
      expect(run.stderr).not.toMatch(/EPIPE|Unhandled 'error' event/);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
    },
    60_000,
  );
});
