import { DisplayGroup, displayGroupOf, PAY_TYPES, type PayType } from '@topup/contracts';
import { describe, expect, it } from 'vitest';
import { payTypeLook } from '../../ui/PaymentMarks';
import { channelLabel } from './ChannelList';

/**
 * Every pay type of SPEC §3 has a name and a mark a visitor can tell apart: the names and marks below are
 * the table, and no two pay types share either. Brands only where SPEC/TESTDATA give one (Apple Pay, 26).
 */
const TABLE: readonly (readonly [PayType, string, string])[] = [
  [23, 'بطاقة مدى أو ائتمانية', 'schemes:mada,visa,mastercard'],
  [24, 'بطاقة بنكية عبر صفحة دفع خارجية', 'bankPage'],
  [25, 'محفظة عبر البوابة 1', 'gateway:1'],
  [26, 'Apple Pay', 'applePay'],
  [27, 'بطاقة Visa أو Mastercard', 'schemes:visa,mastercard'],
  [28, 'محفظة عبر البوابة 2', 'gateway:2'],
  [29, 'محفظة عبر البوابة 3', 'gateway:3'],
  [30, 'محفظة عبر البوابة 4', 'gateway:4'],
  [31, 'محفظة عبر البوابة 1 (رابط بديل)', 'gateway:1:alternate'],
  [2528, 'محفظة الجهاز', 'device'],
];

function markOf(payType: number): string {
  const look = payTypeLook(payType);
  if (look === undefined) return 'none';
  if (look.kind === 'schemes') return `schemes:${look.schemes.join(',')}`;
  if (look.kind === 'gateway') return `gateway:${look.gateway}${look.alternate ? ':alternate' : ''}`;
  return look.kind;
}

describe('each pay type has its own name and mark, on the recharge list and the pay step alike', () => {
  it.each(TABLE)('pay type %i', (payType, name, mark) => {
    // The backend's displayName is a group id ("Wallet", "Provider6"), not a name for a visitor: ignored.
    expect(channelLabel({ payType, group: displayGroupOf(payType), displayName: 'Wallet' })).toBe(name);
    expect(markOf(payType)).toBe(mark);
  });

  it('covers every pay type of SPEC §3, and no two share a name or a mark', () => {
    expect(TABLE.map(([payType]) => payType).sort()).toEqual([...PAY_TYPES].sort());
    expect(new Set(TABLE.map(([, name]) => name)).size).toBe(TABLE.length);
    expect(new Set(TABLE.map(([, , mark]) => mark)).size).toBe(TABLE.length);
  });

  it('names no wallet brand SPEC does not give', () => {
    for (const [payType] of TABLE)
      expect(channelLabel({ payType, group: DisplayGroup.wallet, displayName: 'x' })).not.toMatch(
        /stc|urpay|mobily|zain/i,
      );
  });

  it('gives an unknown pay type no mark', () => {
    expect(payTypeLook(99)).toBeUndefined();
  });
});
