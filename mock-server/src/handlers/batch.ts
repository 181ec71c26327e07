import { callByRoute, fail, Message, ServerCode } from '@topup/contracts';
import type { Handlers } from '../contract/reply';
import { ok } from '../contract/reply';

/**
 * batch_request (SPEC §7): runs each request as its call would and answers a map from request id to the
 * JSON string of its envelope. Requests not finished within `timeout` answer the client time-out code.
 */
export const batchHandlers: Pick<Handlers, 'batchRequest'> = {
  batchRequest: async (request, context) => {
    const deadline = new Promise<'timeout'>((resolve) => {
      const timer = setTimeout(() => resolve('timeout'), request.timeout);
      timer.unref();
    });
    const run = async (item: (typeof request.requests)[number]) => {
      const name = callByRoute(item.method, item.path);
      if (name === undefined || name === 'batchRequest') {
        return fail(ServerCode.unknownCall, `${Message.unknownCall}: ${item.method} ${item.path}`);
      }
      const params = Object.fromEntries(
        Object.entries(item.params).map(([k, v]) => [
          k,
          typeof v === 'object' && v !== null ? JSON.stringify(v) : v,
        ]),
      );
      const outcome = await Promise.race([context.dispatch(name, params), deadline]);
      return outcome === 'timeout' ? fail(-1, Message.timeout) : outcome;
    };
    const answers: Record<string, string> = {};
    if (request.async) {
      const envelopes = await Promise.all(request.requests.map(run));
      request.requests.forEach((item, i) => {
        answers[item.id] = JSON.stringify(envelopes[i]);
      });
    } else {
      for (const item of request.requests) answers[item.id] = JSON.stringify(await run(item));
    }
    return ok(answers);
  },
};
