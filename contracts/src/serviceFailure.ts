import { ClientCode, ServerCode } from './codes';

/**
 * How a result code says the service failed to serve a call rather than refused it (SPEC §8): no refusal with
 * a meaning of its own for the call, but a call that was not served.
 * - `noAnswer`: the request layer's own code (ClientCode): no envelope arrived;
 * - `httpServerError`: an HTTP 5xx in place of an envelope: the server failed;
 * - `httpStatus`: any other HTTP status in place of an envelope;
 * - `serverError`: the server's internal error (10005);
 * - `unknownCall`: the server does not know the call (10004): it lacks the endpoint;
 * - `throttled`: the server turned the call away for too many calls (10002).
 * Which of these a reader shows as "the service is down" is its own choice (the app does so for the
 * server's own failures only; a throttle there has its own message).
 */
export type ServiceFailure =
  | 'noAnswer'
  | 'httpServerError'
  | 'httpStatus'
  | 'serverError'
  | 'unknownCall'
  | 'throttled';

const CLIENT_CODES: readonly number[] = Object.values(ClientCode);

/** The way `code` says the call was not served, or undefined for a success or a refusal. */
export function serviceFailureOf(code: number): ServiceFailure | undefined {
  if (CLIENT_CODES.includes(code)) return 'noAnswer';
  if (code >= 500 && code <= 599) return 'httpServerError';
  if (code >= 100 && code <= 599) return 'httpStatus';
  switch (code) {
    case ServerCode.internal:
      return 'serverError';
    case ServerCode.unknownCall:
      return 'unknownCall';
    case ServerCode.rateLimited:
      return 'throttled';
    default:
      return undefined;
  }
}
