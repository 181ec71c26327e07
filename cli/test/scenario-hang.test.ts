// Integration test: the CLI talks HTTP, so it runs against a small server listening on loopback, port 0.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin } from './support/bin';

/**
 * A backend that answers its root but takes API requests and never answers them must not hold a scenario job
 * for a minute a scenario: each request fails after its time-out (10 s by default, as the contract check's,
 * which hang.test.ts waits out for real), failing its scenario, and --help says so.
 */
const FIXTURES = join(__dirname, '..', 'fixtures', 'mock-backend.yaml');
let hanging: Server;
let url: string;
beforeAll(async () => {
  // The mock's control API answers 404 (a real backend); every API call hangs.
  hanging = createServer((request, response) => {
    if (!request.url?.startsWith('/api/')) response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
});
afterAll(async () => {
  hanging.closeAllConnections();
  await new Promise<void>((resolve) => hanging.close(() => resolve()));
});

describe('scenario run against a backend that never answers', () => {
  it('fails each scenario after its time-out, saying no answer came', async () => {
    const run = await runBin(
      [
        'scenario',
        'run',
        'account-normal',
        'account-banned',
        '--target',
        url,
        '--fixtures',
        FIXTURES,
        '--timeout',
        '800',
      ],
      { limitMs: 30_000 },
    );
    expect(run.code).toBe(1);
    for (const name of ['account-normal', 'account-banned'])
      expect(run.stdout).toMatch(
        new RegExp(`✗ ${name}: step 1 \\(checkDisplayId\\): no answer: no answer within 800 ms`),
      );
  }, 35_000);

  it('says the default in --help', async () => {
    const help = await runBin(['scenario', 'run', '--help']);
    expect(help.stdout).toMatch(
      /--timeout <ms>\s+time-out of each request \(five times the 2 s latency[\s\S]*?\(default:\s+10000\)/,
    );
  }, 30_000);
});
