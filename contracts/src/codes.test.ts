import { describe, expect, it } from 'vitest';
import { ClientCode, COMMON_CODES, DeclineCode, ServerCode } from './codes';
import { declineMessage, Message, messageKeyOf, messageOf } from './messages';

describe('messageOf (SPEC §8 catalogue)', () => {
  it.each([
    [ServerCode.banned, `@spec:code.${ServerCode.banned}`, Message.banned],
    [ServerCode.deactivated, `@spec:code.${ServerCode.deactivated}`, Message.deactivated],
    [ServerCode.deactivating, `@spec:code.${ServerCode.deactivating}`, Message.deactivating],
    [ServerCode.accountNotFound, `@spec:code.${ServerCode.accountNotFound}`, Message.accountNotFound],
    [ServerCode.loggedOut, `@spec:code.${ServerCode.loggedOut}`, Message.loggedOut],
    [ServerCode.cardUpdateFailed, `@spec:code.${ServerCode.cardUpdateFailed}`, Message.cardUpdateFailed],
    [ServerCode.requestIdReused, `@spec:code.${ServerCode.requestIdReused}`, Message.requestIdReused],
    [ServerCode.searchNoMatch, `@spec:code.${ServerCode.searchNoMatch}`, Message.searchNoMatch],
    [
      ServerCode.insufficientBalance,
      `@spec:code.${ServerCode.insufficientBalance}`,
      Message.insufficientBalance,
    ],
    [ServerCode.cardExpired, `@spec:code.${ServerCode.cardExpired}`, Message.cardExpired],
    [ServerCode.savedCardLocked, '', Message.savedCardLocked],
    [ServerCode.tooManyPaymentAttempts, '', Message.tooManyPaymentAttempts],
    [DeclineCode.tryAnother200P1, `@spec:decline.${DeclineCode.tryAnother200P1}`, Message.tryAnotherCard],
    [DeclineCode.tryAnother200P9, `@spec:decline.${DeclineCode.tryAnother200P9}`, Message.tryAnotherCard],
    [20061, '@spec:code.20061 @spec:decline.20061', Message.tryAnotherCard],
    [20065, '@spec:code.20065 @spec:decline.20065', Message.tryAnotherCard],
    [20121, '@spec:code.20121 @spec:decline.20121', Message.tryAnotherCard],
    [30021, '@spec:code.30021 @spec:decline.30021', Message.tryAnotherCard],
    [30022, '@spec:code.30022 @spec:decline.30022', Message.tryAnotherCard],
    [ClientCode.timeout, '', Message.timeout],
    [ClientCode.network, '', Message.network],
    [ClientCode.abort, '', Message.abort],
  ])('%s has its message %s', (code, _tag, message) => {
    expect(messageOf(code)).toBe(message);
  });

  it('has no message for an unknown code', () => {
    expect(messageOf(99999)).toBeUndefined();
    for (const code of ['constructor', '__proto__', 'toString', 'ok', 'tryAnotherCard', ''])
      expect(messageKeyOf(code), code).toBeUndefined();
  });

  it('gives every server code an Arabic message', () => {
    for (const code of Object.values(ServerCode)) {
      if (code === 0) continue;
      expect(messageOf(code), `code ${code}`).toMatch(/[\u0600-\u06FF]/);
    }
  });
});

describe('declineMessage (SPEC §8)', () => {
  it.each([
    ['20051', '', '@spec:decline.20051', Message.insufficientBalance],
    ['200P1', '', '@spec:decline.200P1', Message.tryAnotherCard],
    [undefined, 'Card Expired', '', Message.cardExpired],
    ['77777', 'expired card', '', Message.cardExpired],
    ['77777', 'Refused', '', Message.declineDefault],
    [undefined, '', '', Message.declineDefault],
  ] as const)('code %s with "%s" %s', (code, providerMessage, _tag, message) => {
    expect(declineMessage(code, providerMessage)).toBe(message);
  });
});

describe('the client codes', () => {
  it('each has an Arabic message', () => {
    for (const code of Object.values(ClientCode))
      expect(messageOf(code), `code ${code}`).toMatch(/[\u0600-\u06FF]/);
  });
});

describe('the common codes', () => {
  it('the common codes are server codes', () => {
    for (const code of COMMON_CODES) expect(Object.values(ServerCode)).toContain(code);
  });
});
