// Integration test: the CLI talks HTTP, so it runs the mock behind a rewriting proxy on loopback, port 0.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRewritingBackend } from './support/rewritingBackend';
import { runScenarios } from './support/scenarioReport';

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
});

describe('paid top-ups that never reach the account', () => {
  it('fail every scenario that ends paid, at its history read; the others pass', async () => {
    // The paying scenarios and a few that pay nothing (a fine, an order left unpaid, a lookup) or ends
    // paid without a top-up: those still pass.
    const others = ['fine-paid-unbans-account', 'order-lost-answer-same-rid', 'account-normal'];
    const { code, report } = await runScenarios([...PAYING, ...others], backend);
    expect(code).toBe(1);
    const failed = report.scenarios.filter((s) => s.status === 'failed');
    expect(failed.map((s) => s.name).sort()).toEqual(PAYING);
    for (const s of failed)
      expect(s.steps.find((x) => x.status === 'failed')?.label, s.name).toMatch(
        /^the top-up of order PO\w+ reached the payer's recharge history \(SPEC §3\)$/,
      );
    expect(report.scenarios.filter((s) => s.status === 'passed').map((s) => s.name)).toEqual(others.sort());
  }, 120_000);
});
