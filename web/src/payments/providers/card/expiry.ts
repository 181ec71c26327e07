/**
 * Card expiry rules (SPEC §5): MM/YY or MMYY typed, cut to 5 characters, normalised to MM/YY. Months are read
 * in the card timezone (UTC+3); a card is expired once that month's last second (23:59:59) has passed there.
 */

import { BUILD_FLAVOR, timezoneOffsetMs } from '@topup/contracts/flavors';

/** The build flavor's timezone (ksa: UTC+3, SPEC §9's table). */
export const CARD_TIMEZONE_OFFSET_MS = timezoneOffsetMs(BUILD_FLAVOR);
/** SPEC §5: 60*24*3600 seconds, i.e. 60 days (not the ~1440-day misreading). */
export const EXPIRY_WARNING_MS = 60 * 24 * 3600 * 1000;

export interface CardMonth {
  readonly year: number;
  /** 1-12. */
  readonly month: number;
}

export type ExpiryParse =
  | { readonly ok: true; readonly value: string; readonly month: CardMonth; readonly valid: boolean }
  /**
   * Unparseable (SPEC §5's bad date format). `badMonth`: two digits, a slash and two digits, with a month
   * outside 01-12, which the visitor is told apart from a malformed value.
   */
  | { readonly ok: false; readonly error: 'badDateFormat'; readonly value: string; readonly badMonth?: true };

const ARABIC_INDIC = /[\u0660-\u0669\u06f0-\u06f9]/g;

/** Arabic-Indic and Persian digits typed on an Arabic keyboard read as ASCII digits. */
export function asciiDigits(input: string): string {
  return input.replace(ARABIC_INDIC, (d) => String((d.codePointAt(0) ?? 0) & 0xf));
}

/** The current month in the card timezone. */
export function currentCardMonth(now: Date): CardMonth {
  const local = new Date(now.getTime() + CARD_TIMEZONE_OFFSET_MS);
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1 };
}

/** The instant a card month ends: 23:59:59.999 of its last day at UTC+3, as a UTC timestamp. */
export function cardMonthEndMs({ year, month }: CardMonth): number {
  return Date.UTC(year, month, 1) - CARD_TIMEZONE_OFFSET_MS - 1;
}

/** What the field shows while typing: digits with a slash after the month, at most 5 characters. */
export function formatExpiryInput(input: string): string {
  const digits = asciiDigits(input).replace(/\D/g, '').slice(0, 4);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** Parses a typed expiry. Valid means not before the current card month (the minimum expiry). */
export function parseExpiry(input: string, now: Date): ExpiryParse {
  const cut = asciiDigits(input).trim().slice(0, 5);
  const match = /^(\d{2})\/?(\d{2})$/.exec(cut);
  if (match === null) return { ok: false, error: 'badDateFormat', value: cut };
  const month = Number(match[1]);
  const yy = Number(match[2]);
  if (month < 1 || month > 12) return { ok: false, error: 'badDateFormat', value: cut, badMonth: true };
  const value = `${match[1]}/${match[2]}`;
  const cardMonth = { year: 2000 + yy, month };
  return { ok: true, value, month: cardMonth, valid: !isBeforeMonth(cardMonth, currentCardMonth(now)) };
}

function isBeforeMonth(a: CardMonth, b: CardMonth): boolean {
  return a.year < b.year || (a.year === b.year && a.month < b.month);
}

/** The month of a stored MM/YY, or undefined when it is not one. */
export function cardMonthOf(validDate: string): CardMonth | undefined {
  const match = /^(\d{2})\/(\d{2})$/.exec(validDate);
  if (match === null) return undefined;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return undefined;
  return { year: 2000 + Number(match[2]), month };
}

/** Expired once now is past the end of the card month (read at +3 h). An unreadable date counts as expired. */
export function isCardExpired(validDate: string, now: Date): boolean {
  const month = cardMonthOf(validDate);
  return month === undefined || now.getTime() > cardMonthEndMs(month);
}

/**
 * A card a provider's own fields let through whose known date has passed by `now` (the server's): those fields
 * judge by the device's clock. An unknown or unreadable date is left to the provider.
 */
export function knownExpired(validDate: string | undefined, now: Date): boolean {
  return validDate !== undefined && cardMonthOf(validDate) !== undefined && isCardExpired(validDate, now);
}

/** Not expired yet, but expiring within 60 days: the card is flagged for an expiry update. */
export function expiresSoon(validDate: string, now: Date): boolean {
  const month = cardMonthOf(validDate);
  if (month === undefined) return false;
  const left = cardMonthEndMs(month) - now.getTime();
  return left >= 0 && left < EXPIRY_WARNING_MS;
}
