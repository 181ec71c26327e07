import type { CallName } from '@topup/contracts/registry/index';
import type { ApiClient, CallOptions, CallResult, Params } from './client';

/** What is told of each order creation: its request, and its answer (undefined when the call threw). */
export type OrderObserver = (
  request: Params<'createCoinPay'>,
  answer: CallResult<'createCoinPay'> | undefined,
) => void;

/**
 * The client with every order creation's result told to `observe` as it arrives, whoever creates the order
 * (the card flow, a wallet): the one place that sees them all (SPEC §7 create-pay result events). The
 * answer, or the throw, reaches the caller untouched.
 */
export function observingOrders(client: ApiClient, observe: OrderObserver): ApiClient {
  const call = async <N extends CallName>(name: N, params: Params<N>, options?: CallOptions) => {
    if (name !== 'createCoinPay') return client.call(name, params, options);
    const request = params as Params<'createCoinPay'>;
    let answer: CallResult<'createCoinPay'> | undefined;
    try {
      const result = await client.call(name, params, options);
      answer = result as CallResult<'createCoinPay'>;
      return result;
    } finally {
      observe(request, answer);
    }
  };
  return { ...client, call };
}
