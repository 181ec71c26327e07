import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCli } from '../src/cli';
import { budgetLine, latencyBudgetMs } from '../src/contract/budget';
import { judgeFuzzAnswer } from '../src/fuzz/judge';
import { evaluateExpect } from '../src/scenario/expect';
import { captureIo } from './support/capture';
import { startServer } from './support/drifting';

/** A 3 s answer passed everywhere; each call now has a latency budget, shown by every reporter. */
const answer = (ms: number) => ({
  status: 200,
  ms,
  envelope: { result: 0, message: '', data: { ts: 1 } },
  data: { ts: 1 },
  problems: [],
});

describe('latency budgets from the contracts’ limits', () => {
  it('hold a 3 s answer too slow by default, in a scenario step and in the fuzzer', () => {
    expect(latencyBudgetMs('serverTime')).toBe(2000);
    expect(latencyBudgetMs('payResultByOrderFast')).toBe(1000);
    expect(evaluateExpect(answer(3020), {}, latencyBudgetMs('serverTime'))).toEqual([
      "took 3020 ms, over the call's 2000 ms latency budget (expect.maxMs sets a step's own)",
    ]);
    expect(evaluateExpect(answer(3020), { maxMs: 5000 }, latencyBudgetMs('serverTime'))).toEqual([]);
    const raw = { status: 200, ms: 3020, body: { result: 0, message: '', data: { ts: 1 } } };
    const verdict = judgeFuzzAnswer('serverTime', { wire: {} }, true, raw, latencyBudgetMs('serverTime'));
    expect(verdict.problems.map((p) => p.kind)).toEqual(['slow']);
  });

  describe('contract check', () => {
    let slow: Awaited<ReturnType<typeof startServer>>;
    beforeAll(async () => {
      // The CLI times answers with performance.now(): a fake clock that the backend moves on by 60 ms while
      // answering makes the answer 60 ms slow, with no real wait (timers, Date and sockets stay real).
      vi.useFakeTimers({ toFake: ['performance'] });
      slow = await startServer((app) => {
        app.get('/api/sys/ts/', async () => {
          vi.advanceTimersByTime(60);
          return { result: 0, message: '', data: { ts: Date.now() } };
        });
      });
    });
    afterAll(async () => {
      vi.useRealTimers();
      await slow.close();
    });

    it('fails an answer over the budget and names the budget in the table and in JUnit', async () => {
      const args = ['contract', 'check', '--target', slow.url, '--only', 'serverTime'];
      const over = captureIo();
      expect(await runCli([...args, '--max-ms', '20'], over)).toBe(1);
      expect(over.stdout()).toMatch(/serverTime\s+slow\s+0/);
      expect(over.stdout()).toMatch(/answered in (6\d|[7-9]\d|\d{3,}) ms, over its 20 ms latency budget/);
      expect(over.stdout()).toContain('latency budget: 20 ms a call (--max-ms)');
      const within = captureIo();
      expect(await runCli([...args, '--reporter', 'junit'], within)).toBe(0);
      expect(within.stdout()).toContain(budgetLine());
    });
  });
});
