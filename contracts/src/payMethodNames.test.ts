import { describe, expect, it } from 'vitest';
import { PAY_METHOD_ORDER, PayMethod, payMethodDisplayName, payMethodOf } from './payMethodNames';
import { PAY_TYPES } from './payments';

describe('payment method names', () => {
  it('names every pay type, and each method is listed once in the order', () => {
    for (const payType of PAY_TYPES) expect(Object.values(PayMethod)).toContain(payMethodOf[payType]);
    expect([...PAY_METHOD_ORDER].sort()).toEqual(Object.values(PayMethod).sort());
  });

  it('gives each method a distinct name that no gateway number or provider stands in for', () => {
    const names = Object.values(payMethodDisplayName);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).not.toMatch(/\d|Provider|Wallet|البوابة|رابط/);
  });
});
