// Integration test: the CLI talks HTTP, so it runs against the mock behind small proxies on loopback, port 0.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { captureIo } from './support/capture';
import { startProxyBackend } from './support/proxyBackend';

/**
 * How the check's requests travel and how their answers are read, below what an answer says: the target's
 * own path, the JSONP wrapper, redirects. Each case is a backend that once passed the check when wrong.
 */
const FIXTURES = join(__dirname, '..', 'fixtures', 'mock-backend.yaml');

describe('--target with a path: every call goes under it', () => {
  let backend: Awaited<ReturnType<typeof startProxyBackend>>;
  beforeAll(async () => {
    // The backend answers only under /staging/; anything else is a gateway's 502.
    backend = await startProxyBackend(undefined, '/staging/');
  });
  afterAll(() => backend.close());

  it('contract check, contract fuzz and scenario run send every request under /staging/', async () => {
    for (const args of [
      ['contract', 'check', '--target', backend.url, '--fixtures', FIXTURES],
      [
        'contract',
        'fuzz',
        '--target',
        backend.url,
        '--fixtures',
        FIXTURES,
        '--only',
        'checkDisplayId',
        '--runs',
        '3',
        '--seed',
        '1',
        '--rate',
        '50',
      ],
      ['scenario', 'run', 'account-normal', '--target', backend.url, '--fixtures', FIXTURES],
    ]) {
      backend.paths.length = 0;
      const io = captureIo();
      const code = await runCli(args, io);
      expect(io.stdout(), args.slice(0, 2).join(' ')).toMatch(/PASSED/);
      expect(code).toBe(0);
      expect(backend.paths.length).toBeGreaterThan(0);
      expect(backend.paths.filter((p) => !p.startsWith('/staging/'))).toEqual([]);
    }
  }, 60_000);
});
