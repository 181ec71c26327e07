// @vitest-environment node
import { DisplayGroup, displayGroupOf, PAY_TYPES, type PayType } from '@topup/contracts';
import { payMethodDisplayName, payMethodOf } from '@topup/contracts/payMethodNames';
import { describe, expect, it } from 'vitest';
import { marksOfPayType } from '../../ui/PaymentMarks';
import { type Channel, channelLabel, onePerName } from './ChannelList';

/**
 * Each pay type is shown by the server's name for its method (the mock's names: contracts/payMethodNames.ts)
 * with that method's brand marks; pay types under one name are one choice.
 */
const TABLE: readonly (readonly [PayType, string, string])[] = [
  [23, 'Visa / Mastercard', 'visa,mastercard'],
  [24, 'مدى', 'mada'],
  [25, 'STC Pay', 'stcPay'],
  [26, 'Apple Pay', 'applePay'],
  [27, 'Visa / Mastercard', 'visa,mastercard'],
  [28, 'Google Pay', 'googlePay'],
  [29, 'PayPal', 'payPal'],
  [30, 'Google Pay', 'googlePay'],
  [31, 'STC Pay', 'stcPay'],
  [2528, 'Apple Pay', 'applePay'],
];

const channel = (payType: PayType, displayName = payMethodDisplayName[payMethodOf[payType]]): Channel => ({
  payType,
  group: displayGroupOf(payType),
  displayName,
});

describe("each pay type: the server's name and its method's marks", () => {
  it.each(TABLE)('pay type %i', (payType, name, marks) => {
    expect(channelLabel(channel(payType))).toBe(name);
    expect(marksOfPayType(payType).join(',')).toBe(marks);
  });

  it('covers every pay type of SPEC §3, with no placeholder name', () => {
    expect(TABLE.map(([payType]) => payType).sort()).toEqual([...PAY_TYPES].sort());
    for (const [, name] of TABLE) expect(name).not.toMatch(/البوابة|رابط بديل|\d/);
  });

  it('a method the server left unnamed falls back to its display group; an unknown pay type has no marks', () => {
    expect(channelLabel(channel(25, ' '))).toBe(
      channelLabel({ ...channel(25, ''), group: DisplayGroup.wallet }),
    );
    expect(channelLabel(channel(25, ''))).not.toBe('');
    expect(marksOfPayType(99)).toEqual([]);
  });

  it.each([
    ['an override', '\u202EApple Pay', 'Apple Pay'],
    ['an unclosed isolate', 'مدى\u2066', 'مدى'],
    ['an embedding and a mark', '\u202BSTC\u200F Pay\u202C', 'STC Pay'],
  ])("a server's name with %s is drawn without it", (_what, sent, shown) => {
    expect(channelLabel(channel(24, sent))).toBe(shown);
  });

  it('a name of controls alone falls back to its display group', () => {
    expect(channelLabel(channel(25, '\u202E\u2067'))).toBe(channelLabel(channel(25, '')));
  });

  it('pay types under one name are one row: the chosen one, else the first', () => {
    const listed = [channel(2528), channel(26), channel(24)];
    expect(onePerName(listed, [undefined, undefined]).map((c) => c.payType)).toEqual([2528, 24]);
    expect(onePerName(listed, [undefined, 26]).map((c) => c.payType)).toEqual([26, 24]);
  });
});
