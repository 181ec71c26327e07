import { ClientCode } from '@topup/contracts/codes';
import { Message } from '@topup/contracts/messages';
import type { ClientCall } from '@topup/contracts/registry/call';
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
 * - A body cut off on the way: the answer did not come through, so -2, the network's message.
 * - A whole answer that breaks the contract (a proxy's HTML page, text, JSON that is not the envelope, data of
 *   the wrong shape): a server answered wrongly, so INVALID_ANSWER, the service's failure.
 * The contract violation is still reported by the client's own handlers. Batch answers (`interpret`) too.
 */
export function tolerant(api: ApiClient): ApiClient {
  return {
    ...api,
    call: <N extends CallName>(name: N, params: Params<N>, options?: CallOptions) =>
      api.call(name, params, options).catch((error: unknown): CallResult<N> => failureOf(error)),
    interpret: <N extends CallName>(name: N, contract: ClientCall, status: number, body: unknown) => {
      try {
        return api.interpret(name, contract, status, body);
      } catch (error) {
        return failureOf<N>(error);
      }
    },
  };
}

function failureOf<N extends CallName>(error: unknown): CallResult<N> {
  return error instanceof ContractViolation && error.part === 'answer'
    ? { ok: false, result: INVALID_ANSWER, message: Message.internal }
    : { ok: false, result: ClientCode.network, message: Message.network };
}
