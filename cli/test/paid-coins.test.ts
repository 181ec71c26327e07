// Integration test: the CLI talks HTTP, so it runs the mock behind a rewriting proxy on loopback, port 0.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRewritingBackend } from './support/rewritingBackend';
import { runScenarios } from './support/scenarioReport';

/**
 * A paid order credits the diamonds of the package paid for: every paid scenario that ends with a top-up
 * reads the order back (getOrderInfo) and finds its package, price and coins in the package list. Behind a
 * backend whose orders say 100 diamonds more than the package gives, those scenarios fail at the list read
 * (the 3-D Secure ones and wallet-pending-success among them); a scenario that reads no order passes.
 */
const READ_BACK = [
  'card-3ds-challenge-passed',
  'card-3ds-identify-shopper',
  'card-3ds-redirect-shopper',
  'card-mastercard-approved',
  'card-visa-approved',
  'wallet-pending-success',
  'wallet-success',
];
let backend: Awaited<ReturnType<typeof startRewritingBackend>>;
beforeAll(async () => {
  backend = await startRewritingBackend((request) => request, {
    control: true,
    answer: (request, text) => {
      if (!request.url.pathname.startsWith('/api/web/get_order_info_by_pay2_order_id/')) return text;
      const json = JSON.parse(text) as { data?: { coin?: number } };
      if (typeof json.data?.coin === 'number') json.data.coin += 100;
      return JSON.stringify(json);
    },
  });
});
afterAll(async () => {
  await backend.close();
});

describe('paid orders that credit the wrong number of diamonds', () => {
  it('fail every scenario that reads the order back, at its package-list read', async () => {
    const { code, report } = await runScenarios([...READ_BACK, 'account-normal'], backend);
    expect(code).toBe(1);
    const failed = report.scenarios.filter((s) => s.status === 'failed');
    expect(failed.map((s) => s.name).sort()).toEqual(READ_BACK);
    for (const s of failed) {
      const step = s.steps.find((x) => x.status === 'failed');
      expect(step?.call, s.name).toBe('getRechargeListV3');
      expect(step?.failures.join('\n'), s.name).toContain('data.list');
    }
  }, 120_000);
});
