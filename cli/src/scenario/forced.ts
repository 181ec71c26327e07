import {
  allowedResults,
  type CallName,
  ClientCode,
  DeclineCode,
  registry,
  ServerCode,
  serviceFailureOf,
} from '@topup/contracts';
import { didYouMean } from './didYouMean';

const CODE_NAMES = new Map<number, string>(
  Object.entries(ServerCode).map(([name, code]) => [code as number, name]),
);

/**
 * A forced result must be one the call can answer (its codes in the contracts and the common ones): anything
 * else is an answer no real backend gives, which the app was never written for. Undefined when it can.
 */
export function forcedResultProblem(call: CallName, result: number): string | undefined {
  const codes = [...allowedResults(registry[call])].filter((c) => c !== 0).sort((a, b) => a - b);
  if (codes.includes(result)) return undefined;
  const listed = codes.map((c) => `${c} (${CODE_NAMES.get(c) ?? 'code'})`).join(', ');
  const decline = (Object.values(DeclineCode) as string[]).includes(String(result))
    ? `; ${result} is a card decline (an order's err_code): pay with the card fixture that declines so instead`
    : '';
  const hint = decline !== '' ? decline : didYouMean(String(result), codes.map(String));
  return `${call} cannot answer ${result}${hint}; it can answer ${listed}`;
}

const CLIENT_CODE_NAMES = new Map<number, string>(
  Object.entries(ClientCode).map(([name, code]) => [code as number, name]),
);

/**
 * Why a code is no refusal a fixtures file may expect, or undefined when it may be one: a code that says the
 * service did not serve the call rather than refused it (the request layer's own codes when no envelope
 * arrived, an HTTP status, the server's internal error, a call it does not know, a throttle). Expecting one
 * would turn a backend that is down, lacks the endpoint or throttles everything into a passing check.
 */
export function serviceFailureProblem(code: number): string | undefined {
  switch (serviceFailureOf(code)) {
    case undefined:
      return undefined;
    case 'noAnswer':
      return `${code} (${CLIENT_CODE_NAMES.get(code)}) is the client's own code for a request that got no answer, not a refusal: a backend that does not answer fails the check`;
    case 'serverError':
      return `${code} (internal) is the server's own error, not a refusal: a call answered with it was not served, and fails the check`;
    case 'unknownCall':
      return `${code} (unknownCall) is the server saying it does not know the call, not a refusal: a backend that lacks the endpoint fails the check`;
    case 'throttled':
      return `${code} (rateLimited) is the server turning the call away for too many calls, not a refusal: a backend that throttles the check fails it`;
    case 'httpServerError':
    case 'httpStatus':
      return `${code} is an HTTP status, not a result code: a call answered with an HTTP error fails the check`;
  }
}
