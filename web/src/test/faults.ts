import { ClientCode } from '@topup/contracts';
import { LIMITS } from '@topup/contracts/limits';
import { Message, messageOf } from '@topup/contracts/messages';
import { type ApiClient, createClient } from '../api/client';
import { INVALID_ANSWER } from '../api/tolerant';
import type { WireRequest, WireResponse } from '../api/transport';
import { everyContract } from './contracts';
import { envelope, fakeTransport } from './fakeTransport';

/**
 * The faults of the call × fault matrix, for the features' own rows (pay's faultMatrix.test.ts,
 * fines', recharge's): a fetch that fails as each fault does, what each reaches the client as, and a backend
 * whose one path fails with it.
 */

export const HTML = '<html><head><title>502 Bad Gateway</title></head><body>Bad Gateway</body></html>';

export type FaultName = 'pastLimit' | 'reset' | 'hang' | 'notEnvelope' | 'offline';
export const FAULTS: readonly FaultName[] = ['pastLimit', 'reset', 'hang', 'notEnvelope', 'offline'];

/** A fetch that answers as the fault does: never before the API limit, a dropped socket, a proxy's page. */
export function faultyFetch(fault: FaultName): typeof fetch {
  return (_url, init) =>
    new Promise<Response>((resolve, reject) => {
      const aborted = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
      init?.signal?.addEventListener('abort', aborted);
      switch (fault) {
        case 'pastLimit':
          // The answer would come just past the limit: the client has given up by then.
          setTimeout(
            () => resolve(Response.json({ result: 0, message: '', data: { ts: 1 } })),
            LIMITS.apiMs + 1_000,
          );
          return;
        case 'hang':
          return;
        case 'reset':
          reject(new TypeError('Failed to fetch'));
          return;
        case 'offline':
          reject(new TypeError('NetworkError when attempting to fetch resource.'));
          return;
        case 'notEnvelope':
          resolve(new Response(HTML, { status: 200, headers: { 'content-type': 'text/html' } }));
          return;
      }
    });
}

/**
 * What each fault reaches the flows as: its client code; a proxy's page, a whole answer outside the contract,
 * is the service's failure (api/tolerant.ts INVALID_ANSWER), not the network's.
 */
export const FAULT_CODE: Readonly<Record<FaultName, number>> = {
  pastLimit: ClientCode.timeout,
  hang: ClientCode.timeout,
  reset: ClientCode.network,
  offline: ClientCode.network,
  notEnvelope: INVALID_ANSWER,
};

/** The message each fault reaches the flows with. */
export const FAULT_MESSAGE: Readonly<Record<FaultName, string>> = {
  pastLimit: Message.timeout,
  hang: Message.timeout,
  reset: Message.network,
  offline: Message.network,
  notEnvelope: Message.internal,
};

/** The same failure as the transport hands it to the client (the wire answer of part one). */
export const FAULT_WIRE: Readonly<Record<FaultName, WireResponse>> = {
  pastLimit: { kind: 'failure', code: ClientCode.timeout },
  hang: { kind: 'failure', code: ClientCode.timeout },
  reset: { kind: 'failure', code: ClientCode.network },
  offline: { kind: 'failure', code: ClientCode.network },
  notEnvelope: { kind: 'answer', status: 200, body: HTML },
};

export function clientOver(send: (request: WireRequest) => WireResponse | Promise<WireResponse>) {
  const fake = fakeTransport(send);
  const api: ApiClient = createClient({
    contracts: everyContract,
    messageOf,
    transport: fake.transport,
    base: () => '',
    headers: (_name, _contract, options) =>
      options.requestId === undefined ? {} : { 'X-CLI-RID': options.requestId },
  });
  const paths = () => fake.requests.map((r) => new URL(r.url, 'http://app.test').pathname);
  const rids = () => fake.requests.map((r) => r.headers['X-CLI-RID']);
  return { api, paths, rids };
}

/** A backend whose `path` fails with the fault `times` times (every time by default), the rest answering. */
export function backend(
  fault: FaultName,
  path: string,
  answers: Readonly<Record<string, () => WireResponse>>,
  times = Number.POSITIVE_INFINITY,
) {
  let failed = 0;
  return clientOver((request) => {
    const at = new URL(request.url, 'http://app.test').pathname;
    if (at === path && failed < times) {
      failed += 1;
      return FAULT_WIRE[fault];
    }
    const answer = answers[at];
    return answer === undefined ? envelope(null, 404, `no route ${at}`) : answer();
  });
}

export const noSleep = () => Promise.resolve();
