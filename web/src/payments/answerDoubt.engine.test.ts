import { type OrderCreated, OrderResult } from '@topup/contracts';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../api/client';
import { processingPanel, resultPanelOf } from './outcome';
import { completePayment, done, POLL_TRIES } from './payment';

/**
 * Attacker review, findings 1 and 2: an order answer that contradicts itself (failed yet Authorised, paid yet
 * Refused, a failure with markup for a code) is neither a success nor "nothing was charged". The engine asks
 * the result poll for that same order and ends as it says; undecided, it ends pending ("processing", "check
 * again" on the same order), never a failure whose retry would make a second order.
 */

const FAILED_DETAIL = 'Insufficient Funds or Exceeds Amount Limits';

function engine(poll: number | 'pending') {
  const calls: string[] = [];
  const api = {
    call: vi.fn((name: string, params: Record<string, unknown>) => {
      calls.push(`${name} ${String(params.zp_orderid ?? params.order_id ?? '')}`);
      if (name === 'payResultByOrderFast')
        return Promise.resolve({
          ok: true,
          data: { result: poll === 'pending' ? OrderResult.pending : poll, source_id: 'src_visa4242' },
        });
      if (name === 'getPayError')
        return Promise.resolve({
          ok: true,
          data: { err_code: '20051', err_summary: 'Refused', fail_reason: '', fail_detail: FAILED_DETAIL },
        });
      return Promise.reject(new Error(`no ${name} expected`));
    }),
  } as unknown as ApiClient;
  const deps = {
    api,
    sleep: () => Promise.resolve(),
    threeDs: () => Promise.reject(new Error('no 3-D Secure expected')),
    container: () => document.body,
    signal: new AbortController().signal,
    onVerifying: () => {},
    onRedirect: () => false,
  };
  return { calls, deps };
}

const order = (platform_data: OrderCreated['platform_data']): OrderCreated => ({
  order_id: 'PO_1',
  url: '',
  platform_data,
});

describe('a contradictory order answer is checked with the server', () => {
  it.each([
    ['failed yet Authorised', order({ status: 'failed', resultCode: 'Authorised' })],
    [
      'failed with markup for a code',
      order({
        status: 'failed',
        err_code: '<img src=x onerror=alert(1)>',
        fail_detail: '\u202E<b>expired</b>',
      }),
    ],
  ])('%s, the server says paid: a success, from the poll', async (_name, created) => {
    const { calls, deps } = engine(OrderResult.success);
    expect(await completePayment(deps, created)).toEqual({
      kind: 'done',
      outcome: 'success',
      failure: undefined,
      sourceId: 'src_visa4242',
    });
    expect(calls).toEqual(['payResultByOrderFast PO_1']);
  });

  it('paid yet Refused, the server says failed: the failure the server gives, not a success', async () => {
    const { calls, deps } = engine(OrderResult.failed);
    const end = await completePayment(
      deps,
      order({ status: 'paid', resultCode: 'Refused', err_code: '20051', fail_detail: FAILED_DETAIL }),
    );
    expect(end).toMatchObject({ kind: 'done', outcome: 'balance', failure: { errCode: '20051' } });
    expect(calls).toEqual(['payResultByOrderFast PO_1', 'getPayError PO_1']);
  });

  it('the server never decides: pending, said as processing with "check again", never a retry', async () => {
    const { calls, deps } = engine('pending');
    const end = await completePayment(deps, order({ status: 'failed', resultCode: 'Authorised' }));
    expect(end).toEqual({ kind: 'pending' });
    expect(calls).toHaveLength(POLL_TRIES);
    expect(new Set(calls)).toEqual(new Set(['payResultByOrderFast PO_1']));
    // The page's panel for a pending end (`pendingPanelOf`, followed): it checks the same order again.
    expect(processingPanel.primary.action).toBe('checkAgain');
    expect([processingPanel.primary.action, processingPanel.secondary.action]).not.toContain('retry');
  });

  it('an answer whose fields agree is taken as it says, with no poll', async () => {
    const failed = engine(OrderResult.success);
    const end = await completePayment(
      failed.deps,
      order({ status: 'failed', err_code: '20051', fail_detail: FAILED_DETAIL }),
    );
    expect(end).toMatchObject({ kind: 'done', outcome: 'balance' });
    expect(resultPanelOf('balance').primary.action).not.toBe('checkAgain');
    const paid = engine(OrderResult.failed);
    expect(await completePayment(paid.deps, order({ status: 'paid', resultCode: 'Authorised' }))).toEqual(
      done({ kind: 'paid', sourceId: undefined }),
    );
    expect([...failed.calls, ...paid.calls]).toEqual([]);
  });
});
