// Integration test: the CLI talks HTTP, so it runs against a small server listening on loopback, port 0.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { captureIo } from './support/capture';

/**
 * `contract fuzz` against a backend that takes requests and never answers: each call fails on its first
 * request that timed out, with that reason, and is neither fuzzed further nor shrunk (every shrink would
 * wait out the time-out again: about an hour of CI). Bounded by counting what the server received.
 */
const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'mock-backend.yaml');
let hanging: Server;
let url: string;
const received = new Map<string, number>();
beforeAll(async () => {
  hanging = createServer((request) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    received.set(path, (received.get(path) ?? 0) + 1);
    // never answers
  });
  await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  hanging.closeAllConnections();
  await new Promise<void>((resolve) => hanging.close(() => resolve()));
});

interface FuzzJson {
  readonly passed: boolean;
  readonly calls: readonly {
    call: string;
    status: string;
    requests: number;
    failure?: { shrinks: number; problems: readonly { kind: string; message: string }[] };
  }[];
}

describe('contract fuzz against a backend that never answers', () => {
  it('fails every call at its first unanswered request, unshrunk, sending at most 2 requests a call', async () => {
    received.clear();
    const io = captureIo();
    const args = ['contract', 'fuzz', '--target', url, '--fixtures', FIXTURES, '--seed', '7', '--runs', '20'];
    const code = await runCli([...args, '--timeout', '100', '--rate', '1000', '--reporter', 'json'], io);
    expect(code).toBe(1);
    const report = JSON.parse(io.stdout()) as FuzzJson;
    expect(report.passed).toBe(false);
    const fuzzed = report.calls.filter((c) => c.status !== 'skipped');
    expect(fuzzed.length).toBeGreaterThan(10);
    for (const c of fuzzed) {
      expect(c.status, c.call).toBe('failed');
      expect(c.requests, c.call).toBeLessThanOrEqual(2);
      expect(c.failure?.shrinks, c.call).toBe(0);
      expect(c.failure?.problems.map((p) => `${p.kind}: ${p.message}`)).toContain(
        'network: no answer within 100 ms',
      );
    }
    // What the backend received: at most 2 requests a call path, the clock read aside.
    const api = [...received].filter(([path]) => path.startsWith('/api/'));
    expect(api.length).toBeGreaterThan(0);
    for (const [path, n] of api) expect(n, path).toBeLessThanOrEqual(2);
    expect(api.reduce((sum, [, n]) => sum + n, 0)).toBeLessThanOrEqual(2 * fuzzed.length);
  }, 120_000);
});
