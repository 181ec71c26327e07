// scenario validate on files that are no scenario: one too large is refused unread, and a text that is not
// YAML is not printed back whole in its error.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { captureIo } from './support/capture';

const dir = mkdtempSync(join(tmpdir(), 'topup-scenario-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('scenario files that are no scenario', () => {
  it('refuses a file over 1 MiB without reading it, in one line', async () => {
    const file = join(dir, 'huge.yaml');
    const text = `version: 1\nname: huge\ndescription: ${'x'.repeat(1024 * 1024)}\nsteps: []\n`;
    writeFileSync(file, text);
    const io = captureIo();
    expect(await runCli(['scenario', 'validate', file], io)).toBe(2);
    expect(io.stderr()).toContain(
      '  - the file is larger than 1048576 bytes (1 MiB), so it was not read (is it a scenario?)\n',
    );
    expect(io.stderr().length).toBeLessThan(1000);
  });

  it('refuses a device and a FIFO at once, whose size stat gives as 0 and whose reading never ends', async () => {
    const fifo = join(dir, 'pipe.yaml');
    execFileSync('mkfifo', [fifo]);
    for (const file of ['/dev/zero', fifo]) {
      const io = captureIo();
      expect(await runCli(['scenario', 'validate', file], io)).toBe(2);
      expect(io.stderr()).toBe(
        `${file}:\n  - not a regular file (a folder, device, FIFO or socket), so it was not read (is it a scenario?)\n`,
      );
      const run = captureIo();
      const args = [
        'scenario',
        'run',
        'account-normal',
        '--target',
        'http://127.0.0.1:9',
        '--fixtures',
        file,
      ];
      expect(await runCli(args, run)).toBe(2);
      expect(run.stderr()).toContain(
        `invalid fixtures file ${file}:\n  - cannot read it: not a regular file (a folder, device, FIFO or socket), so it was not read\n`,
      );
    }
  });

  it('shows only the beginning of a text that is not a scenario', async () => {
    const file = join(dir, 'passwd');
    const line = 'daemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n';
    writeFileSync(file, line.repeat(200));
    const io = captureIo();
    expect(await runCli(['scenario', 'validate', file], io)).toBe(2);
    expect(io.stderr()).toMatch(/expected a mapping, got "daemon:x:1:1:daemon.{40,80}… \(\d+ characters\)\n/);
    expect(io.stderr().length).toBeLessThan(1000);
  });

  it("lists a step's params problems beside its expect problems, in plain words", async () => {
    const file = join(dir, 'wrong.yaml');
    writeFileSync(
      file,
      'version: "1"\nname: wrong\ndescription: d\nsteps:\n  - call: checkDisplayId\n    params: { display_id: 10000001, source: "one" }\n    expect: { result: "0", maxMs: -5 }\n',
    );
    const io = captureIo();
    expect(await runCli(['scenario', 'validate', file], io)).toBe(2);
    const lines = io.stderr().split('\n');
    for (const line of [
      '  - version: expected the number 1, got the text "1"; write version: 1 without quotes',
      '  - steps[0].expect.result: expected a number, got "0"',
      '  - steps[0].expect.maxMs: expected a number greater than 0, got -5',
      '  - steps[0].params.display_id: expected a string, got 10000001',
      '  - steps[0].params.source: expected one of 1, 4, got "one"',
    ])
      expect(lines).toContain(line);
  });

  it('validates nothing in a folder with no scenario file: exit 2, as scenario run --all there', async () => {
    const empty = join(dir, 'empty');
    mkdirSync(empty);
    writeFileSync(join(empty, 'readme.txt'), 'no scenario here\n');
    for (const args of [
      ['scenario', 'validate', empty],
      ['scenario', 'validate', '--dir', empty],
    ]) {
      const io = captureIo();
      expect(await runCli(args, io)).toBe(2);
      expect(io.stderr()).toBe(`topup: no scenarios in ${empty}\n`);
      expect(io.stdout()).toBe('');
    }
    const run = captureIo();
    expect(await runCli(['scenario', 'run', '--all', '--dir', empty], run)).toBe(2);
    expect(run.stderr()).toBe(`topup: no scenarios in ${empty}\n`);
    const missing = captureIo();
    expect(await runCli(['scenario', 'validate', '--dir', join(dir, 'nowhere')], missing)).toBe(2);
    expect(missing.stderr()).toContain('not a folder');
  });
});
