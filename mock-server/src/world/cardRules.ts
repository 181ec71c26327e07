import { cardMonthEnd } from '@topup/contracts';

/** Card rules the order book shares with the simulators: expiry at the card timezone, and fingerprints. */

/** MM/YY is expired once the end of that month (23:59:59 at UTC+3, SPEC §5) is past; unparseable is expired. */
export function cardExpiredAt(cardValidDate: string, now: Date): boolean {
  const match = /^(\d{2})\/(\d{2})$/.exec(cardValidDate);
  if (match === null) return true;
  const month = Number(match[1]) - 1;
  const year = 2000 + Number(match[2]);
  if (month < 0 || month > 11) return true;
  return cardMonthEnd({ year, month }).getTime() <= now.getTime();
}

/** Whether a month and a four-digit year are still usable at `now`. */
export function expiryUsable(month: number, year: number, now: Date): boolean {
  if (!Number.isInteger(month) || month < 1 || month > 12) return false;
  return cardMonthEnd({ year, month: month - 1 }).getTime() > now.getTime();
}

const schemeShort: Readonly<Record<string, string>> = { visa: 'visa', mastercard: 'mc', amex: 'amex' };

/**
 * The catalogue's style of fingerprint (TESTDATA's saved cards: fp_visa4242), from public fields: given only to
 * the catalogue's own numbers (ProviderVault.cardFingerprint), so a new payment with 4242… de-duplicates with
 * the saved src_visa4242 as the same real card would. Any other card's comes from its whole number.
 */
export function fingerprintOf(scheme: string, bin: string, last4: string): string {
  const short = schemeShort[scheme];
  return short === undefined ? `fp_${bin}${last4}` : `fp_${short}${last4}`;
}
