import { describe, expect, it } from 'vitest';
import { ClientCode, ServerCode } from './codes';
import { type ServiceFailure, serviceFailureOf } from './serviceFailure';

describe('serviceFailureOf: the codes that say a call was not served', () => {
  it.each([
    // The request layer's own codes: no envelope arrived.
    [ClientCode.timeout, 'noAnswer'],
    [ClientCode.network, 'noAnswer'],
    [ClientCode.setup, 'noAnswer'],
    [ClientCode.bridge, 'noAnswer'],
    [ClientCode.abort, 'noAnswer'],
    // HTTP statuses in place of an envelope: a 5xx is the server's failure.
    [500, 'httpServerError'],
    [503, 'httpServerError'],
    [599, 'httpServerError'],
    [100, 'httpStatus'],
    [404, 'httpStatus'],
    [429, 'httpStatus'],
    [499, 'httpStatus'],
    // The server's codes for a call it did not serve.
    [ServerCode.internal, 'serverError'],
    [ServerCode.unknownCall, 'unknownCall'],
    [ServerCode.rateLimited, 'throttled'],
    // Success and refusals: the call was served.
    [ServerCode.ok, undefined],
    [ServerCode.invalidParam, undefined],
    [ServerCode.loggedOut, undefined],
    [ServerCode.requestIdReused, undefined],
    [ServerCode.accountNotFound, undefined],
    [ServerCode.orderNotFound, undefined],
    [99, undefined],
    [600, undefined],
    [-6, undefined],
  ] as const satisfies readonly (readonly [number, ServiceFailure | undefined])[])(
    '%i → %s',
    (code, failure) => {
      expect(serviceFailureOf(code)).toBe(failure);
    },
  );

  it('names three server codes only: every other one is a refusal the call may give', () => {
    const unserved = Object.values(ServerCode).filter((code) => serviceFailureOf(code) !== undefined);
    expect(unserved.sort((a, b) => a - b)).toEqual([
      ServerCode.rateLimited,
      ServerCode.unknownCall,
      ServerCode.internal,
    ]);
  });
});
