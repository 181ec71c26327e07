import { ClientCode, ServerCode } from '@topup/contracts';
import { describe, expect, it } from 'vitest';
import type { ApiClient, CallResult } from '../api/client';
import { pollOrder } from './payment';
import { type PollDecision, pollDecisionOf } from './resultPoll';

/**
 * Every answer pay_result_by_order_fast can give (its contract: 0 with a result, 23001, the codes every call
 * may answer; the client's own codes and HTTP statuses), and whether the wait goes on.
 */

type Answer = CallResult<'payResultByOrderFast'>;
// The contract's schema refuses a result outside -1/0/1; the cast keeps the poll's own defence tested.
const data = (result: number, source_id = ''): Answer => ({
  ok: true,
  data: { result: result as -1 | 0 | 1, source_id },
});
const refused = (result: number): Answer => ({ ok: false, result, message: 'm' });

const askAgain: PollDecision = { kind: 'askAgain' };
const unanswerable = (result: number): PollDecision => ({ kind: 'unanswerable', result });

describe('one answer of the result poll', () => {
  it.each<[string, Answer, PollDecision]>([
    ['pending (-1): asked again', data(-1), askAgain],
    ['paid (0), a saved card', data(0, 'src_1'), { kind: 'paid', sourceId: 'src_1' }],
    ['paid (0), no card saved', data(0), { kind: 'paid', sourceId: undefined }],
    ['failed (1)', data(1), { kind: 'failed' }],
    ['a result outside -1/0/1 is not success: failed', data(7), { kind: 'failed' }],
    ['no such order (23001): ends at once', refused(ServerCode.orderNotFound), { kind: 'notFound' }],
    ['a parameter refused (10001)', refused(ServerCode.invalidParam), unanswerable(ServerCode.invalidParam)],
    ['an unknown call (10004)', refused(ServerCode.unknownCall), unanswerable(ServerCode.unknownCall)],
    ['signed out (-10000)', refused(ServerCode.loggedOut), unanswerable(ServerCode.loggedOut)],
    ['a code outside the contract', refused(23002), unanswerable(23002)],
    ['HTTP 400', refused(400), unanswerable(400)],
    ['HTTP 404', refused(404), unanswerable(404)],
    ['a request the client could not build (-3)', refused(ClientCode.setup), unanswerable(ClientCode.setup)],
    ['its internal error (10005): asked again', refused(ServerCode.internal), askAgain],
    ['rate limited (10002): asked again', refused(ServerCode.rateLimited), askAgain],
    ['HTTP 429: asked again', refused(429), askAgain],
    ['HTTP 408: asked again', refused(408), askAgain],
    ['HTTP 500: asked again', refused(500), askAgain],
    ['HTTP 503: asked again', refused(503), askAgain],
    ['no answer in time (-1): asked again', refused(ClientCode.timeout), askAgain],
    ['no answer, or garbage (-2): asked again', refused(ClientCode.network), askAgain],
    ['the bridge failed (-4): asked again', refused(ClientCode.bridge), askAgain],
    ['aborted (-5): asked again', refused(ClientCode.abort), askAgain],
  ])('%s', (_name, answer, decision) => {
    expect(pollDecisionOf(answer)).toEqual(decision);
  });
});

/** pollOrder over a sequence of answers: how many times it asks, how often it waits, and how it ends. */
describe('the result poll', () => {
  function run(answers: readonly Answer[], tries = 100, orderId = 'PO1') {
    const asked: string[] = [];
    let waits = 0;
    const api = {
      call: (name: string) => {
        asked.push(name);
        if (name === 'getPayError')
          return Promise.resolve({
            ok: true,
            data: { err_code: '', err_summary: '', fail_reason: '', fail_detail: 'default' },
          });
        return Promise.resolve(
          answers[Math.min(asked.filter((n) => n === name).length - 1, answers.length - 1)],
        );
      },
    } as unknown as ApiClient;
    const sleep = (ms: number) => {
      // SPEC §9: every 500 ms, written out so a changed interval fails here.
      expect(ms).toBe(500);
      waits += 1;
      return Promise.resolve();
    };
    return pollOrder({ api, sleep }, orderId, {}, tries).then((settled) => ({
      settled: settled.kind,
      polls: asked.filter((n) => n === 'payResultByOrderFast').length,
      waits,
    }));
  }

  it.each<[string, readonly Answer[], { settled: string; polls: number; waits: number }]>([
    [
      'no such order: one question, no wait',
      [refused(ServerCode.orderNotFound)],
      { settled: 'notFound', polls: 1, waits: 0 },
    ],
    ['paid at once', [data(0)], { settled: 'paid', polls: 1, waits: 0 }],
    ['failed at once', [data(1)], { settled: 'failed', polls: 1, waits: 0 }],
    [
      'a refused parameter: unknown at once',
      [refused(ServerCode.invalidParam)],
      { settled: 'pending', polls: 1, waits: 0 },
    ],
    ['pending twice, then paid', [data(-1), data(-1), data(0)], { settled: 'paid', polls: 3, waits: 2 }],
    [
      'pending, then no such order',
      [data(-1), refused(ServerCode.orderNotFound)],
      { settled: 'notFound', polls: 2, waits: 1 },
    ],
    [
      'no answer, a 503, then paid',
      [refused(ClientCode.network), refused(503), data(0)],
      { settled: 'paid', polls: 3, waits: 2 },
    ],
    [
      'pending throughout: the whole budget (SPEC §9: 100 tries, 500 ms apart) @spec:limit.resultPoll',
      [data(-1)],
      { settled: 'pending', polls: 100, waits: 99 },
    ],
    [
      'no answer throughout: the whole budget',
      [refused(ClientCode.network)],
      { settled: 'pending', polls: 100, waits: 99 },
    ],
  ])('%s', async (_name, answers, expected) => {
    expect(await run(answers)).toEqual(expected);
  });

  it('an id no order can have (65 characters, past the contract limit of 64): no such order, nothing asked', async () => {
    const tooLong = `PO${'9'.repeat(63)}`;
    expect(await run([data(-1)], 100, tooLong)).toEqual({ settled: 'notFound', polls: 0, waits: 0 });
  });

  it('a smaller budget is kept', async () => {
    expect(await run([data(-1)], 20)).toEqual({ settled: 'pending', polls: 20, waits: 19 });
  });
});

/**
 * SPEC §9: result polling is every 500 ms up to 100 tries, one budget shared with the failure reason's own
 * polling (get_pay_error_by_order while it says pending): together they never pass the budget.
 */
describe('the failure reason draws from the result poll’s budget', () => {
  const reason = (fail_detail: string) => ({
    ok: true,
    data: { err_code: '', err_summary: '', fail_reason: '', fail_detail },
  });

  /** The result fails at poll `failsAt`; the reason says pending `pendingFor` times (Infinity: always). */
  async function run(row: { failsAt: number; pendingFor: number; tries?: number; budget?: number }) {
    let polls = 0;
    let reasons = 0;
    const api = {
      call: (name: string) => {
        if (name === 'getPayError') {
          reasons += 1;
          return Promise.resolve(reason(reasons <= row.pendingFor ? 'pending' : 'default'));
        }
        polls += 1;
        return Promise.resolve(data(polls >= row.failsAt ? 1 : -1));
      },
    } as unknown as ApiClient;
    const settled = await pollOrder(
      { api, sleep: () => Promise.resolve() },
      'PO1',
      {},
      row.tries ?? 100,
      ...(row.budget === undefined ? [] : [row.budget]),
    );
    return {
      polls,
      reasons,
      failDetail: settled.kind === 'failed' ? settled.failure.failDetail : settled.kind,
    };
  }

  it.each<
    [
      string,
      { failsAt: number; pendingFor: number; tries?: number; budget?: number },
      { polls: number; reasons: number; failDetail: string },
    ]
  >([
    [
      'failed at once, its reason at once',
      { failsAt: 1, pendingFor: 0 },
      { polls: 1, reasons: 1, failDetail: 'default' },
    ],
    [
      'failed at the 3rd poll, its reason pending twice',
      { failsAt: 3, pendingFor: 2 },
      { polls: 3, reasons: 3, failDetail: 'default' },
    ],
    [
      'failed at once, its reason pending throughout: the other 99 tries',
      { failsAt: 1, pendingFor: Number.POSITIVE_INFINITY },
      { polls: 1, reasons: 99, failDetail: 'default' },
    ],
    [
      'failed at the 95th poll, its reason pending throughout: the last 5 tries',
      { failsAt: 95, pendingFor: Number.POSITIVE_INFINITY },
      { polls: 95, reasons: 5, failDetail: 'default' },
    ],
    [
      'failed at the 100th poll: the budget is spent, the reason is the default one, not asked',
      { failsAt: 100, pendingFor: 0 },
      { polls: 100, reasons: 0, failDetail: 'default' },
    ],
    [
      'one poll of a check that has its whole budget (a 3-D Secure check): the reason gets the other 99',
      { failsAt: 1, pendingFor: Number.POSITIVE_INFINITY, tries: 1 },
      { polls: 1, reasons: 99, failDetail: 'default' },
    ],
    [
      'one poll with 40 tries left of a budget spent elsewhere (the wallet’s sheet): the reason gets 39',
      { failsAt: 1, pendingFor: Number.POSITIVE_INFINITY, tries: 1, budget: 40 },
      { polls: 1, reasons: 39, failDetail: 'default' },
    ],
    [
      'more polls asked for than the budget has: the budget ends them',
      { failsAt: 1000, pendingFor: 0, tries: 100, budget: 30 },
      { polls: 30, reasons: 0, failDetail: 'pending' },
    ],
  ])('%s', async (_name, row, expected) => {
    const counted = await run(row);
    expect(counted).toEqual(expected);
    expect(counted.polls + counted.reasons).toBeLessThanOrEqual(100);
  });
});
