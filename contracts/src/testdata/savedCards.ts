import type { SavedCard } from '../entities';
import { CARD_TIMEZONE_OFFSET_HOURS } from '../flavors';
import { DisplayUid } from './accounts';

/**
 * The saved cards get_card_source lists for session sk-10000001 (any device id), before the app filters
 * them (TESTDATA "Saved cards of 10000001"). Dates are relative to the mock's now, in the card timezone.
 */

/**
 * The security code the issuer holds for each seeded saved card (TESTDATA is silent; the mock adds it). A card
 * saved during a run keeps the code it was paid with. A saved card paid with another code is declined as a
 * failed security code check (outcome verify), as a real provider declines it.
 */
export const SAVED_CARD_SECURITY_CODE = '123';

/** Days under which a card is flagged for an expiry update (SPEC §5). */
export const EXPIRY_WARNING_DAYS = 60;

/** What the app must do with each saved card. */
export type SavedCardTreatment =
  | 'listFirst'
  | 'offerUpdate'
  | 'bankExpired'
  | 'flagSoon'
  | 'hidden'
  | 'duplicateDropped'
  | 'notACard'
  | 'outsideThree';

/** Expiry relative to now: whole months from the current card-timezone month, or the soon rule. */
export type RelativeValidity = { readonly months: number } | { readonly expiresInDays: number };

export interface SavedCardRow {
  readonly source_id: string;
  readonly scheme: string;
  readonly bin: string;
  readonly last4: string;
  readonly fingerprint: string;
  readonly validity: RelativeValidity;
  readonly is_bank_expire: 0 | 1;
  readonly is_remember: 0 | 1;
  /** How long ago it was last used; the order follows the table, src_visa4242 newest, src_mc5454 oldest. */
  readonly last_used_hours_ago: number;
  readonly treatment: SavedCardTreatment;
}

const HOUR = 3600;
const DAY = 24 * HOUR;

const visa4242: SavedCardRow = {
  source_id: 'src_visa4242',
  scheme: 'visa',
  bin: '424242',
  last4: '4242',
  fingerprint: 'fp_visa4242',
  validity: { months: 30 },
  is_bank_expire: 0,
  is_remember: 1,
  last_used_hours_ago: 1,
  treatment: 'listFirst',
};

export const savedCardRows: readonly SavedCardRow[] = [
  visa4242,
  {
    source_id: 'src_mc4444',
    scheme: 'mastercard',
    bin: '555555',
    last4: '4444',
    fingerprint: 'fp_mc4444',
    validity: { months: -1 },
    is_bank_expire: 0,
    is_remember: 1,
    last_used_hours_ago: 24,
    treatment: 'offerUpdate',
  },
  {
    source_id: 'src_bank1699',
    scheme: 'visa',
    bin: '472411',
    last4: '1699',
    fingerprint: 'fp_bank1699',
    // The date still looks valid: only the bank's flag says the card is expired.
    validity: { months: 12 },
    is_bank_expire: 1,
    is_remember: 1,
    last_used_hours_ago: 2 * 24,
    treatment: 'bankExpired',
  },
  {
    source_id: 'src_soon0006',
    scheme: 'visa',
    bin: '421234',
    last4: '0006',
    fingerprint: 'fp_soon0006',
    validity: { expiresInDays: 30 },
    is_bank_expire: 0,
    is_remember: 1,
    last_used_hours_ago: 3 * 24,
    treatment: 'flagSoon',
  },
  {
    source_id: 'src_forgot',
    scheme: 'visa',
    bin: '411111',
    last4: '1111',
    fingerprint: 'fp_forgot1111',
    validity: { months: 24 },
    is_bank_expire: 0,
    is_remember: 0,
    last_used_hours_ago: 4 * 24,
    treatment: 'hidden',
  },
  // The same card saved again earlier: same fingerprint as src_visa4242, older.
  { ...visa4242, source_id: 'src_visa4242_old', last_used_hours_ago: 5 * 24, treatment: 'duplicateDropped' },
  {
    source_id: 'apple_pay',
    scheme: 'apple_pay',
    bin: '000000',
    last4: '0000',
    fingerprint: 'fp_apple_pay',
    validity: { months: 12 },
    is_bank_expire: 0,
    is_remember: 1,
    last_used_hours_ago: 6 * 24,
    treatment: 'notACard',
  },
  {
    source_id: 'src_mc5454',
    scheme: 'mastercard',
    bin: '545454',
    last4: '5454',
    fingerprint: 'fp_mc5454',
    validity: { months: 18 },
    is_bank_expire: 0,
    is_remember: 1,
    last_used_hours_ago: 90 * 24,
    treatment: 'outsideThree',
  },
];

/** The device id the mock stamps on these cards; get_card_source lists them for any device id. */
export const SAVED_CARDS_DEVICE_ID = 'h5-device-10000001';

interface CardMonth {
  readonly year: number;
  /** 0-11. */
  readonly month: number;
}

const cardClock = (now: Date): Date => new Date(now.getTime() + CARD_TIMEZONE_OFFSET_HOURS * HOUR * 1000);

const monthOf = (local: Date): CardMonth => ({ year: local.getUTCFullYear(), month: local.getUTCMonth() });

const addMonths = ({ year, month }: CardMonth, months: number): CardMonth => {
  const index = year * 12 + month + months;
  return { year: Math.floor(index / 12), month: ((index % 12) + 12) % 12 };
};

/** MM/YY of a card month. */
export const formatCardMonth = ({ year, month }: CardMonth): string =>
  `${String(month + 1).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;

/** The instant a card of this month expires: after 23:59:59 of its last day in the card timezone. */
export function cardMonthEnd({ year, month }: CardMonth): Date {
  const nextMonthStartLocal = Date.UTC(year, month + 1, 1);
  return new Date(nextMonthStartLocal - CARD_TIMEZONE_OFFSET_HOURS * HOUR * 1000);
}

/**
 * The MM/YY of a relative validity at `now`. "Expires in 30 days" is the month holding now + 30 days, or
 * the month before when that month would end 60 days or more away, so the card is always flagged.
 */
export function cardValidDateAt(validity: RelativeValidity, now: Date): string {
  if ('months' in validity) return formatCardMonth(addMonths(monthOf(cardClock(now)), validity.months));
  const target = monthOf(cardClock(new Date(now.getTime() + validity.expiresInDays * DAY * 1000)));
  const limit = now.getTime() + EXPIRY_WARNING_DAYS * DAY * 1000;
  const month = cardMonthEnd(target).getTime() >= limit ? addMonths(target, -1) : target;
  return formatCardMonth(month);
}

/** The saved cards of 10000001 as get_card_source sends them at `now`, in the table's order. */
export function savedCardsOf10000001(now: Date): SavedCard[] {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  return savedCardRows.map((row) => ({
    source_id: row.source_id,
    last4: row.last4,
    bin: row.bin,
    to_uid: 1001,
    scheme: row.scheme,
    fingerprint: row.fingerprint,
    issuer_country: 'SA',
    card_valid_date: cardValidDateAt(row.validity, now),
    is_bank_expire: row.is_bank_expire,
    h5_deviceid: SAVED_CARDS_DEVICE_ID,
    is_remember: row.is_remember,
    last_use_at: nowSeconds - row.last_used_hours_ago * HOUR,
    login: 1,
    uid: 1001,
  }));
}

/** The display id whose session lists these cards. */
export const SAVED_CARDS_OWNER = DisplayUid.reem;
