// Integration test: the CLI talks HTTP, so it runs against the mock behind small proxies on loopback, port 0.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { captureIo } from './support/capture';
import { type ProxiedAnswer, startProxyBackend } from './support/proxyBackend';

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

/** Runs `contract check` in-process against `url` with the sample fixtures; answers the exit code and output. */
async function check(url: string, ...extra: string[]) {
  const io = captureIo();
  const code = await runCli(['contract', 'check', '--target', url, '--fixtures', FIXTURES, ...extra], io);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

describe('JSONP only where the call is JSONP, in exactly the callback it sent', () => {
  const cases: [string, (path: string, up: ProxiedAnswer) => ProxiedAnswer | undefined, RegExp][] = [
    [
      'a JSON call answered as JSONP',
      (path, up) => (path.startsWith('/api/sys/ts') ? { ...up, body: `/**/cb(${up.body});` } : undefined),
      /serverTime\s+bad-envelope[\s\S]*\(body\): answered as JSONP, wrapped in cb\(…\); the call answers a plain JSON envelope/,
    ],
    [
      'the JSONP call answered as plain JSON',
      (path, up) =>
        path.startsWith('/api/sys/h5_info')
          ? { ...up, body: up.body.replace(/^\/\*\*\/topupContractCheck\(/, '').replace(/\);$/, '') }
          : undefined,
      /h5Info\s+bad-envelope[\s\S]*\(body\): answered plain JSON; a JSONP call's envelope comes wrapped in the callback it sent, topupContractCheck\(…\)/,
    ],
    [
      'the JSONP call wrapped in another callback',
      (path, up) =>
        path.startsWith('/api/sys/h5_info')
          ? { ...up, body: up.body.replace('topupContractCheck(', 'evilCallback(') }
          : undefined,
      /h5Info\s+bad-envelope[\s\S]*\(body\): wrapped in evilCallback\(…\), not in the callback it sent, topupContractCheck\(…\)/,
    ],
  ];
  for (const [name, answer, line] of cases) {
    it(`fails ${name}, naming the call and the framing`, async () => {
      const backend = await startProxyBackend(answer);
      try {
        const result = await check(backend.url);
        expect(result.stdout).toMatch(line);
        expect(result.stdout).toMatch(/FAILED contract check/);
        expect(result.code).toBe(1);
      } finally {
        await backend.close();
      }
    }, 30_000);
  }

  it('passes the mock as it is: h5Info wrapped in the callback sent, every other call plain JSON', async () => {
    const backend = await startProxyBackend();
    try {
      const result = await check(backend.url, '--only', 'h5Info', '--only', 'serverTime');
      expect(result.stdout).toMatch(/h5Info\s+ok/);
      expect(result.code).toBe(0);
    } finally {
      await backend.close();
    }
  }, 30_000);
});

describe('redirects are answers, never followed', () => {
  for (const status of [301, 302, 307, 308]) {
    it(`fails every call answered ${status}, naming the status and its Location`, async () => {
      const backend = await startProxyBackend();
      // A backend that sends every call to the real one elsewhere: following it would pass the check.
      const redirecting = await startProxyBackend((path, up, request) =>
        path.startsWith('/api/')
          ? { status, headers: { location: new URL(request.url ?? '/', backend.url).toString() }, body: '' }
          : up,
      );
      try {
        const result = await check(redirecting.url, '--only', 'serverTime', '--only', 'checkDisplayId');
        expect(result.stdout).toMatch(/serverTime\s+http-error/);
        expect(result.stdout).toContain(
          `HTTP ${status} redirect to ${backend.url}api/sys/ts/; every call answers HTTP 200, and a redirect is not followed`,
        );
        expect(result.code).toBe(1);
        expect(backend.paths.filter((p) => p.startsWith('/api/'))).toEqual([]);
      } finally {
        await redirecting.close();
        await backend.close();
      }
    }, 30_000);
  }
});
