// Integration test: the CLI talks HTTP, so it runs the mock behind a rewriting proxy on loopback, port 0.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRewritingBackend } from './support/rewritingBackend';
import { runScenarios } from './support/scenarioReport';

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
let backend: Awaited<ReturnType<typeof startRewritingBackend>>;
beforeAll(async () => {
  let asked: number | undefined;
  backend = await startRewritingBackend(
    (request) => {
      const uid = request.url.searchParams.get('uid');
      if (request.url.pathname.includes('create_coin_pay') && uid !== null) {
        asked = Number(uid);
        request.url.searchParams.set('uid', uid === '1002' ? '1001' : '1002');
      }
      return request;
    },
    {
      control: true,
      answer: (request, text) => {
        if (!request.url.pathname.includes('get_order_info') || asked === undefined) return text;
        const answer = JSON.parse(text) as { data?: { to_uid?: number } | null };
        if (answer.data) answer.data.to_uid = asked;
        return JSON.stringify(answer);
      },
    },
  );
});
afterAll(async () => {
  await backend.close();
});

describe('a top-up credited to the payer while the order names the target', () => {
  it('fails at the history read: the target has no new entry', async () => {
    const { code, report } = await runScenarios(SWAPPED, backend);
    expect(code).toBe(1);
    for (const s of report.scenarios) {
      expect(s.status, s.name).toBe('failed');
      expect(s.steps.find((x) => x.status === 'failed')?.label, s.name).toMatch(
        /^the top-up of order PO\w+ reached the payer's recharge history \(SPEC §3\)$/,
      );
    }
    expect(report.scenarios.map((s) => s.name).sort()).toEqual(SWAPPED);
  }, 120_000);
});
