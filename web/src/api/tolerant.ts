import { ClientCode } from '@topup/contracts/codes';
import { Message } from '@topup/contracts/messages';
import type { CallName } from '@topup/contracts/registry/index';
import type { ApiClient, CallOptions, CallResult, Params } from './client';

/**
 * A client for flows that must always reach a state to render: an answer outside the contract (not an
 * envelope, a wrong shape) is a failure without an answer (-2, the network's message) rather than a throw,
 * so a garbled answer leaves a retry to offer, never a page stuck on its loading state. The contract
 * violation is still reported by the client's own handlers.
 */
export function tolerant(api: ApiClient): ApiClient {
  return {
    ...api,
    call: <N extends CallName>(name: N, params: Params<N>, options?: CallOptions) =>
      api
        .call(name, params, options)
        .catch((): CallResult<N> => ({ ok: false, result: ClientCode.network, message: Message.network })),
  };
}
