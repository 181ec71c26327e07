import { ClientCode, ServerCode } from '@topup/contracts';
import { describe, expect, it } from 'vitest';
import { isAmbiguous } from './ambiguous';

/** Which refusals say nothing of what the server did (the call may have taken effect), and which are definite. */
describe('an ambiguous refusal', () => {
  it.each<[string, number, boolean]>([
    ['no answer in time (-1)', ClientCode.timeout, true],
    ['no answer, or garbage (-2)', ClientCode.network, true],
    ['the bridge failed (-4)', ClientCode.bridge, true],
    ['aborted (-5)', ClientCode.abort, true],
    ['signed out (-10000): negative, so unknown to the client', ServerCode.loggedOut, true],
    ['HTTP 500', 500, true],
    ['HTTP 599', 599, true],
    ['a request the client could not build (-3): never sent', ClientCode.setup, false],
    ['HTTP 499', 499, false],
    ['HTTP 600', 600, false],
    ['HTTP 408', 408, false],
    ['HTTP 429', 429, false],
    ['its internal error (10005)', ServerCode.internal, false],
    ['rate limited (10002)', ServerCode.rateLimited, false],
    ['no such order (23001)', ServerCode.orderNotFound, false],
  ])('%s', (_name, result, ambiguous) => {
    expect(isAmbiguous(result)).toBe(ambiguous);
  });
});
