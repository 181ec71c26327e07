import { DisplayGroup, type PayType } from '@topup/contracts';
import { describe, expect, it } from 'vitest';
import { channelLabel } from './ChannelList';

describe('the pay step names a channel as the recharge list names its method', () => {
  it.each([
    [23, DisplayGroup.p13, 'بطاقة مدى أو بطاقة ائتمان'],
    [26, DisplayGroup.wallet, 'Apple Pay'],
    [27, DisplayGroup.p17, 'بطاقة ائتمان أو خصم'],
    [28, DisplayGroup.p6, 'محفظة STC Pay'],
  ] as const)('pay type %i', (payType, group, label) => {
    expect(channelLabel({ payType: payType as PayType, group, displayName: 'ignored' })).toBe(label);
  });
});
