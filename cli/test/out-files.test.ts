// Integration test: every option naming a file a command writes (`--out`, `--fixtures-out`) is checked before
// the command does anything: a folder, a FIFO, or a path under a regular file is exit 2 with one line, and
// the backend is asked nothing. Through the real binary, each run bounded (killed if it hangs on a FIFO).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { runBin } from './support/bin';
import { captureIo } from './support/capture';
import { startProxyBackend } from './support/proxyBackend';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'mock-backend.yaml');

let backend: Awaited<ReturnType<typeof startProxyBackend>>;
let dir: string;
let report: string;
beforeAll(async () => {
  backend = await startProxyBackend();
  dir = mkdtempSync(join(tmpdir(), 'topup-out-files-'));
  mkdirSync(join(dir, 'folder'));
  execFileSync('mkfifo', [join(dir, 'fifo')]);
  writeFileSync(join(dir, 'file'), 'a regular file\n');
  mkdirSync(join(dir, 'no-reports'));
  report = join(dir, 'report.json');
  const io = captureIo();
  const args = [
    'scenario',
    'run',
    'account-normal',
    '--target',
    'mock',
    '--reporter',
    'json',
    '--out',
    report,
  ];
  expect(await runCli([...args, '--last-run-file', join(dir, 'last.json')], io)).toBe(0);
});
afterAll(async () => {
  await backend.close();
  rmSync(dir, { recursive: true, force: true });
});

const commands: readonly { name: string; flag: string; args: () => string[] }[] = [
  {
    name: 'contract check',
    flag: '--out',
    args: () => ['contract', 'check', '--target', backend.url, '--fixtures', FIXTURES],
  },
  {
    name: 'contract fuzz',
    flag: '--out',
    args: () => ['contract', 'fuzz', '--target', backend.url, '--fixtures', FIXTURES, '--only', 'serverTime'],
  },
  {
    name: 'scenario run',
    flag: '--out',
    args: () => [
      ...['scenario', 'run', 'account-normal', '--target', backend.url, '--fixtures', FIXTURES],
      ...['--last-run-file', join(dir, 'last.json')],
    ],
  },
  { name: 'scenario merge', flag: '--out', args: () => ['scenario', 'merge', report] },
  { name: 'coverage', flag: '--out', args: () => ['coverage', '--reports', join(dir, 'no-reports')] },
  { name: 'record', flag: '--out', args: () => ['record', '--target', backend.url, '--port', '0'] },
  {
    name: 'record',
    flag: '--fixtures-out',
    args: () => [
      'record',
      '--target',
      backend.url,
      '--port',
      '0',
      '--out',
      join(dir, 'rec', 'scenarios', 'r.yaml'),
    ],
  },
];
const places = [
  { what: 'a folder', path: () => join(dir, 'folder') },
  { what: 'a FIFO', path: () => join(dir, 'fifo') },
  { what: 'a path under a regular file', path: () => join(dir, 'file', 'report.json') },
];

describe('a file a command writes is checked before any work', () => {
  for (const command of commands)
    for (const place of places)
      it(`${command.name} ${command.flag} naming ${place.what}: exit 2, one line, nothing sent`, async () => {
        backend.paths.length = 0;
        const run = await runBin([...command.args(), command.flag, place.path()], { limitMs: 60_000 });
        expect(run.signal).toBeNull();
        expect(run.code).toBe(2);
        const lines = run.stderr.trim().split('\n');
        expect(lines).toHaveLength(1);
        expect(lines[0]).toContain(`${command.flag} ${place.path()}`);
        expect(backend.paths).toEqual([]);
      });
});

describe('a report written into a folder that is not there', () => {
  // `record` makes its folders (the fixtures go beside the scenario folder); a report's folder is not made.
  for (const command of commands.filter((c) => c.name !== 'record'))
    it(`${command.name} ${command.flag}: exit 2 saying so, nothing sent, no folder made`, async () => {
      backend.paths.length = 0;
      const path = join(dir, 'missing', command.name.replace(' ', '-'), 'report.json');
      const run = await runBin([...command.args(), command.flag, path], { limitMs: 60_000 });
      expect(run.signal).toBeNull();
      expect(run.code).toBe(2);
      const lines = run.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`${command.flag} ${path}: its folder ${join(dir, 'missing')}`);
      expect(lines[0]).toContain('does not exist');
      expect(existsSync(join(dir, 'missing'))).toBe(false);
      expect(backend.paths).toEqual([]);
    });
});
