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

describe('card data in an answer fails it, at its field, never printed', () => {
  /** Adds card data to every successful answer's data: named fields, and a card number in a known field. */
  const leaking = (_path: string, up: ProxiedAnswer): ProxiedAnswer | undefined => {
    if (!up.headers['content-type']?.includes('json')) return undefined;
    const body = JSON.parse(up.body) as { result?: number; data?: unknown };
    if (body.result !== 0 || body.data === null || typeof body.data !== 'object' || Array.isArray(body.data))
      return undefined;
    const data = body.data as Record<string, unknown>;
    data.card_number = '5555555555554444';
    data.cvv = '737';
    data.password = 'hunter2-secret';
    if (typeof data.nickname === 'string') data.nickname = '4000 0000 0000 0002';
    return { ...up, body: JSON.stringify(body) };
  };

  it('contract check names the call and each field, the values masked (pretty and json)', async () => {
    const backend = await startProxyBackend(leaking);
    try {
      const result = await check(backend.url, '--only', 'checkDisplayId', '--only', 'serverTime');
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(/checkDisplayId\s+drift/);
      expect(result.stdout).toContain(
        'data.card_number: card data in the answer: a card_number field with a value (••••4444)',
      );
      expect(result.stdout).toContain('data.cvv: card data in the answer: a cvv field with a value (•••)');
      expect(result.stdout).toContain(
        'data.password: card data in the answer: a password field with a value (•••)',
      );
      expect(result.stdout).toContain('data.nickname: card data in the answer: a card number (••••0002)');
      const json = await check(backend.url, '--only', 'checkDisplayId', '--reporter', 'json');
      expect(json.code).toBe(1);
      for (const text of [result.stdout, result.stderr, json.stdout]) {
        expect(text).not.toContain('5555555555554444');
        expect(text).not.toContain('737');
        expect(text).not.toContain('hunter2');
        expect(text).not.toContain('4000 0000 0000 0002');
      }
    } finally {
      await backend.close();
    }
  }, 30_000);

  it('a scenario step fails on it too', async () => {
    const backend = await startProxyBackend(leaking);
    try {
      const io = captureIo();
      const code = await runCli(
        ['scenario', 'run', 'account-normal', '--target', backend.url, '--fixtures', FIXTURES],
        io,
      );
      expect(io.stdout()).toContain('card data in the answer');
      expect(io.stdout()).not.toContain('5555555555554444');
      expect(code).toBe(1);
    } finally {
      await backend.close();
    }
  }, 30_000);
});
