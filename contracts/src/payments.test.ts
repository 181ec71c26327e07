import { describe, expect, it } from 'vitest';
import { DisplayGroup, displayGroupOf, PAY_TYPES, payTypeInfo } from './payments';

describe('pay types (SPEC §3)', () => {
  it.each([
    [23, 13, 'card', DisplayGroup.p13],
    [24, 6, 'card', DisplayGroup.p6],
    [25, 6, 'wallet', DisplayGroup.wallet],
    [26, 17, 'wallet', DisplayGroup.wallet],
    [27, 17, 'card', DisplayGroup.p17],
    [28, 18, 'wallet', DisplayGroup.wallet],
    [29, 19, 'wallet', DisplayGroup.wallet],
    [31, 6, 'wallet', DisplayGroup.wallet],
  ] as const)('pay type %i is provider %i %s in group %s', (type, provider, kind, group) => {
    expect(payTypeInfo[type].provider).toBe(provider);
    expect(payTypeInfo[type].kind).toBe(kind);
    expect(displayGroupOf(type)).toBe(group);
  });

  it('lists the ten pay types', () => {
    expect([...PAY_TYPES].sort((a, b) => a - b)).toEqual([23, 24, 25, 26, 27, 28, 29, 30, 31, 2528]);
  });
});
