import { luhnValid, testCards } from '@topup/contracts';

/**
 * Card numbers and CVVs never reach a report. Masked: any test card number of the catalogue (the
 * Luhn-failing one included), any Luhn-valid run of 13 to 19 digits (spaces or dashes allowed between
 * groups), and the value of any field named like a CVV or a card number.
 */
const KNOWN = new Set(testCards.map((card) => card.number));
const DIGIT_RUN = /\b\d(?:[ -]?\d){12,18}\b/g;
const SECRET_FIELD =
  /("?(?:cvv|cvc|cvv2|security_code|card_number|cardNumber|number|encryptedCardNumber|encryptedSecurityCode|password)"?\s*[:=]\s*"?)([^",}\s]+)/gi;

export function maskCardNumber(digits: string): string {
  return `••••${digits.slice(-4)}`;
}

export function maskSecrets(text: string): string {
  return text
    .replace(DIGIT_RUN, (run) => {
      const digits = run.replace(/[ -]/g, '');
      return KNOWN.has(digits) || (digits.length >= 13 && luhnValid(digits) && /^[2-6]/.test(digits))
        ? maskCardNumber(digits)
        : run;
    })
    .replace(
      SECRET_FIELD,
      (_m, key: string, value: string) =>
        `${key}${/^\d+$/.test(value) || /password/i.test(key) ? '•••' : value}`,
    );
}

/** Masks every string inside a value (for the JSON report). */
export function maskDeep<T>(value: T): T {
  return JSON.parse(maskSecrets(JSON.stringify(value))) as T;
}
