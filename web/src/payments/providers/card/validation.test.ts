// @vitest-environment node
import { CardNumber, testCards } from '@topup/contracts';
import { detectScheme } from '@topup/contracts/cardNumber';
import { describe, expect, it } from 'vitest';
import {
  cardSchemeOf,
  cleanHolderName,
  validateCvv,
  validateExpiry,
  validateHolder,
  validateNumber,
} from './validation';

const NOW = new Date('2026-05-15T12:00:00Z');

const HOLDER_CARD_NUMBER =
  'اسم حامل البطاقة لا يكون رقم بطاقة. اكتب الاسم كما هو مطبوع على البطاقة، دون أرقامها';
describe('card number against every TESTDATA row', () => {
  it.each(testCards.map((card) => [card.number, card] as const))('%s', (number, card) => {
    expect(detectScheme(number)).toBe(card.scheme);
    expect(validateNumber(number, 13).ok).toBe(card.luhn_valid);
    expect(validateNumber(number, 17).ok).toBe(card.luhn_valid && card.provider17_accepts);
  });
});

describe('field messages', () => {
  it.each([
    ['number empty', validateNumber('', 13), 'أدخل رقم البطاقة'],
    ['number Luhn', validateNumber(CardNumber.luhnInvalid, 13), 'رقم البطاقة غير صحيح'],
    ['number short', validateNumber('4242', 13), 'رقم البطاقة غير صحيح'],
    [
      'amex on 17 @spec:rule.schemes',
      validateNumber(CardNumber.amex, 17),
      'لا نقبل هذا النوع من البطاقات. استخدم بطاقة Visa أو Mastercard',
    ],
    ['cvv empty', validateCvv(''), 'أدخل رمز الأمان (CVV)'],
    [
      'cvv 2 digits',
      validateCvv('12', 'visa'),
      'رمز الأمان الذي أدخلته غير صحيح. أعد إدخاله، فهو يتكوّن عادةً من 3 أرقام',
    ],
    [
      'cvv 5 digits',
      validateCvv('12345', 'amex'),
      'رمز الأمان الذي أدخلته غير صحيح. أعد إدخاله، فهو يتكوّن عادةً من 4 أرقام',
    ],
    [
      'cvv 4 digits for visa',
      validateCvv('1234', 'visa'),
      'رمز الأمان الذي أدخلته غير صحيح. أعد إدخاله، فهو يتكوّن عادةً من 3 أرقام',
    ],
    [
      'cvv 3 digits for amex',
      validateCvv('123', 'amex'),
      'رمز الأمان الذي أدخلته غير صحيح. أعد إدخاله، فهو يتكوّن عادةً من 4 أرقام',
    ],
    [
      'cvv letters',
      validateCvv('12a'),
      'رمز الأمان الذي أدخلته غير صحيح. أعد إدخاله، فهو يتكوّن عادةً من 3-4 أرقام',
    ],
    ['holder empty', validateHolder(''), 'أدخل اسم حامل البطاقة'],
    ['holder emoji only', validateHolder('😀🎉'), 'أدخل اسم حامل البطاقة'],
    ['holder 255', validateHolder('a'.repeat(255)), 'اسم حامل البطاقة غير صحيح'],
    // Review 10: a card number typed as the name would be sent in create_coin_pay's URL.
    ['holder a card number and CVV', validateHolder('4544 2491 6767 3670 741'), HOLDER_CARD_NUMBER],
    ['holder a card number', validateHolder('4242424242424242'), HOLDER_CARD_NUMBER],
    ['holder a name and a card number', validateHolder('Reem 5555-5555-5555-4444'), HOLDER_CARD_NUMBER],
    ['holder Arabic-Indic card digits', validateHolder('ريم ٤٢٤٢ ٤٢٤٢ ٤٢٤٢ ٤٢٤٢'), HOLDER_CARD_NUMBER],
  ])('%s', (_, state, message) => {
    expect(state).toEqual({ ok: false, message });
  });

  it.each([
    ['123', true],
    ['1234', true],
    ['١٢٣', true],
    ['12', false],
    ['12345', false],
  ])('cvv %s → %s', (cvv, ok) => {
    expect(validateCvv(cvv).ok).toBe(ok);
  });

  it.each([
    ['123', 'visa', true],
    ['123', 'mastercard', true],
    ['1234', 'amex', true],
    ['1234', 'visa', false],
    ['123', 'amex', false],
  ] as const)('cvv %s for %s → %s', (cvv, scheme, ok) => {
    expect(validateCvv(cvv, scheme).ok).toBe(ok);
  });

  it.each(['Reem Al-Harbi', 'ريم الحربي', 'John Smith 3rd', 'A. B. 2'])('accepts the name %j', (name) => {
    expect(validateHolder(name)).toEqual({ ok: true });
  });

  it('accepts a 254-character name and strips emoji and symbols', () => {
    expect(validateHolder('a'.repeat(254)).ok).toBe(true);
    expect(cleanHolderName('Reem ⭐ Al-Harbi 😀 $%^')).toBe('Reem Al-Harbi ');
    expect(cleanHolderName('ريم 🇸🇦 الحربي')).toBe('ريم الحربي');
  });
});

describe('the four fields of the card form (SPEC §5: all valid to enable submit)', () => {
  const good = { number: '4242 4242 4242 4242', cvv: '123', expiry: '12/30', holder: 'Reem' };
  it('all valid', () => {
    expect(validateNumber(good.number, 17).ok).toBe(true);
    expect(validateCvv(good.cvv, 'visa').ok).toBe(true);
    expect(validateExpiry(good.expiry, NOW).ok).toBe(true);
    expect(validateHolder(good.holder).ok).toBe(true);
  });

  it.each([
    ['expired', validateExpiry('04/26', NOW)],
    ['bad expiry format', validateExpiry('13/30', NOW)],
    ['no holder', validateHolder('  ')],
    ['bad cvv', validateCvv('1', 'visa')],
    ['Luhn', validateNumber(CardNumber.luhnInvalid, 17)],
  ])('%s → invalid', (_, check) => {
    expect(check.ok).toBe(false);
  });

  // One rule for the new card's field and the saved card's update popup: a wrong month, a passed date and a
  // malformed value are each told as such (a well-formed 13/20 is no "write it as MM/YY").
  it.each([
    ['', 'أدخل تاريخ الانتهاء'],
    ['13/20', 'تاريخ الانتهاء غير صحيح: الشهر من 01 إلى 12، مثل 08/29'],
    ['00/30', 'تاريخ الانتهاء غير صحيح: الشهر من 01 إلى 12، مثل 08/29'],
    ['1330', 'تاريخ الانتهاء غير صحيح: الشهر من 01 إلى 12، مثل 08/29'],
    ['01/20', 'تاريخ الانتهاء غير صحيح: هذا التاريخ مضى، اكتب التاريخ المطبوع على البطاقة'],
    ['04/26', 'تاريخ الانتهاء غير صحيح: هذا التاريخ مضى، اكتب التاريخ المطبوع على البطاقة'],
    ['5/26', 'اكتب التاريخ بالشكل شهر/سنة، مثل 08/29'],
    ['05-26', 'اكتب التاريخ بالشكل شهر/سنة، مثل 08/29'],
    ['ab/cd', 'اكتب التاريخ بالشكل شهر/سنة، مثل 08/29'],
  ])('expiry %j → %s', (input, message) => {
    expect(validateExpiry(input, NOW)).toEqual({ ok: false, message });
  });

  it.each(['05/26', '0526', '12/30'])('expiry %s is valid', (input) => {
    expect(validateExpiry(input, NOW)).toEqual({ ok: true });
  });
});

describe('a saved card scheme name', () => {
  it.each([
    ['visa', 'visa'],
    ['Mastercard', 'mastercard'],
    ['mc', 'mastercard'],
    ['amex', 'amex'],
    ['maestro', 'unknown'],
    ['', 'unknown'],
  ] as const)('%s → %s', (name, scheme) => {
    expect(cardSchemeOf(name)).toBe(scheme);
  });
});
