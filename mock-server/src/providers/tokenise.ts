import {
  type CardScheme,
  cardBehaviourOf,
  cardNumberValid,
  detectScheme,
  normaliseCardNumber,
  provider17Accepts,
} from '@topup/contracts';
import { AdyenErrorCode, CheckoutErrorCode } from '@topup/contracts/simulators';
import { expiryUsable } from '../world/cardRules';
import type { TokenisedCard } from '../world/providerVault';

/**
 * The checks of the tokenisers, and the public part of a card they keep. The number and the security code
 * are only read here, to validate and to find the catalogue behaviour; neither leaves this module.
 */

export interface CardEntry {
  readonly number: string;
  readonly expiryMonth: number | string;
  readonly expiryYear: number | string;
  readonly cvv: string;
  readonly name: string;
}

export type CardCheck =
  | {
      readonly ok: true;
      readonly card: Omit<TokenisedCard, 'provider' | 'securityCodeDigest' | 'fingerprint'>;
    }
  | { readonly ok: false; readonly checkoutCodes: string[]; readonly adyenCode: string };

/** A security code of 3 digits, 4 for Amex (SPEC §5: 3 to 4 digits). */
export function securityCodeValid(code: string, scheme: CardScheme = 'unknown'): boolean {
  if (scheme === 'amex') return /^\d{4}$/.test(code);
  if (scheme === 'unknown') return /^\d{3,4}$/.test(code);
  return /^\d{3}$/.test(code);
}

/** Two-digit years are 20YY, as card forms take them. */
function fullYear(year: number): number {
  return year < 100 ? 2000 + year : year;
}

export function checkCard(entry: CardEntry, now: Date): CardCheck {
  const digits = normaliseCardNumber(entry.number);
  const scheme = detectScheme(digits);
  const month = Number(entry.expiryMonth);
  const year = fullYear(Number(entry.expiryYear));
  const checkoutCodes: string[] = [];
  let adyenCode: string | undefined;
  if (!cardNumberValid(digits)) {
    checkoutCodes.push(CheckoutErrorCode.numberInvalid);
    adyenCode ??= AdyenErrorCode.numberInvalid;
  }
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    checkoutCodes.push(CheckoutErrorCode.expiryMonthInvalid);
    adyenCode ??= AdyenErrorCode.expiryInvalid;
  } else if (!Number.isInteger(year) || year > 2100) {
    checkoutCodes.push(CheckoutErrorCode.expiryYearInvalid);
    adyenCode ??= AdyenErrorCode.expiryInvalid;
  } else if (!expiryUsable(month, year, now)) {
    checkoutCodes.push(CheckoutErrorCode.expired);
    adyenCode ??= AdyenErrorCode.expiryInvalid;
  }
  if (!securityCodeValid(entry.cvv, scheme)) {
    checkoutCodes.push(CheckoutErrorCode.cvvInvalid);
    adyenCode ??= AdyenErrorCode.cvcInvalid;
  }
  if (adyenCode !== undefined) return { ok: false, checkoutCodes, adyenCode };
  return {
    ok: true,
    card: {
      bin: digits.slice(0, 6),
      last4: digits.slice(-4),
      scheme,
      expiryMonth: month,
      expiryYear: year,
      name: entry.name,
      behaviour: cardBehaviourOf(digits),
    },
  };
}

/** Provider 17's form refuses any scheme but Visa and Mastercard before it encrypts anything. */
export function adyenAccepts(number: string): boolean {
  return provider17Accepts(detectScheme(normaliseCardNumber(number)));
}

const issuerNames: Readonly<Record<CardScheme, string>> = {
  visa: 'Mock Visa Bank',
  mastercard: 'Mock Mastercard Bank',
  amex: 'American Express',
  unknown: 'Mock Bank',
};

export const issuerOf = (scheme: CardScheme): string => issuerNames[scheme];
