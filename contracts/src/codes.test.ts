import { describe, expect, it } from 'vitest';
import { ClientCode, COMMON_CODES, DeclineCode, ServerCode } from './codes';
import { declineMessage, Message, messageKeyOf, messageOf } from './messages';

describe('messageOf (SPEC §8 catalogue)', () => {
  it.each([
    [ServerCode.banned, Message.banned],
    [ServerCode.deactivated, Message.deactivated],
    [ServerCode.deactivating, Message.deactivating],
    [ServerCode.accountNotFound, Message.accountNotFound],
    [ServerCode.loggedOut, Message.loggedOut],
    [ServerCode.cardUpdateFailed, Message.cardUpdateFailed],
    [ServerCode.requestIdReused, Message.requestIdReused],
    [ServerCode.searchNoMatch, Message.searchNoMatch],
    [ServerCode.insufficientBalance, Message.insufficientBalance],
    [ServerCode.cardExpired, Message.cardExpired],
    [ServerCode.savedCardLocked, Message.savedCardLocked],
    [ServerCode.tooManyPaymentAttempts, Message.tooManyPaymentAttempts],
    [DeclineCode.tryAnother200P1, Message.tryAnotherCard],
    [DeclineCode.tryAnother200P9, Message.tryAnotherCard],
    [20061, Message.tryAnotherCard],
    [20065, Message.tryAnotherCard],
    [20121, Message.tryAnotherCard],
    [30021, Message.tryAnotherCard],
    [30022, Message.tryAnotherCard],
    [ClientCode.timeout, Message.timeout],
    [ClientCode.network, Message.network],
    [ClientCode.abort, Message.abort],
  ])('%s has its message', (code, message) => {
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
    ['20051', '', Message.insufficientBalance],
    ['200P1', '', Message.tryAnotherCard],
    [undefined, 'Card Expired', Message.cardExpired],
    ['77777', 'expired card', Message.cardExpired],
    ['77777', 'Refused', Message.declineDefault],
    [undefined, '', Message.declineDefault],
  ] as const)('code %s with "%s"', (code, providerMessage, message) => {
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
