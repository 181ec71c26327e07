import {
  allowedResults,
  type CallName,
  ClientCode,
  COMMON_CODES,
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

/**
 * Why a fixtures file may not expect `code` as `call`'s refusal, or undefined when it may. Only a refusal of
 * the call's own (a code its contract lists for it, such as an order read's 23001 "order not found" for an
 * order id no order has) can be right for the fixtures' values. Not a code that says the call was not served
 * (serviceFailureProblem), not a code the call cannot answer, not a code every call may answer (10001: the
 * check sends requests the contract accepts), not -10000 (a stale session key in the fixtures must fail the
 * check, not pass it), not 10009 (the check sends a fresh request id each time).
 */
export function expectedRefusalProblem(call: CallName, code: number): string | undefined {
  const problem = serviceFailureProblem(code) ?? forcedResultProblem(call, code);
  if (problem !== undefined) return problem;
  const own = `a fixtures file may expect only a refusal of ${call}'s own`;
  if ((COMMON_CODES as readonly number[]).includes(code) && !registry[call].codes.includes(code))
    return `${code} (${CODE_NAMES.get(code) ?? 'code'}) is a code every call may answer, not ${call}'s own refusal: the check sends requests the contract accepts, so a backend answering it fails; ${own}`;
  if (code === ServerCode.loggedOut)
    return `${code} (loggedOut) says the session key is not signed in: a stale or wrong session key in the fixtures must fail the check, not pass it; ${own}`;
  if (code === ServerCode.requestIdReused)
    return `${code} (requestIdReused): the check sends a fresh request id with every call, so this refusal is the backend's fault; ${own}`;
  return undefined;
}
