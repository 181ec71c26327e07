import { formatCount } from './format';

/**
 * Counts shortened as SPEC §9 says: above 10,000 a live context (a room) writes them in units of ten
 * thousand, 'W' (万), and elsewhere in thousands, 'K', or millions, 'M'. One decimal at most, cut rather
 * than rounded, so a count never reads as more than it is (19,999 is 19.9K, not 20K). 10,000 and below,
 * and anything that is not a whole count, are written in full.
 */
export type CountContext = 'live' | 'elsewhere';

export const SHORT_COUNT_ABOVE = 10_000;

/** `value / unit` with at most one decimal, cut toward zero; a trailing .0 is dropped. */
function tenths(value: number, unit: number): string {
  const cut = Math.floor((value * 10) / unit) / 10;
  return String(cut);
}

export function shortCount(value: number, context: CountContext): string {
  if (!Number.isSafeInteger(value) || value <= SHORT_COUNT_ABOVE) return formatCount(value);
  if (context === 'live') return `${tenths(value, 10_000)}W`;
  return value >= 1_000_000 ? `${tenths(value, 1_000_000)}M` : `${tenths(value, 1_000)}K`;
}
