// Integration test: the CLI talks HTTP, so it runs the mock behind a rewriting proxy on loopback, port 0.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { captureIo } from './support/capture';
import { startRewritingBackend } from './support/rewritingBackend';

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

let backend: Awaited<ReturnType<typeof startRewritingBackend>>;
beforeAll(async () => {
  // Each history read answered as its first was (keyed by its whole path and query).
  const first = new Map<string, string>();
  backend = await startRewritingBackend((request) => request, {
    control: true,
    answer: (request, text) => {
      if (!request.url.pathname.startsWith('/api/web/recharge_fill_record/')) return text;
      const key = `${request.url.pathname}${request.url.search}`;
      const kept = first.get(key) ?? text;
      first.set(key, kept);
      return kept;
    },
  });
});
afterAll(async () => {
  await backend.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('paid top-ups that never reach the account', () => {
  it('fail every scenario that ends paid, at its history read; the others pass', async () => {
    const io = captureIo();
    // The paying scenarios and a few that pay nothing (a fine, an order left unpaid, a lookup) or ends
    // paid without a top-up: those still pass.
    const others = ['fine-paid-unbans-account', 'order-lost-answer-same-rid', 'account-normal'];
    const args = [
      'scenario',
      'run',
      ...PAYING,
      ...others,
      '--target',
      backend.url,
      '--mock',
      '--room-url',
      backend.roomUrl,
    ];
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
