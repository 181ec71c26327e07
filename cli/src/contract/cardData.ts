import { findCardNumbers, replaceCardNumbers } from '@topup/contracts';

/**
 * Card data an answer must never carry (SPEC: card numbers and CVVs never leave the tokeniser), looked for in
 * the answer as it came, before the contract's schema strips the keys it does not know: a field named as a
 * card number, CVV or password with a value, or any string that is or holds a card number outside an
 * identifier or time field (`…id`, `…order`, `ts`, `…_at`, `…time`: a numeric order id or a timestamp may pass
 * Luhn by chance). A card number is what the project's one finder says (`findCardNumbers` of
 * @topup/contracts, as the web app and the mock): a Luhn-valid number however grouped, a CVV or expiry typed
 * in the same run of digits included. Each is reported at its dot path with the value masked, never printed.
 * The same detector masks every report (report/mask.ts) and recording (record/recorder.ts).
 */
const CARD_FIELD =
  /^(card_?(number|num|no)|pan|primary_account_number|cvv2?|cvc2?|cvn|(card_)?security_?code|password|passwd)$/;
/**
 * Identifier and time fields: a numeric order id, or a millisecond timestamp (`ts`, `…_at`, `…time`), passes
 * Luhn one time in ten by chance.
 */
const ID_FIELD = /(id|order|time|timestamp|date|(^|_)(ts|at))$/;
/** A CVV written in prose next to its name: `cvv 737`, `cvc=737`, `security code: 1234`. */
const CVV_IN_TEXT = /(?<![A-Za-z0-9])(cvv2?|cvc2?|cvn|csc|security[ _-]?code)(\s*[:=]?\s*)\d{3,4}(?![0-9])/gi;

/** A field name in snake case: `cardNumber`, `x-session-key` → `card_number`, `x_session_key`. */
export const snakeCase = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/-/g, '_')
    .toLowerCase();

export function maskCardNumber(digits: string): string {
  return `••••${digits.slice(-4)}`;
}

/** A field named as a card number, CVV or password (`cardNumber`, `cvc2`, `pan`). */
export function isCardField(key: string): boolean {
  return CARD_FIELD.test(snakeCase(key));
}

/** A field whose value is an identifier or a time: a number there is never taken for a card number. */
export function isIdField(key: string): boolean {
  return ID_FIELD.test(snakeCase(key));
}

/**
 * A text with every run of digits holding a card number (`findCardNumbers`) as its last four, what the run
 * holds beside the number (a CVV, an expiry) gone with it, and every CVV named in it as •••.
 */
export function maskCardDataIn(text: string): string {
  return replaceCardNumbers(text, (card) => maskCardNumber(card.last4)).replace(
    CVV_IN_TEXT,
    (_all, name: string, separator: string) => `${name}${separator}•••`,
  );
}

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
    const filled = (typeof value === 'string' && value.trim() !== '') || typeof value === 'number';
    if (filled && isCardField(key)) {
      found.push({
        field: path,
        message: `card data in the answer: a ${key} field with a value (${maskValue(String(value))}); an answer never carries card numbers, CVVs or passwords`,
      });
      return;
    }
    if (typeof value !== 'string' || isIdField(key)) return;
    const [card] = findCardNumbers(value);
    if (card !== undefined)
      found.push({
        field: path,
        message: `card data in the answer: a card number (${maskCardNumber(card.last4)}); an answer never carries card numbers`,
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
