import { useCallback, useMemo, useRef } from 'react';
import { api } from '../../api/instance';
import { tolerant } from '../../api/tolerant';
import { loadThreeDs } from '../../payments/providers/adapters';
import type { ThreeDsAdapter } from '../../payments/providers/types';
import { pollDecisionOf } from '../../payments/resultPoll';

/** Its order's result asked as the engine asks it: a garbled answer is a failure to read, not a throw. */
const client = tolerant(api);

/** An open challenge's order, asked once the connection is back: decided, or still open (reopenable or not). */
export type ChallengeCheck = 'decided' | 'reopenable' | 'open';

interface Run {
  readonly orderId: string;
  readonly close: AbortController;
  reopen: (() => void) | undefined;
}

/**
 * The 3-D Secure challenge open in the page's layer, followed for a lost connection: its order (asked again once
 * the connection is back), what closes it when that order is found decided, and how to open its bank page again
 * (the adapter's `bindReopen`). One at a time, as orders are.
 *
 * `threeDs` is the engine's adapter (`completePayment`'s), wrapped: a challenge closed here ends as an
 * abandoned one (not the visitor's cancel: nothing is cancelled), and the engine then reads the order's result.
 */
export function useChallengeRun(load: () => Promise<ThreeDsAdapter> = loadThreeDs) {
  const current = useRef<Run | undefined>(undefined);

  const threeDs = useCallback(async (): Promise<ThreeDsAdapter> => {
    const adapter = await load();
    return {
      run: async (request) => {
        const run: Run = { orderId: request.orderId, close: new AbortController(), reopen: undefined };
        current.current = run;
        try {
          return await adapter.run({
            ...request,
            signal: AbortSignal.any([request.signal, run.close.signal]),
            bindReopen: (reopen) => {
              run.reopen = reopen;
            },
          });
        } finally {
          if (current.current === run) current.current = undefined;
        }
      },
    };
  }, [load]);

  /**
   * The connection came back under the open challenge: its order's result is asked once (under the order's own
   * session, as every call naming it: api/orderSession.ts). Decided meanwhile (paid, failed, or none), the
   * challenge closes and the engine reads and shows that result. Still open: whether its page can be reopened.
   */
  const check = useCallback(async (): Promise<ChallengeCheck> => {
    const run = current.current;
    if (run === undefined) return 'decided';
    const answer = await client.call('payResultByOrderFast', { zp_orderid: run.orderId });
    if (current.current !== run) return 'decided';
    const decision = pollDecisionOf(answer);
    if (decision.kind === 'paid' || decision.kind === 'failed' || decision.kind === 'notFound') {
      run.close.abort();
      return 'decided';
    }
    return run.reopen === undefined ? 'open' : 'reopenable';
  }, []);

  /** Opens the open challenge's bank page again (the visitor's tap, after a lost connection). */
  const reopen = useCallback(() => current.current?.reopen?.(), []);

  return useMemo(() => ({ threeDs, check, reopen }), [threeDs, check, reopen]);
}
