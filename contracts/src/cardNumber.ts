/** Card number rules shared by the catalogue, the web app's card fields and the mock (SPEC §5). Pure. */

export type CardScheme = 'visa' | 'mastercard' | 'amex' | 'unknown';

/** Spaces and dashes are how people type card numbers; they never change which card it is. */
export function normaliseCardNumber(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** The Luhn checksum of a string of digits; false for an empty string or any non-digit. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A card number the form accepts: 12 to 19 digits passing Luhn. */
export function cardNumberValid(digits: string): boolean {
  return /^\d{12,19}$/.test(digits) && luhnValid(digits);
}

/** Scheme by prefix: Visa 4; Mastercard 51-55 and 2221-2720; Amex 34 and 37; anything else unknown. */
export function detectScheme(digits: string): CardScheme {
  if (!/^\d+$/.test(digits)) return 'unknown';
  if (digits.startsWith('4')) return 'visa';
  if (/^3[47]/.test(digits)) return 'amex';
  const two = Number(digits.slice(0, 2));
  if (digits.length >= 2 && two >= 51 && two <= 55) return 'mastercard';
  const four = Number(digits.slice(0, 4));
  if (digits.length >= 4 && four >= 2221 && four <= 2720) return 'mastercard';
  return 'unknown';
}

/** Provider 17 accepts Visa and Mastercard only (SPEC §5). */
export function provider17Accepts(scheme: CardScheme): boolean {
  return scheme === 'visa' || scheme === 'mastercard';
}
