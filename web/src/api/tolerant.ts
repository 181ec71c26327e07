import { ClientCode } from '@topup/contracts/codes';
import { Message } from '@topup/contracts/messages';
import type { CallName } from '@topup/contracts/registry/index';
import { type ApiClient, type CallOptions, type CallResult, ContractViolation, type Params } from './client';

/**
 * The result a whole envelope with data outside the contract is given: HTTP's 502 Bad Gateway, "an invalid
 * answer from the server". The server did answer, so the visitor's connection is not the thing to check
 * (api/loadFailure.ts words it as the service's failure); and, as any 5xx, it says nothing of what the call
 * did, so an order is looked up, never made anew (payments isAmbiguous, orderMayExist).
 */
export const INVALID_ANSWER = 502;

/**
 * A client for flows that must always reach a state to render: an answer outside the contract is a failure
 * rather than a throw, so a garbled answer leaves a retry to offer, never a page stuck on its loading state.
 * - Not an envelope (a proxy's or a captive portal's page, a body cut off on the way): no answer from the API
 *   came through, so -2, the network's message.
 * - An envelope whose data breaks the contract: INVALID_ANSWER, the server's message.
 * The contract violation is still reported by the client's own handlers.
 */
export function tolerant(api: ApiClient): ApiClient {
  return {
    ...api,
    call: <N extends CallName>(name: N, params: Params<N>, options?: CallOptions) =>
      api
        .call(name, params, options)
        .catch(
          (error: unknown): CallResult<N> =>
            error instanceof ContractViolation && error.part === 'data'
              ? { ok: false, result: INVALID_ANSWER, message: Message.internal }
              : { ok: false, result: ClientCode.network, message: Message.network },
        ),
  };
}
