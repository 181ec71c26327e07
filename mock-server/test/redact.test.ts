import { describe, expect, it } from 'vitest';
import { maskCardNumbers, redact, redactUrl } from '../src/contract/redact';

describe('maskCardNumbers', () => {
  it.each([
    ['pay 4242424242424242 now', 'pay [card 424242…4242] now'],
    ['4242 4242 4242 4242', '[card 424242…4242]'],
    ['5555-5555-5555-4444', '[card 555555…4444]'],
    ['order 1234567890123', 'order 1234567890123'],
    ['ts 1763715600000', 'ts 1763715600000'],
    // A random hex order id can hold a Luhn-valid run of digits: inside an identifier it is no card number.
    ['PO4242424242424242abcdef0123456789', 'PO4242424242424242abcdef0123456789'],
    [
      'order PO1a4242424242424242 card:4242424242424242',
      'order PO1a4242424242424242 card:[card 424242…4242]',
    ],
  ])('%s', (text, masked) => {
    expect(maskCardNumbers(text)).toBe(masked);
  });

  // As this audience types a card number.
  it.each([
    ['Arabic-Indic digits', 'رقم بطاقتي ٤٢٤٢٤٢٤٢٤٢٤٢٤٢٤٢ شكرا'],
    ['Arabic-Indic groups', '٤٢٤٢ ٤٢٤٢ ٤٢٤٢ ٤٢٤٢'],
    ['Persian digits', '۴۲۴۲-۴۲۴۲-۴۲۴۲-۴۲۴۲'],
    ['full-width digits', '４２４２４２４２４２４２４２４２'],
    ['dotted groups', '4242.4242.4242.4242'],
    ['double-spaced groups', '4242  4242  4242  4242'],
    ['no-break spaces', '4242\u00a04242\u00a04242\u00a04242'],
    ['right-to-left marks', '4242\u200f 4242\u200f 4242\u200f 4242'],
    ['an en dash and spaces', '4242 – 4242 – 4242 – 4242'],
    ['mixed scripts', '4242 ٤٢٤٢ ۴۲۴۲ ４２４２'],
    ['glued to Arabic words', 'البطاقة٤٢٤٢٤٢٤٢٤٢٤٢٤٢٤٢والرمز'],
  ])('masks %s', (_label, text) => {
    const masked = maskCardNumbers(text);
    expect(masked).toContain('[card 424242…4242]');
    expect(masked.replace(/\[card [^\]]*\]/g, '')).not.toMatch(/(?:\p{Nd}\P{Nd}{0,3}){12}/u);
  });

  // A card number typed with what follows it on the card (review 18): its CVV or expiry in the same run of
  // digits makes a run that is no card number itself, but holds one. The whole run goes.
  it.each([
    ['its CVV after a space', 'card 4242424242424242 123 thanks', 'card [card 424242…4242] thanks'],
    ['in groups, then the CVV', 'card 4242 4242 4242 4242 123', 'card [card 424242…4242]'],
    ['dashed, then a four-digit code', 'card 4242-4242-4242-4242 1230', 'card [card 424242…4242]'],
    ['its CVV glued to it', 'رقم ٤٢٤٢٤٢٤٢٤٢٤٢٤٢٤٢٧٤٢', 'رقم [card 424242…4242]'],
    ['the CVV first', '741 5555555555554444', '[card 555555…4444]'],
    ['the CVV glued before it', '7415555555555554444', '[card 555555…4444]'],
    ['expiry and CVV after it', '4544249167673670 1230 741', '[card 454424…3670]'],
    ['a run of groups past 19 digits', '4000 0000 0000 0002 1230 741 x', '[card 400000…0002] x'],
    ['a 15-digit Amex and its code', 'amex 378282246310005 1234.', 'amex [card 378282…0005].'],
  ])('masks a card number with %s', (_label, text, masked) => {
    expect(maskCardNumbers(text)).toBe(masked);
  });

  it.each([
    ['two phone numbers', 'اتصل 0551234567 0559876543'],
    ['an IBAN in groups', 'SA03 8000 0000 6080 1016 7519'],
    ['a long reference with no card at a group edge', '1763715600000 42'],
    ['a 16-digit number failing Luhn, no code beside it', '4242424242424241'],
  ])('keeps %s', (_label, text) => {
    expect(maskCardNumbers(text)).toBe(text);
  });

  it('keeps what is no card number in any script', () => {
    expect(maskCardNumbers('٤٢٤٢٤٢٤٢٤٢٤٢٤٢٤١')).toBe('٤٢٤٢٤٢٤٢٤٢٤٢٤٢٤١');
    expect(maskCardNumbers('الهاتف ٠٥٥١٢٣٤٥٦٧')).toBe('الهاتف ٠٥٥١٢٣٤٥٦٧');
  });
});

describe('redact', () => {
  it('masks a card number typed in Arabic-Indic digits wherever a parameter holds it', () => {
    const copy = JSON.stringify(
      redact({ content: 'دفعت بالبطاقة ٥٥٥٥ ٥٥٥٥ ٥٥٥٥ ٤٤٤٤', list: ['４２４２４２４２４２４２４２４２'] }),
    );
    expect(copy).toContain('[card 555555…4444]');
    expect(copy).toContain('[card 424242…4242]');
    expect(copy).not.toContain('٥٥٥٥');
  });

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

  it.each([
    [
      'http://127.0.0.1:8080/__provider/checkout/3ds?token=884fca63&order=PO1',
      'http://127.0.0.1:8080/__provider/checkout/3ds?token=[redacted]&order=PO1',
    ],
    ['https://h.example/pay?a=1&session_key=abc123#x', 'https://h.example/pay?a=1&session_key=[redacted]#x'],
    ['https://h.example/back?ticket=xyz', 'https://h.example/back?ticket=[redacted]'],
    ['https://h.example/pay?order=PO1', 'https://h.example/pay?order=PO1'],
  ])('masks a secret in a URL answered or sent: %s', (url, masked) => {
    expect(redact({ data: { url } })).toEqual({ data: { url: masked } });
  });

  it('keeps a clean parameter object as it is, and copies one with anything to hide', () => {
    const clean = { display_id: '10000001', source: '1', uuid: 'u-1' };
    expect(redact(clean)).toBe(clean);
    const dirty = { display_id: '10000001', note: '4242 4242 4242 4242' };
    expect(redact(dirty)).not.toBe(dirty);
    expect(redact({ ts: '1763715600000' })).toEqual({ ts: '1763715600000' });
  });

  it('masks a card number sent as a JSON number, and keeps other numbers', () => {
    expect(redact({ int_param1: 4242424242424242, n: -5555555555554444, ts: 1763715600000 })).toEqual({
      int_param1: '[card 424242…4242]',
      n: '[card 555555…4444]',
      ts: 1763715600000,
    });
    // Past 2^53 the last digits are lost, the first kept: masked whole when it begins as a card does.
    expect(redact(JSON.parse('{"x":4000000000000000259}'))).toEqual({ x: '[card number]' });
    expect(redact({ amount: 4.99, count: 3, big: 1.5e30 })).toEqual({
      amount: 4.99,
      count: 3,
      big: 1.5e30,
    });
  });

  it('redacts a URL query for logs', () => {
    expect(redactUrl('/api/user/account_login/?display_uid=10000001&password=Passw0rd%21')).toBe(
      '/api/user/account_login/?display_uid=10000001&password=%5Bredacted%5D',
    );
    expect(redactUrl('/api/sys/ts/')).toBe('/api/sys/ts/');
  });
});

describe('redact: sign-in secrets and hostile shapes (issue 12, findings 5 and 6)', () => {
  it.each([
    ['session_key', 'sk-10000001'],
    ['ticket', 'tk-10000001'],
    ['access_token', 'fbtok-ok'],
    ['id_token', 'gid-10000001'],
    ['fb_token', 'fbtok-ok'],
    ['accessToken', 'fbtok-ok'],
  ])('replaces %s', (key, value) => {
    expect(JSON.stringify(redact({ [key]: value, display_uid: '10000001' }))).not.toContain(value);
  });

  it('masks session keys and tickets inside other values, JSON carried in a string included', () => {
    const text = JSON.stringify(
      redact({
        ext: '{"skey":"sk-0123456789abcdef","note":"ticket tk-10000001"}',
        href: '/pay?session_key=sk-10000001',
      }),
    );
    for (const secret of ['sk-0123456789abcdef', 'tk-10000001', 'sk-10000001'])
      expect(text).not.toContain(secret);
  });

  it('redacts a URL query of sign-in secrets for the log', () => {
    const url = redactUrl(
      '/api/user/ticket_login/?ticket=tk-10000001&session_key=sk-10000001&fb_token=fbtok-ok',
    );
    for (const secret of ['tk-10000001', 'sk-10000001', 'fbtok-ok']) expect(url).not.toContain(secret);
  });

  it('cuts a deeply nested value instead of recursing into it', () => {
    let deep: unknown = { password: 'Passw0rd!' };
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const copy = redact({ deep });
    const text = JSON.stringify(copy);
    expect(text).toContain('[too deep]');
    expect(text).not.toContain('Passw0rd!');
  });

  it('keeps a key named __proto__ as a plain key', () => {
    const hostile = JSON.parse('{"__proto__":{"polluted":true},"a":{"password":"x"}}') as Record<
      string,
      unknown
    >;
    const copy = redact(hostile) as Record<string, unknown>;
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['__proto__', 'a']);
    expect(copy.a).toEqual({ password: '[redacted]' });
  });
});
