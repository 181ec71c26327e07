import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UsageError } from './io';
import { checkOutputFile, writeOutputFile } from './writeText';

const dir = mkdtempSync(join(tmpdir(), 'topup-write-text-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('writeOutputFile', () => {
  it('writes and replaces a regular file, making its folder', () => {
    const file = join(dir, 'a', 'b', 'report.txt');
    writeOutputFile('--out', file, 'first, and longer\n');
    writeOutputFile('--out', file, 'second\n');
    expect(readFileSync(file, 'utf8')).toBe('second\n');
  });

  it('never blocks on a FIFO with no reader (opened O_NONBLOCK): a usage error naming the flag', () => {
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    expect(() => writeOutputFile('--out', fifo, 'x')).toThrow(UsageError);
    expect(() => writeOutputFile('--out', fifo, 'x')).toThrow(`--out ${fifo}: cannot be written (ENXIO)`);
    expect(() => checkOutputFile('--out', fifo)).toThrow('not a regular file');
  });

  it('checks a path under a regular file, a folder, and a record that need not be writable', () => {
    const file = join(dir, 'plain');
    writeFileSync(file, 'x');
    expect(() => checkOutputFile('--out', join(file, 'r.json'))).toThrow('r.json: its folder');
    expect(() => checkOutputFile('--out', dir)).toThrow('not a regular file');
    expect(() => checkOutputFile('--last-run-file', dir, false)).toThrow('not a regular file');
    expect(() => checkOutputFile('--last-run-file', join(dir, 'nowhere', 'last.json'), false)).not.toThrow();
    expect(() => checkOutputFile('--out', file)).not.toThrow();
  });

  it('makes a folder one level new; a folder whose parent is missing too is refused and not made', () => {
    expect(() => checkOutputFile('--out', join(dir, 'reports', 'r.json'))).not.toThrow();
    expect(statSync(join(dir, 'reports')).isDirectory()).toBe(true);
    const deep = join(dir, 'nonexistent', 'dir', 'x.json');
    expect(() => checkOutputFile('--out', deep)).toThrow(
      `--out ${deep}: its folder ${join(dir, 'nonexistent', 'dir')} does not exist, nor ${join(dir, 'nonexistent')}`,
    );
    expect(existsSync(join(dir, 'nonexistent'))).toBe(false);
    expect(() => checkOutputFile('--out', deep, true, true)).not.toThrow();
  });
});
