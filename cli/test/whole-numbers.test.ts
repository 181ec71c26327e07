// A whole-number option takes plain digits only: `1e3`, `0x64`, ` 200`, `1.0` are refused with one line,
// exit 2, before anything runs (program/options.ts; the mock's --port and --seed: mock-server args.test.ts).
import { describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { captureIo } from './support/capture';

const written = ['1e3', '0x64', ' 200', '200 ', '1.0', '+5', '0b11', '0o7', '1_000', ''];

describe('whole-number options take plain digits', () => {
  it.each(written)('--retries %j is refused, exit 2', async (value) => {
    const io = captureIo();
    expect(await runCli(['scenario', 'run', 'account-normal', '--retries', value], io)).toBe(2);
    expect(io.stderr()).toContain('--retries takes a whole number from 0 to 10');
    expect(io.stdout()).toBe('');
  });

  it.each(written)('--timeout %j is refused, exit 2', async (value) => {
    const io = captureIo();
    const args = ['contract', 'check', '--target', 'mock', '--timeout', value];
    expect(await runCli(args, io)).toBe(2);
    expect(io.stderr()).toContain('--timeout takes a whole number from 100');
  });
});
