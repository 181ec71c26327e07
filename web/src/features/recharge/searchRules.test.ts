import { describe, expect, it } from 'vitest';
import { canConfirmSearch, normaliseSearch } from './searchRules';

describe('target search', () => {
  it('keeps digits only, accepts Arabic-Indic digits, and confirms from 5 characters', () => {
    expect(normaliseSearch('١٠٠٠٠٠٠٢')).toBe('10000002');
    expect(normaliseSearch('۱۲a3-4')).toBe('1234');
    expect(normaliseSearch('1234567890123456')).toHaveLength(12);
    expect(canConfirmSearch('1234')).toBe(false);
    expect(canConfirmSearch('12345')).toBe(true);
  });
});
