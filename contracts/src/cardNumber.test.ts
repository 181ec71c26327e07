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
  ])('finds none in %s', (_label, text) => {
    expect(findCardNumbers(text)).toEqual([]);
    expect(hasCardNumber(text)).toBe(false);
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
