import type { Transport, WireRequest, WireResponse } from '../api/transport';

/** A transport that records requests and answers from a queue or a function. */
export function fakeTransport(answer: (request: WireRequest) => WireResponse | Promise<WireResponse>) {
  const requests: WireRequest[] = [];
  const transport: Transport = {
    async send(request) {
      requests.push(request);
      return answer(request);
    },
  };
  return { transport, requests };
}

export const envelope = (data: unknown, result = 0, message = ''): WireResponse => ({
  kind: 'answer',
  status: 200,
  body: { result, message, data },
});
