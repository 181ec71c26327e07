import { type CardScheme, detectScheme, hasCardNumber, luhnValid } from '@topup/contracts/cardNumber';
import { pt } from '../../../i18n/pay';
import { asciiDigits, parseExpiry } from './expiry';

/** Card form rules (SPEC §5). The number and CVV checked here never leave the card-fields component. */

export type FieldName = 'number' | 'cvv' | 'expiry' | 'holder';
export type FieldState = { readonly ok: true } | { readonly ok: false; readonly message: string };

const FIELD_LABEL: Readonly<Record<FieldName, string>> = {
  number: pt('pay.cardNumber'),
  cvv: pt('pay.cvv'),
  expiry: pt('pay.validity'),
  holder: pt('pay.holderName'),
};

const OK: FieldState = { ok: true };
const empty = (field: FieldName): FieldState => ({
  ok: false,
  message: pt('pay.pleaseFill', { input: FIELD_LABEL[field] }),
});
const incorrect = (field: FieldName): FieldState => ({
  ok: false,
  message: pt('pay.filledIncorrectly', { input: FIELD_LABEL[field] }),
});

/** Digits of a typed card number: spaces and dashes dropped, Arabic-Indic digits read as ASCII. */
export function cardDigits(input: string): string {
  return asciiDigits(input).replace(/[\s-]/g, '');
}

/** Schemes a provider's card form takes: provider 17 only Visa and Mastercard (SPEC §5). */
export function schemeAccepted(scheme: CardScheme, provider: 13 | 17): boolean {
  if (provider === 17) return scheme === 'visa' || scheme === 'mastercard';
  return scheme !== 'unknown';
}

export function validateNumber(input: string, provider: 13 | 17): FieldState {
  const digits = cardDigits(input);
  if (digits === '') return empty('number');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) return incorrect('number');
  if (!schemeAccepted(detectScheme(digits), provider))
    return { ok: false, message: pt('pay.schemeNotAccepted') };
  return OK;
}

/** A saved card's scheme name as a known scheme ('mc' is Adyen's name for Mastercard); anything else unknown. */
export function cardSchemeOf(name: string): CardScheme {
  const lower = name.toLowerCase();
  if (lower === 'mc') return 'mastercard';
  return lower === 'visa' || lower === 'mastercard' || lower === 'amex' ? lower : 'unknown';
}

/** Amex codes are 4 digits, the others 3; the rule accepts 3 to 4 and the message names the usual length. */
export function cvvLengthFor(scheme: CardScheme): string {
  if (scheme === 'amex') return '4';
  if (scheme === 'unknown') return '3-4';
  return '3';
}

export function validateCvv(input: string, scheme: CardScheme = 'unknown'): FieldState {
  const cvv = asciiDigits(input);
  if (cvv === '') return empty('cvv');
  // A known scheme has one length (Amex 4, the others 3), as its tokeniser checks; unknown takes 3 or 4.
  const pattern = scheme === 'amex' ? /^\d{4}$/ : scheme === 'unknown' ? /^\d{3,4}$/ : /^\d{3}$/;
  if (!pattern.test(cvv))
    return { ok: false, message: pt('pay.cvvIncorrect', { length: cvvLengthFor(scheme) }) };
  return OK;
}

/**
 * The one rule for a typed expiry, the new card's field and the saved card's update popup alike: a month outside
 * 01-12, a month already passed and a malformed value are each told as such.
 */
export function validateExpiry(input: string, now: Date): FieldState {
  if (input.trim() === '') return empty('expiry');
  const parsed = parseExpiry(input, now);
  if (parsed.ok) return parsed.valid ? OK : { ok: false, message: pt('pay.expiryPassed') };
  return { ok: false, message: pt(parsed.badMonth === true ? 'pay.badExpiryMonth' : 'pay.badDateFormat') };
}

/** Emoji, symbols and punctuation other than the apostrophe, dot and hyphen of real names are stripped. */
export function cleanHolderName(input: string): string {
  return input
    .replace(/\p{Extended_Pictographic}|\p{S}|\u200d|\ufe0f|\u20e3/gu, '')
    .replace(/[^\p{L}\p{M}\p{N}\s'.-]/gu, '')
    .replace(/\s+/g, ' ');
}

/**
 * SPEC §5's holder name rules, and no card number in it (contracts' `hasCardNumber`, its CVV beside it
 * included): a number typed in the wrong field would otherwise be sent as the name, in the order's URL.
 */
export function validateHolder(input: string): FieldState {
  const name = cleanHolderName(input).trim();
  if (name === '') return empty('holder');
  if (name.length >= 255) return incorrect('holder');
  if (hasCardNumber(name)) return { ok: false, message: pt('pay.holderCardNumber') };
  return OK;
}
