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
 * A paid top-up reaches the account (SPEC §3: the payer's recharge history lists the target): every
 * scenario of the catalogue that ends paid reads the history before and after paying. Behind a backend
 * whose payments never reach the history (it answers every history read as it answered the first), exactly
 * those scenarios fail, at that step; the poll saying paid is not enough.
 */
const PAYING = [
  'card-3ds-challenge-passed',
  'card-3ds-identify-shopper',
  'card-3ds-redirect-shopper',
  'card-mastercard-approved',
  'card-visa-approved',
  'order-creation-latency',
  'order-hosted-page-paid',
  'result-poll-faults',
  'saved-card-expired-updated-then-paid',
  'wallet-pending-success',
  'wallet-success',
];
const dir = mkdtempSync(join(tmpdir(), 'topup-paid-credited-'));

let mock: StartedMock;
let proxy: Server;
let url: string;
beforeAll(async () => {
  mock = await startMock();
  const first = new Map<string, string>();
  proxy = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const path = request.url ?? '/';
      const history = path.startsWith('/api/web/recharge_fill_record/');
      const kept = history ? first.get(path) : undefined;
      if (kept !== undefined) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(kept);
        return;
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers))
        if (value !== undefined && !['host', 'content-length', 'connection'].includes(name))
          headers[name] = String(value);
      const body = Buffer.concat(chunks);
      const upstream = await fetch(new URL(path, mock.target.baseUrl), {
        method: request.method ?? 'GET',
        headers,
        ...(body.length > 0 ? { body: new Uint8Array(body) } : {}),
        redirect: 'manual',
      }).catch(() => undefined);
      // A fault the mock was forced to (a reset connection) reaches the client as one too.
      if (upstream === undefined) {
        request.socket.destroy();
        return;
      }
      const text = await upstream.text();
      if (history) first.set(path, text);
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

describe('paid top-ups that never reach the account', () => {
  it('fail every scenario that ends paid, at its history read; the others pass', async () => {
    const io = captureIo();
    const room = mock.target.roomUrl ?? '';
    // The paying scenarios and a few that pay nothing (a fine, an order left unpaid, a lookup) or ends
    // paid without a top-up: those still pass.
    const others = ['fine-paid-unbans-account', 'order-lost-answer-same-rid', 'account-normal'];
    const args = ['scenario', 'run', ...PAYING, ...others, '--target', url, '--mock', '--room-url', room];
    const code = await runCli([...args, '--reporter', 'json', '--last-run-file', join(dir, 'last.json')], io);
    expect(code).toBe(1);
    const report = JSON.parse(io.stdout()) as {
      scenarios: {
        name: string;
        status: string;
        steps: { status: string; label: string; call?: string }[];
      }[];
    };
    const failed = report.scenarios.filter((s) => s.status === 'failed');
    expect(failed.map((s) => s.name).sort()).toEqual(PAYING);
    for (const s of failed)
      expect(s.steps.find((x) => x.status === 'failed')?.label, s.name).toMatch(
        /^the top-up of order PO\w+ reached the payer's recharge history \(SPEC §3\)$/,
      );
    expect(report.scenarios.filter((s) => s.status === 'passed').map((s) => s.name)).toEqual(others.sort());
  }, 120_000);
});
