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

// ------------------------------------------------------------------------------------ card numbers in text

/**
 * What separates a card number's groups as people type it: spaces of any width, dashes, dots, the Arabic
 * separators, underscores and invisible format marks (RLM, LRM, zero-width), up to three in a row
 * ("4242  4242", "4242 - 4242"). Any group sizes: "4242 42 4242…" is still one run.
 */
const SEPARATOR = String.raw`[\p{Zs}\p{Pd}\p{Cf}\t.\u00B7\u066B\u066C\u2027_]{0,3}`;
/**
 * Any other short run of what is neither a letter nor a digit (line breaks, the Arabic comma and semicolon,
 * "/ , : | * + ~", brackets, symbols, emoji) separates groups too ("4242،4242", "(4242)(4242)", one group a
 * line), but only between groups of three digits or more, as card numbers are grouped (4-4-4-4, 4-6-5). Dates,
 * times and amounts written with them keep shorter groups apart: "2026/11/27 10:30", "1,234,567".
 */
const WIDE_SEPARATOR = String.raw`(?<=\p{Nd}{3})[\p{P}\p{S}\p{Z}\p{Cc}\p{Cf}\p{M}]{1,4}(?=\p{Nd}{3})`;
const GAP = `(?:${WIDE_SEPARATOR}|${SEPARATOR})`;
/**
 * A whole run of 12 or more digits of any script (\p{Nd}: Arabic-Indic ٤٢, Persian ۴۲, full-width ４２, …),
 * groups and separators included. A run inside an ASCII identifier (a hex order id) is not a card number.
 */
const DIGIT_RUN = new RegExp(
  String.raw`(?<![A-Za-z\p{Nd}])\p{Nd}(?:${GAP}\p{Nd}){11,}(?![A-Za-z\p{Nd}])`,
  'gu',
);
const A_DIGIT = /^\p{Nd}$/u;
const TWELVE_DIGITS = new RegExp(String.raw`\p{Nd}(?:${GAP}\p{Nd}){11}`, 'u');

/** A cheap first look: text without 12 digits in a row (separators allowed) holds no card number. */
export function mayHoldCardNumber(text: string): boolean {
  return TWELVE_DIGITS.test(text);
}

/**
 * A digit of any script as 0–9. Unicode puts each script's digits in runs of ten from zero, runs that may
 * follow one another (the mathematical digits): the value is the distance from the run's start, modulo 10.
 */
function digitValue(digit: string): string {
  const code = digit.codePointAt(0) ?? 48;
  let start = code;
  while (start > 0 && code - start < 60 && A_DIGIT.test(String.fromCodePoint(start - 1))) start -= 1;
  return String((code - start) % 10);
}

/** A run's digits as ASCII, and where its groups begin and end (digit offsets: 0, each separator, the end). */
function digitsOfRun(run: string): { readonly digits: string; readonly bounds: ReadonlySet<number> } {
  let digits = '';
  const bounds = new Set<number>([0]);
  for (const char of run) {
    if (A_DIGIT.test(char)) digits += digitValue(char);
    else bounds.add(digits.length);
  }
  bounds.add(digits.length);
  return { digits, bounds };
}

/** Card numbers are 13 to 19 digits inside a longer run; 16 first, the length most cards have. */
const WINDOW_LENGTHS = [16, 19, 18, 17, 15, 14, 13] as const;
/**
 * The first digit of the cards people pay with here (ISO 7812's industry digit: 2 and 5 Mastercard, 4 Visa
 * and mada, 3 Amex, JCB and Diners, 6 Discover, UnionPay and mada); 0, 1, 7, 8 and 9 begin phone numbers,
 * IBANs' digits and references, rarely a card.
 */
const ISSUER_DIGIT = /^[2-6]/;
/** A CVV (3 digits, Amex 4) typed glued to the number. */
const GLUED_CODE = [3, 4] as const;

/**
 * The card number a run of digits holds, if any, beginning with an issuer's digit (`ISSUER_DIGIT`): the
 * whole run when it passes as one (12–19 digits, Luhn); else a 13–19-digit part that passes Luhn and sits
 * where a card number typed with its CVV or expiry would: beginning where the run or one of its groups
 * begins (or right after a 3–4-digit code glued before it), ending where one ends (or right before a code
 * glued after it). "4242424242424242 123", "4242 4242 4242 4242 123",
 * "123 4242…", "4242…4242123": each holds 4242424242424242; two phone numbers side by side hold none.
 */
function cardNumberOfRun(digits: string, bounds: ReadonlySet<number>): string | undefined {
  if (cardNumberValid(digits) && ISSUER_DIGIT.test(digits)) return digits;
  const startsHere = (s: number) => bounds.has(s) || GLUED_CODE.some((k) => s - k >= 0 && bounds.has(s - k));
  const endsHere = (e: number) => bounds.has(e) || GLUED_CODE.some((k) => bounds.has(e + k));
  for (const length of WINDOW_LENGTHS) {
    for (let s = 0; s + length <= digits.length; s += 1) {
      const e = s + length;
      if (length === digits.length || !ISSUER_DIGIT.test(digits[s] ?? '')) continue;
      // Both ends may not be glued codes at once: one edge is where the run or a group ends.
      const aligned = (bounds.has(s) && endsHere(e)) || (bounds.has(e) && startsHere(s));
      if (aligned && luhnValid(digits.slice(s, e))) return digits.slice(s, e);
    }
  }
  return undefined;
}

/**
 * A hex identifier: 32 or more hex digits, hyphens allowed between them (a UUID, the hex of a device id or an
 * order id), with a letter among them. Card numbers have no letters and none is 32 digits long, so the digits of
 * one (a UUID whose last group happens to be twelve digits passing Luhn) are no card number.
 */
const HEX_ID = /[0-9a-f](?:-?[0-9a-f]){31,}/gi;

/** `text` with each hex identifier covered by letters of the same length: its offsets kept, its digits unread. */
function withoutHexIdentifiers(text: string): string {
  return text.replace(HEX_ID, (id) => (/[a-f]/i.test(id) ? 'x'.repeat(id.length) : id));
}

/** A card number found in free text: its whole run of digits (UTF-16 offsets) and its first six and last four. */
export interface CardNumberInText {
  readonly start: number;
  readonly end: number;
  readonly bin: string;
  readonly last4: string;
}

/**
 * Every run of digits in `text` that holds a card number (`cardNumberOfRun`), whatever the script of its digits
 * and however it is grouped, outside hex identifiers (`HEX_ID`). The whole run is the finding: what is typed beside a card number in the same run
 * (its CVV, its expiry) is as secret as the number.
 */
export function findCardNumbers(text: string): CardNumberInText[] {
  const found: CardNumberInText[] = [];
  if (!mayHoldCardNumber(text)) return found;
  for (const match of withoutHexIdentifiers(text).matchAll(DIGIT_RUN)) {
    const { digits, bounds } = digitsOfRun(match[0]);
    const card = cardNumberOfRun(digits, bounds);
    if (card !== undefined)
      found.push({
        start: match.index,
        end: match.index + match[0].length,
        bin: card.slice(0, 6),
        last4: card.slice(-4),
      });
  }
  return found;
}

/** Whether `text` holds a card number anywhere (`findCardNumbers`). */
export function hasCardNumber(text: string): boolean {
  return findCardNumbers(text).length > 0;
}

/** `text` with each run holding a card number replaced by `replace`'s answer for it. */
export function replaceCardNumbers(text: string, replace: (card: CardNumberInText) => string): string {
  let out = '';
  let from = 0;
  for (const card of findCardNumbers(text)) {
    out += text.slice(from, card.start) + replace(card);
    from = card.end;
  }
  return out + text.slice(from);
}
