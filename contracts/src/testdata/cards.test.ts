import { describe, expect, it } from 'vitest';
import {
  CardNumber,
  cardBehaviourOf,
  cardByNumber,
  cardNumberValid,
  detectScheme,
  luhnValid,
  normaliseCardNumber,
  provider17Accepts,
  testCards,
} from './cards';

/** TESTDATA's card table, as typed there. */
const table: [typed: string, scheme: string, luhn: boolean, provider17: boolean, kind: string][] = [
  ['4242 4242 4242 4242', 'visa', true, true, 'approved'],
  ['5555 5555 5555 4444', 'mastercard', true, true, 'approved'],
  ['4212 3456 7891 0006', 'visa', true, true, 'challenge'],
  ['5201 2815 0512 9736', 'mastercard', true, true, 'identify'],
  ['4000 0000 0000 3246', 'visa', true, true, 'redirect'],
  ['4544 2491 6767 3670', 'visa', true, true, 'declined'],
  ['4724 1172 1595 1699', 'visa', true, true, 'declined'],
  ['4000 0000 0000 0127', 'visa', true, true, 'declined'],
  ['4000 0000 0000 0002', 'visa', true, true, 'declined'],
  ['4000 0000 0000 0259', 'visa', true, true, 'declined'],
  ['4897 4535 6848 5113', 'visa', true, true, 'declined'],
  ['4095 2548 0264 2505', 'visa', true, true, 'declined'],
  ['3782 822463 10005', 'amex', true, false, 'approved'],
  ['4242 4242 4242 4241', 'visa', false, true, 'invalidNumber'],
];

describe('test cards', () => {
  it('holds every row of TESTDATA, digits only', () => {
    expect(testCards.map((card) => card.number)).toEqual(table.map(([typed]) => normaliseCardNumber(typed)));
    for (const card of testCards) expect(card.number).toMatch(/^\d+$/);
  });

  it.each(table)('%s: %s, Luhn %s, provider 17 %s, %s', (typed, scheme, luhn, provider17, kind) => {
    const digits = normaliseCardNumber(typed);
    const card = cardByNumber(typed);
    expect(card?.number).toBe(digits);
    expect(luhnValid(digits)).toBe(luhn);
    expect(card?.luhn_valid).toBe(luhn);
    expect(detectScheme(digits)).toBe(scheme);
    expect(card?.scheme).toBe(scheme);
    expect(provider17Accepts(detectScheme(digits))).toBe(provider17);
    expect(card?.provider17_accepts).toBe(provider17);
    expect(card?.behaviour.kind).toBe(kind);
    expect(cardBehaviourOf(typed)).toBe(card?.behaviour);
  });

  it.each([
    [CardNumber.insufficientFunds, 12, '20051', 'Insufficient Funds or Exceeds Amount Limits', 'balance'],
    [CardNumber.expired, 6, '20054', null, 'expire'],
    [CardNumber.securityCodeFailed, 11, '20082', '3ds_authentication_failure', 'verify'],
    [CardNumber.declinedGeneric, 2, '20005', null, 'other'],
    [CardNumber.tryAnotherCard, 2, '200P1', null, 'other'],
    [CardNumber.highRisk, 20, '20059', 'channel_user_risk', 'highRisk'],
    [CardNumber.timeOut, null, '20091', 'time_out', 'other'],
  ])(
    '%s declines with refusal %s, err_code %s, fail_detail %s: %s',
    (number, refusal, errCode, detail, outcome) => {
      const behaviour = cardBehaviourOf(number);
      expect(behaviour.kind).toBe('declined');
      if (behaviour.kind !== 'declined') return;
      expect(behaviour.decline).toMatchObject({
        refusal_code: refusal,
        err_code: errCode,
        fail_detail: detail,
        outcome,
      });
    },
  );

  it('challenges with window size 05 and the password `password`', () => {
    const behaviour = cardBehaviourOf(CardNumber.visaChallenge);
    expect(behaviour).toEqual({
      kind: 'challenge',
      adyen_result_code: 'ChallengeShopper',
      challenge: {
        window_size: '05',
        password: 'password',
        wrong_password: { fail_detail: '3ds_authentication_failure', outcome: 'verify' },
      },
      outcome: 'success',
    });
  });

  it.each([
    ['', false],
    ['0', true],
    ['18', true],
    ['79927398713', true],
    ['79927398710', false],
    ['4242 4242 4242 4242', false],
    ['4242-4242', false],
    ['abcd', false],
    ['4111111111111111', true],
    ['4111111111111112', false],
  ])('luhnValid(%j) is %s', (digits, valid) => {
    expect(luhnValid(digits)).toBe(valid);
  });

  it.each([
    ['4', 'visa'],
    ['4111111111111111', 'visa'],
    ['5100000000000008', 'mastercard'],
    ['5599999999999999', 'mastercard'],
    ['5000000000000000', 'unknown'],
    ['5600000000000000', 'unknown'],
    ['2221000000000009', 'mastercard'],
    ['2720999999999996', 'mastercard'],
    ['2220999999999999', 'unknown'],
    ['2721000000000000', 'unknown'],
    ['340000000000009', 'amex'],
    ['370000000000002', 'amex'],
    ['3530111333300000', 'unknown'],
    ['6011111111111117', 'unknown'],
    ['', 'unknown'],
    ['4242 4242', 'unknown'],
  ])('detectScheme(%j) is %s', (digits, scheme) => {
    expect(detectScheme(digits)).toBe(scheme);
  });

  it.each([
    ['4111111111111111', 'approved'],
    ['4111 1111 1111 1111', 'approved'],
    ['5454545454545454', 'approved'],
    ['4111111111111112', 'invalidNumber'],
    ['42424242424', 'invalidNumber'],
    ['', 'invalidNumber'],
  ])('a number of no row, %j, is %s', (number, kind) => {
    expect(cardByNumber(number)).toBeUndefined();
    expect(cardBehaviourOf(number).kind).toBe(kind);
  });

  it.each([
    ['378282246310005', true],
    ['4242424242424241', false],
    ['00000000000', false],
    ['00000000000000000000', false],
  ])('cardNumberValid(%j) is %s', (digits, valid) => {
    expect(cardNumberValid(digits)).toBe(valid);
  });
});
