// Integration test: the CLI talks HTTP, so it runs against a small server listening on loopback, port 0.

import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { captureIo } from './support/capture';

/**
 * The read of a URL target's clock (`GET /__mock/clock`, how a command learns what the URL is) waits
 * `--timeout` as every other request does, not a fixed 5 s; and the line saying how the URL is taken is
 * printed even when it does not answer, before the failure.
 */
const dir = mkdtempSync(join(tmpdir(), 'topup-target-timeout-'));
const FIXTURES = join(__dirname, '..', 'fixtures', 'mock-backend.yaml');
let hanging: Server;
let url: string;
beforeAll(async () => {
  hanging = createServer(() => {
    // never answers
  });
  await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
});
afterAll(async () => {
  hanging.closeAllConnections();
  await new Promise<void>((resolve) => hanging.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

describe('a URL target that never answers, under --timeout', () => {
  it('scenario run: the clock read gives up after --timeout, the target line printed first', async () => {
    const io = captureIo();
    const last = ['--last-run-file', join(dir, 'last.json')];
    const code = await runCli(
      ['scenario', 'run', 'account-normal', '--target', url, '--timeout', '300', ...last],
      io,
    );
    expect(code).toBe(1);
    const stderr = io.stderr();
    const line = `target ${url}/: a real backend (no --mock)`;
    expect(stderr).toContain(line);
    expect(stderr).toContain(`no answer from ${url}/: no answer within 300 ms`);
    expect(stderr.indexOf(line)).toBeLessThan(stderr.indexOf('no answer from'));
  });

  it('scenario run --mock: the line says the URL was given as the mock', async () => {
    const io = captureIo();
    const last = ['--last-run-file', join(dir, 'last.json')];
    const args = [
      'scenario',
      'run',
      'account-normal',
      '--target',
      url,
      '--mock',
      '--timeout',
      '300',
      ...last,
    ];
    expect(await runCli(args, io)).toBe(1);
    expect(io.stderr()).toContain(`target ${url}/: the mock (--mock)`);
    expect(io.stderr()).toContain('no answer within 300 ms');
  });

  it('contract check: the clock read and every call wait --timeout; the target line is printed', async () => {
    const io = captureIo();
    const args = ['contract', 'check', '--target', url, '--fixtures', FIXTURES, '--only', 'serverTime'];
    expect(await runCli([...args, '--timeout', '300'], io)).toBe(1);
    expect(io.stderr()).toContain(`target ${url}/: a real backend (no --mock)`);
    expect(io.stdout()).toContain('no answer within 300 ms');
  });

  it('contract check --mock: said, then exit 1 after --timeout', async () => {
    const io = captureIo();
    const args = ['contract', 'check', '--target', url, '--mock', '--only', 'serverTime', '--timeout', '300'];
    expect(await runCli(args, io)).toBe(1);
    expect(io.stderr()).toContain(`target ${url}/: the mock (--mock)`);
    expect(io.stderr()).toContain(`no answer from ${url}/: no answer within 300 ms`);
  });
});
