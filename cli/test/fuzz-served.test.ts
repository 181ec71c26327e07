// Integration test: the CLI talks HTTP, so it runs against the mock behind small proxies on loopback, port 0.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { captureIo } from './support/capture';
import { type ProxiedAnswer, startProxyBackend } from './support/proxyBackend';

/**
 * `contract fuzz` demands that every request be served: each valid one, not only the first a call gets, and
 * each invalid one refused with a refusal, never the server's own error.
 */
const FIXTURES = join(__dirname, '..', 'fixtures', 'mock-backend.yaml');

/** The mock's answer to a call's first request; `later` to every request after it, valid or not. */
function firstOnly(later: (up: ProxiedAnswer) => ProxiedAnswer) {
  const seen = new Map<string, number>();
  return (path: string, up: ProxiedAnswer): ProxiedAnswer | undefined => {
    const n = (seen.get(path) ?? 0) + 1;
    seen.set(path, n);
    return n === 1 ? undefined : later(up);
  };
}
const envelope = (status: number, result: number, message: string): ProxiedAnswer => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ result, message, data: null }),
});

async function fuzz(url: string) {
  const io = captureIo();
  const args = ['contract', 'fuzz', '--target', url, '--fixtures', FIXTURES, '--only', 'checkDisplayId'];
  const code = await runCli([...args, '--runs', '10', '--seed', '1', '--rate', '100'], io);
  return { code, stdout: io.stdout() };
}

describe('contract fuzz: every request served', () => {
  it('fails a backend that answers each call right once, then 10005 to everything', async () => {
    const backend = await startProxyBackend(firstOnly(() => envelope(200, 10005, 'boom')));
    try {
      const result = await fuzz(backend.url);
      expect(result.stdout).toMatch(/checkDisplayId\s+failed/);
      expect(result.stdout).toContain('server-error result: result 10005 (internal): the server failed on');
      expect(result.code).toBe(1);
    } finally {
      await backend.close();
    }
  }, 60_000);

  it('fails a backend that refuses the fixtures request every time after the first', async () => {
    // 20001 (banned) is a refusal of checkDisplayId's own: any one answer of it could be right, not all.
    const backend = await startProxyBackend(firstOnly(() => envelope(200, 20001, 'banned')));
    try {
      const result = await fuzz(backend.url);
      expect(result.stdout).toContain(
        "the fixtures' valid request, sent again, was refused with 20001: a valid request must succeed every time, not only the first",
      );
      expect(result.code).toBe(1);
    } finally {
      await backend.close();
    }
  }, 60_000);

  it('fails a call whose requests were mostly throttled: they checked nothing', async () => {
    const backend = await startProxyBackend(firstOnly(() => envelope(429, 10002, 'slow down')));
    try {
      const result = await fuzz(backend.url);
      expect(result.stdout).toMatch(/unverified \d+ of \d+ requests were answered 10002 \(rateLimited\)/);
      expect(result.code).toBe(1);
    } finally {
      await backend.close();
    }
  }, 60_000);

  it('writes out the control characters of a non-JSON answer: no fake PASSED line', async () => {
    // ESC erases the line and paints a green PASSED, CR returns over it, OSC 8 hides a link, BEL rings.
    const evil =
      'oops\r\u001b[2K\u001b[32mPASSED\u001b[0m 16 scenarios\u0000\u0007\u001b]8;;http://evil\u0007link\u001b]8;;\u0007';
    const backend = await startProxyBackend((path) =>
      path.includes('check_display_id')
        ? { status: 200, headers: { 'content-type': 'text/plain' }, body: evil }
        : undefined,
    );
    try {
      const result = await fuzz(backend.url);
      expect(result.code).toBe(1);
      expect(result.stdout).toContain('oops\\x0d\\x1b[2K\\x1b[32mPASSED\\x1b[0m 16 scenarios\\x00\\x07');
      for (const raw of ['\u0000', '\u0007', '\u001b', '\r']) expect(result.stdout).not.toContain(raw);
    } finally {
      await backend.close();
    }
  }, 60_000);

  it('passes the mock behind the same proxy, answering as it does', async () => {
    const backend = await startProxyBackend();
    try {
      const result = await fuzz(backend.url);
      expect(result.stdout).toMatch(/PASSED contract fuzz/);
      expect(result.code).toBe(0);
    } finally {
      await backend.close();
    }
  }, 60_000);
});
