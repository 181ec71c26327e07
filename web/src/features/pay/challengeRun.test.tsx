import { renderHook } from '@testing-library/react';
import { OrderResult } from '@topup/contracts';
import { describe, expect, it, vi } from 'vitest';
import type { ThreeDsAdapter, ThreeDsRun } from '../../payments/providers/types';
import { useChallengeRun } from './challengeRun';

/**
 * A challenge followed for a lost connection (finding 3, rev10): back online, its order is asked once; decided
 * meanwhile, the challenge closes as an abandoned one (never the visitor's cancel); still open, its bank page
 * may be opened again through the adapter.
 */

const answers: unknown[] = [];
const asked: unknown[] = [];
vi.mock('../../api/instance', () => ({
  api: {
    call: (_name: string, params: unknown) => {
      asked.push(params);
      return Promise.resolve(answers.shift());
    },
  },
}));

/** An adapter whose challenge stays open until its signal aborts; it hands up a reopen that counts. */
function openChallenge() {
  const reopened = vi.fn();
  const adapter: ThreeDsAdapter = {
    run: ({ signal, bindReopen }: ThreeDsRun) =>
      new Promise((resolve) => {
        bindReopen?.(reopened);
        signal.addEventListener('abort', () => resolve({ kind: 'cancelled' }));
      }),
  };
  return { reopened, load: async () => adapter };
}

const runOf = (signal: AbortSignal): ThreeDsRun => ({
  orderId: 'PO1',
  action: { type: 'threeDS2', subtype: 'challenge', token: 't' },
  container: document.createElement('div'),
  signal,
});

const answer = (result: number) => ({ ok: true, data: { result, source_id: '' } });

describe('useChallengeRun', () => {
  it('an order still pending keeps the challenge open and offers its page again', async () => {
    const { reopened, load } = openChallenge();
    const { result } = renderHook(() => useChallengeRun(load));
    const visitor = new AbortController();
    let ended = false;
    void (await result.current.threeDs()).run(runOf(visitor.signal)).then(() => {
      ended = true;
    });
    answers.push(answer(OrderResult.pending));
    await expect(result.current.check()).resolves.toBe('reopenable');
    expect(asked.at(-1)).toEqual({ zp_orderid: 'PO1' });
    result.current.reopen();
    expect(reopened).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    expect(ended).toBe(false);
    visitor.abort();
  });

  it('an order decided meanwhile closes the challenge, not as the visitor cancelling it', async () => {
    const { load } = openChallenge();
    const { result } = renderHook(() => useChallengeRun(load));
    const visitor = new AbortController();
    const running = (await result.current.threeDs()).run(runOf(visitor.signal));
    answers.push(answer(OrderResult.success));
    await expect(result.current.check()).resolves.toBe('decided');
    await expect(running).resolves.toEqual({ kind: 'cancelled' });
    // The visitor's own signal (the one `completePayment` cancels the order on) was never aborted.
    expect(visitor.signal.aborted).toBe(false);
    // Over: nothing left to ask or reopen.
    const before = asked.length;
    await expect(result.current.check()).resolves.toBe('decided');
    expect(asked.length).toBe(before);
  });
});
