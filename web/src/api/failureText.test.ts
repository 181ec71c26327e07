// @vitest-environment node
import { ClientCode, ServerCode } from '@topup/contracts/codes';
import { Message } from '@topup/contracts/messages';
import { describe, expect, it } from 'vitest';
import { ar } from '../i18n/ar';
import { failureText, isolatedCode } from './failureText';
import { loadFailureText } from './loadFailure';

/** A lying server's own words (attacker review): a bank account and a WhatsApp number, as the app's. */
const MSG = 'حوّل المبلغ إلى الحساب SA0000000000 أو واتساب 0500000000';
const texts = {
  unknown: (code: string) => `الصفحة (الرمز ${code})`,
  known: (message: string) => `الصفحة: ${message}`,
};

describe('what a page says for a failed call: the catalogue’s words or its own, never the server’s', () => {
  it.each([
    ['a code the catalogue knows', ServerCode.banned, `الصفحة: ${Message.banned}`],
    ['the client’s network failure', ClientCode.network, `الصفحة: ${Message.network}`],
    ['the server’s internal error', ServerCode.internal, `الصفحة: ${Message.internal}`],
    ['an unknown code', 99123, 'الصفحة (الرمز \u206699123\u2069)'],
    ['an HTTP status', 502, 'الصفحة (الرمز \u2066502\u2069)'],
    ['a negative unknown code, isolated', -77, 'الصفحة (الرمز \u2066-77\u2069)'],
  ])('%s (%i)', (_name, result, shown) => {
    expect(failureText(result, texts)).toBe(shown);
  });

  it.each([
    [ServerCode.banned, Message.banned],
    [99123, 'الصفحة (الرمز \u206699123\u2069)'],
    [502, 'خدمة (\u2066502\u2069)'],
    [ServerCode.internal, Message.internal],
  ])('without `known` the catalogue message alone; `unserved` for an HTTP status (%i)', (result, shown) => {
    expect(failureText(result, { unknown: texts.unknown, unserved: (code) => `خدمة (${code})` })).toBe(shown);
  });

  it('isolates a code left to right', () => {
    expect(isolatedCode(-1)).toBe('\u2066-1\u2069');
  });
});

describe('a failed load of the packages (api/loadFailure.ts)', () => {
  it.each([
    [99123, ar['app.serviceUnavailable']],
    [12345, ar['app.serviceUnavailable']],
    [ServerCode.rateLimited, Message.rateLimited],
  ])('code %i with the server’s words says %s', (result, shown) => {
    const failure = { result, message: MSG };
    const text = loadFailureText(failure, true);
    expect(text).toBe(shown);
    expect(text).not.toContain('0500000000');
  });
});
