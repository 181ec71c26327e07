import { describe, expect, it } from 'vitest';
import { Clock } from '../src/world/clock';
import { DEFAULT_PAYMENT_LIMITS, PaymentGuard } from '../src/world/paymentGuard';

/**
 * The count of saved cards' wrong security codes holds a bounded number of cards. When full, the card counted
 * least recently is forgotten, never the whole count: emptying it would let anyone who floods it with new keys
 * start every card's count again, the card being guessed included. (A flood of 20,000 saved cards cannot be
 * made through the mock's API within its velocity limits, so the bound is made small here.)
 */
describe('the wrong security codes counted, when full', () => {
  it('forgets the stalest cards, and keeps the count of the card counted since', () => {
    const payments = new PaymentGuard(new Clock(), DEFAULT_PAYMENT_LIMITS, 3);
    payments.recordWrongSecurityCode('1|fp_a');
    payments.recordWrongSecurityCode('1|fp_b');
    for (let i = 0; i < 4; i++) expect(payments.recordWrongSecurityCode('1|fp_guessed')).toBe(false);
    // Two new keys past the bound push out fp_a and fp_b, the stalest.
    payments.recordWrongSecurityCode('9|fp_flood0');
    payments.recordWrongSecurityCode('9|fp_flood1');
    // The guessed card's 5th wrong code in a row still locks it.
    expect(payments.recordWrongSecurityCode('1|fp_guessed')).toBe(true);
    // fp_a was forgotten: its count starts again (4 more wrong codes do not lock it).
    for (let i = 0; i < 4; i++) expect(payments.recordWrongSecurityCode('1|fp_a')).toBe(false);
  });
});
