import { describe, expect, it } from 'vitest';
import { canConfirmSearch, normaliseSearch } from './searchRules';

describe('target search', () => {
  // SPEC §5: a user id is digits only, of a bounded length. What is typed keeps its digits (Arabic-Indic and
  // Persian ones made Western) and nothing else, and never more than 12 of them.
  it('@spec:rule.uidDigits keeps digits only, at most 12 of them', () => {
    expect(normaliseSearch('١٠٠٠٠٠٠٢')).toBe('10000002');
    expect(normaliseSearch('۱۲a3-4')).toBe('1234');
    expect(normaliseSearch(' +1e3 0x10 ')).toBe('13010');
    expect(normaliseSearch('abc')).toBe('');
    expect(normaliseSearch('1234567890123456')).toBe('123456789012');
  });

  it('@spec:rule.searchMin confirms from 5 characters', () => {
    expect(canConfirmSearch('1234')).toBe(false);
    expect(canConfirmSearch('12345')).toBe(true);
    expect(canConfirmSearch(normaliseSearch('12a34'))).toBe(false);
  });
});
