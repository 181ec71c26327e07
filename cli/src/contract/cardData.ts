import { luhnValid } from '@topup/contracts';
import { maskCardNumber, snakeCase } from '../report/mask';

/**
 * Card data an answer must never carry (SPEC: card numbers and CVVs never leave the tokeniser), looked for in
 * the answer as it came, before the contract's schema strips the keys it does not know: a field named as a
 * card number, CVV or password with a value, or any string that is a card number (13 to 19 digits, spaces
 * or dashes allowed, passing Luhn) outside an identifier field (`…id`, `…order`: a numeric order id may pass
 * Luhn by chance). Each is reported at its dot path with the value masked, never printed.
 */
const CARD_FIELD =
  /^(card_?(number|num|no)|pan|primary_account_number|cvv2?|cvc2?|cvn|(card_)?security_?code|password|passwd)$/;
const ID_FIELD = /(id|order)$/;

export interface CardDataFinding {
  readonly field: string;
  readonly message: string;
}

export function cardDataFindings(body: unknown): CardDataFinding[] {
  const found: CardDataFinding[] = [];
  const walk = (value: unknown, path: string, key: string) => {
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) walk(item, `${path}.${i}`, key);
      return;
    }
    if (value !== null && typeof value === 'object') {
      for (const [inner, v] of Object.entries(value))
        walk(v, path === '' ? inner : `${path}.${inner}`, inner);
      return;
    }
    const name = snakeCase(key);
    const filled = (typeof value === 'string' && value.trim() !== '') || typeof value === 'number';
    if (filled && CARD_FIELD.test(name)) {
      found.push({
        field: path,
        message: `card data in the answer: a ${key} field with a value (${maskValue(String(value))}); an answer never carries card numbers, CVVs or passwords`,
      });
      return;
    }
    if (typeof value !== 'string' || ID_FIELD.test(name)) return;
    const digits = value.replace(/[\s-]/g, '');
    if (/^\d{13,19}$/.test(digits) && luhnValid(digits))
      found.push({
        field: path,
        message: `card data in the answer: a card number (${maskCardNumber(digits)}); an answer never carries card numbers`,
      });
  };
  walk(body, '', '');
  return found;
}

/** A leaked value as a report may show it: a card number by its last four digits, anything else not at all. */
function maskValue(value: string): string {
  const digits = value.replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(digits) ? maskCardNumber(digits) : '•••';
}
