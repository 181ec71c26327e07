import { describe, expect, it } from 'vitest';
import { maskCardNumbers, redact, redactUrl } from '../src/contract/redact';

describe('maskCardNumbers', () => {
  it.each([
    ['pay 4242424242424242 now', 'pay [card 424242…4242] now'],
    ['4242 4242 4242 4242', '[card 424242…4242]'],
    ['5555-5555-5555-4444', '[card 555555…4444]'],
    ['order 1234567890123', 'order 1234567890123'],
    ['ts 1763715600000', 'ts 1763715600000'],
  ])('%s', (text, masked) => {
    expect(maskCardNumbers(text)).toBe(masked);
  });
});

describe('redact', () => {
  it('replaces secret fields and masks card numbers anywhere', () => {
    expect(
      redact({
        password: 'Passw0rd!',
        cvv: '123',
        card_number: '4242424242424242',
        nested: { note: 'card 4000000000000002', security_code: '999' },
        list: ['5555555555554444'],
        display_uid: '10000001',
      }),
    ).toEqual({
      password: '[redacted]',
      cvv: '[redacted]',
      card_number: '[redacted]',
      nested: { note: 'card [card 400000…0002]', security_code: '[redacted]' },
      list: ['[card 555555…4444]'],
      display_uid: '10000001',
    });
  });

  it('keeps a clean parameter object as it is, and copies one with anything to hide', () => {
    const clean = { display_id: '10000001', source: '1', uuid: 'u-1' };
    expect(redact(clean)).toBe(clean);
    const dirty = { display_id: '10000001', note: '4242 4242 4242 4242' };
    expect(redact(dirty)).not.toBe(dirty);
    expect(redact({ ts: '1763715600000' })).toEqual({ ts: '1763715600000' });
  });

  it('redacts a URL query for logs', () => {
    expect(redactUrl('/api/user/account_login/?display_uid=10000001&password=Passw0rd%21')).toBe(
      '/api/user/account_login/?display_uid=10000001&password=%5Bredacted%5D',
    );
    expect(redactUrl('/api/sys/ts/')).toBe('/api/sys/ts/');
  });
});
