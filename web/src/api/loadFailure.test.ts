// @vitest-environment node
import { ClientCode, ServerCode } from '@topup/contracts/codes';
import { Message } from '@topup/contracts/messages';
import { describe, expect, it } from 'vitest';
import { ar } from '../i18n/ar';
import { type LoadFailure, loadFailureOf, loadFailureText } from './loadFailure';

describe('why a load failed: the connection only when no server answered', () => {
  it.each([
    [ClientCode.network, true, 'offline'],
    [ClientCode.timeout, true, 'timeout'],
    [503, true, 'unavailable'],
    [500, true, 'unavailable'],
    [502, true, 'unavailable'],
    [ServerCode.internal, true, 'unavailable'],
    [ServerCode.rateLimited, true, 'refused'],
    [ServerCode.accountNotFound, true, 'refused'],
    // The browser offline: the connection, whatever the code says.
    [503, false, 'offline'],
    [ClientCode.timeout, false, 'offline'],
  ] as const satisfies readonly (readonly [number, boolean, LoadFailure])[])(
    'result %i, online %s → %s',
    (result, online, kind) => {
      expect(loadFailureOf(result, online)).toBe(kind);
    },
  );

  it.each([
    [{ result: 503, message: 'HTTP 503' }, true, ar['app.serviceUnavailable']],
    [{ result: ServerCode.internal, message: Message.internal }, true, ar['app.serviceUnavailable']],
    [{ result: ClientCode.network, message: Message.network }, true, Message.network],
    [{ result: 503, message: Message.internal }, false, Message.network],
    [{ result: ClientCode.timeout, message: Message.timeout }, true, Message.timeout],
    [{ result: ServerCode.rateLimited, message: Message.rateLimited }, true, Message.rateLimited],
    [{ result: 10099, message: '' }, true, ar['app.serviceUnavailable']],
  ])('%j online %s says %s', (failure, online, text) => {
    expect(loadFailureText(failure, online)).toBe(text);
  });

  it('a server failure never tells the visitor to check their connection', () => {
    expect(ar['app.serviceUnavailable']).not.toContain('اتصالك');
    expect(ar['app.serviceUnavailable']).toContain('أعد المحاولة');
  });
});
