// Integration test: the CLI talks HTTP, so it runs the mock and a proxy of the test's own on loopback, port 0.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { type StartedMock, startMock } from '../src/commands/mockServer';
import { captureIo } from './support/capture';

/**
 * A top-up reaches the account it was for (SPEC §3): behind a backend that credits the payer (uid 1001)
 * when asked for Omar (1002), yet answers the order's to_uid as asked, the payer's history gains no new
 * entry for Omar. His entry seeded before the payment must not pass for this payment's.
 */
const SWAPPED = [
  'card-mastercard-approved',
  'card-visa-approved',
  'order-hosted-page-paid',
  'saved-card-expired-updated-then-paid',
  'wallet-success',
];
const dir = mkdtempSync(join(tmpdir(), 'topup-paid-target-'));

let mock: StartedMock;
let proxy: Server;
let url: string;
beforeAll(async () => {
  mock = await startMock();
  let asked: number | undefined;
  proxy = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const target = new URL(request.url ?? '/', mock.target.baseUrl);
      const uid = target.searchParams.get('uid');
      if (target.pathname.includes('create_coin_pay') && uid !== null) {
        asked = Number(uid);
        target.searchParams.set('uid', uid === '1002' ? '1001' : '1002');
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers))
        if (value !== undefined && !['host', 'content-length', 'connection'].includes(name))
          headers[name] = String(value);
      const body = Buffer.concat(chunks);
      const upstream = await fetch(target, {
        method: request.method ?? 'GET',
        headers,
        ...(body.length > 0 ? { body: new Uint8Array(body) } : {}),
        redirect: 'manual',
      }).catch(() => undefined);
      if (upstream === undefined) {
        request.socket.destroy();
        return;
      }
      let text = await upstream.text();
      if (target.pathname.includes('get_order_info') && asked !== undefined) {
        const answer = JSON.parse(text) as { data?: { to_uid?: number } | null };
        if (answer.data) answer.data.to_uid = asked;
        text = JSON.stringify(answer);
      }
      const location = upstream.headers.get('location');
      response.writeHead(upstream.status, {
        'content-type': upstream.headers.get('content-type') ?? 'text/plain',
        ...(location === null ? {} : { location }),
      });
      response.end(text);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(async () => {
  proxy.closeAllConnections();
  await new Promise<void>((resolve) => proxy.close(() => resolve()));
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a top-up credited to the payer while the order names the target', () => {
  it('fails at the history read: the target has no new entry', async () => {
    const io = captureIo();
    const room = mock.target.roomUrl ?? '';
    const args = ['scenario', 'run', ...SWAPPED, '--target', url, '--mock', '--room-url', room];
    const code = await runCli([...args, '--reporter', 'json', '--last-run-file', join(dir, 'last.json')], io);
    expect(code).toBe(1);
    const report = JSON.parse(io.stdout()) as {
      scenarios: { name: string; status: string; steps: { status: string; label: string }[] }[];
    };
    for (const s of report.scenarios) {
      expect(s.status, s.name).toBe('failed');
      expect(s.steps.find((x) => x.status === 'failed')?.label, s.name).toMatch(
        /^the top-up of order PO\w+ reached the payer's recharge history \(SPEC §3\)$/,
      );
    }
    expect(report.scenarios.map((s) => s.name).sort()).toEqual(SWAPPED);
  }, 120_000);
});
