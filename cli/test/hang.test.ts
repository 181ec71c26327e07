// Integration test: the CLI talks HTTP, so it runs against a small server listening on loopback, port 0.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin } from './support/bin';

/**
 * A backend that takes requests and never answers must not tie CI up: each call fails after the check's
 * own time-out (10 s by default, five times the latency budget, as --help says; here 800 ms, to keep the
 * suite short), and a CI log shows a line a call as it finishes.
 */
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
});

describe('contract check against a backend that never answers', () => {
  it('fails each call after its time-out, printing a progress line a call (real binary, no terminal)', async () => {
    const only = ['serverTime', 'checkDisplayId', 'getFineInfo'].flatMap((call) => ['--only', call]);
    const run = await runBin(
      ['contract', 'check', '--target', url, '--fixtures', FIXTURES, ...only, '--timeout', '800'],
      { limitMs: 40_000 },
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('no answer within 800 ms');
    expect(run.stdout).toMatch(/serverTime\s+network/);
    for (const call of ['serverTime', 'checkDisplayId', 'getFineInfo'])
      expect(run.stderr).toMatch(new RegExp(`^\\[[123]/3\\] ${call} network \\d+ ms$`, 'm'));
  }, 45_000);

  it('says the default in --help, for check and fuzz', async () => {
    for (const command of ['check', 'fuzz']) {
      const help = await runBin(['contract', command, '--help']);
      // contract check reports as pretty, json or junit: html is offered only where it is taken.
      if (command === 'check') expect(help.stdout).toMatch(/\(choices: "pretty",\s+"json", "junit", default/);
      expect(help.stdout).toMatch(
        /--timeout <ms>\s+time-out of each request \(five times the 2 s latency[\s\S]*?\(default:\s+10000\)/,
      );
    }
  }, 30_000);
});
