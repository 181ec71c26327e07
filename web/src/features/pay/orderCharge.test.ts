import { describe, expect, it } from 'vitest';
import { formatUsd } from '../../i18n/format';
import { chargeShown } from './orderCharge';

/**
 * Attacker review, finding 2: a lying list showed rc_499 at $0.01; the mock charged 4.99 and the result panel
 * said $0.01 was paid. The panel names the order's own amount, and says when it is not the one shown.
 */
describe('the amount the result panel names', () => {
  it.each([
    ['the order unknown: the amount shown', undefined, 4.99, { amount: formatUsd(4.99), differs: false }],
    ['nothing known', undefined, undefined, { amount: undefined, differs: false }],
    ['the order as shown', { amount: 4.99, coin: 350 }, 4.99, { amount: formatUsd(4.99), differs: false }],
    [
      'a float’s last digits only',
      { amount: 4.99, coin: 350 },
      4.990000001,
      { amount: formatUsd(4.99), differs: false },
    ],
    [
      'the order above the price shown',
      { amount: 4.99, coin: 350 },
      0.01,
      { amount: formatUsd(4.99), differs: true },
    ],
    [
      'the order below the price shown',
      { amount: 0.99, coin: 70 },
      4.99,
      { amount: formatUsd(0.99), differs: true },
    ],
    [
      'the order known, nothing shown',
      { amount: 4.99, coin: 350 },
      undefined,
      { amount: formatUsd(4.99), differs: false },
    ],
  ])('%s', (_name, charged, shown, expected) => {
    expect(chargeShown(charged, { amount: shown })).toEqual(expected);
  });
});

/**
 * Attacker review, finding 3: the order's account (to_uid) and coins are compared with what was chosen as its
 * amount is; a difference is named with the server's value.
 */
describe('the account and coins the result panel compares', () => {
  const chosen = { amount: 4.99, coin: 350, toUid: 1002 };
  it.each([
    ['booked as chosen', { amount: 4.99, coin: 350, toUid: 1002 }, {}],
    ['another account', { amount: 4.99, coin: 350, toUid: 1010 }, { otherUid: 1010 }],
    ['other coins', { amount: 4.99, coin: 999999, toUid: 1002 }, { coins: { booked: 999999, shown: 350 } }],
    ['the account not named by the server', { amount: 4.99, coin: 350 }, {}],
    [
      'all three otherwise',
      { amount: 199.99, coin: 999999, toUid: 1010 },
      { differs: true, otherUid: 1010, coins: { booked: 999999, shown: 350 } },
    ],
  ])('%s', (_name, charged, expected) => {
    expect(chargeShown(charged, chosen)).toStrictEqual({
      amount: formatUsd(charged.amount),
      differs: false,
      ...expected,
    });
  });

  it('nothing chosen to compare: nothing said', () => {
    expect(chargeShown({ amount: 4.99, coin: 350, toUid: 1010 }, { amount: 4.99 })).toStrictEqual({
      amount: formatUsd(4.99),
      differs: false,
    });
  });
});
