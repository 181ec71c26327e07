import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findCardNumbers, hasCardNumber, replaceCardNumbers } from './cardNumber';
import { testCards } from './testdata/cards';

/** Card numbers in free text (a report, a holder name, a journal entry): the one finder web and the mock share. */

describe('findCardNumbers', () => {
  it.each([
    ['card 4242424242424242 thanks', '424242…4242'],
    ['4242 4242 4242 4242', '424242…4242'],
    ['card 4242424242424242 123', '424242…4242'],
    ['4242 4242 4242 4242 123', '424242…4242'],
    ['4242-4242-4242-4242 1230', '424242…4242'],
    ['741 5555555555554444', '555555…4444'],
    ['5555555555554444741', '555555…4444'],
    ['بطاقتي ٤٥٤٤٢٤٩١٦٧٦٧٣٦٧٠ ٧٤١', '454424…3670'],
    ['4544 2491 6767 3670 741', '454424…3670'],
  ])('%j holds %s, its whole run found', (text, card) => {
    const [found, ...more] = findCardNumbers(text);
    expect(more).toEqual([]);
    expect(`${found?.bin}…${found?.last4}`).toBe(card);
    // The run, to its last digit: a CVV typed beside the number is part of the finding.
    expect(text.slice(found?.end)).not.toMatch(/^\s*\p{Nd}/u);
  });

  it.each([
    ['no digits', 'لم يصل الماس'],
    ['a phone number', 'جوالي 0551234567'],
    ['two phone numbers', '0551234567 0559876543'],
    ['an order id', 'الطلب PO996276c4002259d8d92b97e175168b82'],
    ['a number failing Luhn', '4242 4242 4242 4241'],
    ['a Luhn-valid part no one types as a card', '1763715600000 42'],
    ['an IBAN in groups', 'SA03 8000 0000 6080 1016 7519'],
    // Luhn-valid, but no issuer's first digit: an international phone number.
    ['a phone number passing Luhn', 'اتصلوا على 00966551234562 أو 966551234562'],
    ['a date and an amount', '2026-11-27 4.99'],
    // The digits of a hex identifier, though Luhn-valid with an issuer's digit (a CI run met the first one).
    [
      'a UUID whose last group is twelve digits',
      '{"topup.client_uuid":"\\"874d0151-5afc-4f3c-9b7b-442667044436\\""}',
    ],
    ['a UUID whose last groups are digits', 'id 874d0151-5afc-4f3c-4242-424242424242'],
  ])('finds none in %s', (_label, text) => {
    expect(findCardNumbers(text)).toEqual([]);
    expect(hasCardNumber(text)).toBe(false);
  });

  // Separators people type between groups besides spaces and dashes: each row is one card number, found whole.
  it.each([
    ['Arabic commas', '4242،4242،4242،4242'],
    ['Arabic semicolons', '٤٢٤٢؛٤٢٤٢؛٤٢٤٢؛٤٢٤٢'],
    ['a group a line', 'رقمي:\n4242\n4242\n4242\n4242\nشكرا'],
    ['a group a line, blank lines between', '4242\r\n\r\n4242\r\n4242\r\n4242'],
    ['slashes', '4242/4242/4242/4242'],
    ['commas', '4242, 4242, 4242, 4242'],
    ['colons', '4242:4242:4242:4242'],
    ['bars', '4242 | 4242 | 4242 | 4242'],
    ['stars', '4242*4242*4242*4242'],
    ['plus signs', '4242+4242+4242+4242'],
    ['tildes', '4242~4242~4242~4242'],
    ['brackets', '(4242)(4242)(4242)(4242)'],
    ['square brackets and spaces', '[4242] [4242] [4242] [4242]'],
    ['an Amex number in 4-6-5 with slashes', '3782/822463/10005'],
    ['a CVV after a comma', '4242،4242،4242،4242، 123'],
    ['dashes, a hex word after it', '4242-4242-4242-4242 deadbeef'],
    ['dashes, a word glued before it', 'visa-4242-4242-4242-4242'],
  ])('finds the card number written with %s', (_label, text) => {
    const found = findCardNumbers(text);
    expect(found).toHaveLength(1);
    expect(found[0]?.bin).toMatch(/^(424242|378282)$/);
    expect(text.slice(found[0]?.end)).not.toMatch(/^\P{L}*\p{Nd}/u);
  });

  // Numbers written with the same separators that are no card: short groups keep them apart.
  it.each([
    ['a date and a time', 'يوم 2026/11/27 الساعة 23:59:59'],
    ['a date-time', '2026-11-27 10:30:00'],
    ['a day-first date and a time', '27/11/2026, 10:30'],
    ['an amount with thousands', 'خصم 1,234,567 ريال'],
    ['a large amount', '12,345,678,901.50'],
    ['a Saudi phone number with +', '+966 55 123 4567'],
    ['an order number and an amount', 'الطلب 123456، المبلغ 4.99'],
    ['prices in a list', '4.99, 5.99, 6.99'],
  ])('finds none in %s', (_label, text) => {
    expect(findCardNumbers(text)).toEqual([]);
  });

  it('finds every catalogue card followed by a CVV, whatever sits around it', () => {
    const luhnCards = testCards.filter((card) => card.luhn_valid).map((card) => card.number);
    fc.assert(
      fc.property(
        fc.constantFrom(...luhnCards),
        fc.stringMatching(/^\d{3,4}$/),
        fc.constantFrom(' ', '', '  '),
        fc.constantFrom('', 'بطاقتي ', 'card: '),
        (number, cvv, gap, before) => {
          expect(hasCardNumber(`${before}${number}${gap}${cvv} شكرا`)).toBe(true);
        },
      ),
    );
  });

  it('replaces each finding, the rest of the text kept', () => {
    expect(replaceCardNumbers('a 4242424242424242 123 b 5555 5555 5555 4444 c', () => '…')).toBe('a … b … c');
  });
});
