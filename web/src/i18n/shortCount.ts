import { formatCount } from './format';

/**
 * Counts shortened as SPEC §9 says: above 10,000 a live context (a room) writes them in units of ten
 * thousand, 'W' (万), and elsewhere in thousands, 'K', or millions, 'M', and (past SPEC, for a count no
 * package should have) billions, 'B', and trillions, 'T', so no count grows wider than a few characters.
 * One decimal at most, cut rather than rounded, so a count never reads as more than it is (19,999 is 19.9K,
 * not 20K). 10,000 and below, and anything that is not a whole count, are written in full.
 */
export type CountContext = 'live' | 'elsewhere';

export const SHORT_COUNT_ABOVE = 10_000;

/** The units elsewhere, largest first: a count is written in the largest it reaches. */
const UNITS: ReadonlyArray<readonly [unit: number, suffix: string]> = [
  [1_000_000_000_000, 'T'],
  [1_000_000_000, 'B'],
  [1_000_000, 'M'],
  [1_000, 'K'],
];

/** `value / unit` with at most one decimal, cut toward zero; a trailing .0 is dropped. */
function tenths(value: number, unit: number): string {
  const cut = Math.floor((value * 10) / unit) / 10;
  return String(cut);
}

export function shortCount(value: number, context: CountContext): string {
  if (!Number.isSafeInteger(value) || value <= SHORT_COUNT_ABOVE) return formatCount(value);
  if (context === 'live') return `${tenths(value, 10_000)}W`;
  const [unit, suffix] = UNITS.find(([size]) => value >= size) ?? [1_000, 'K'];
  return `${tenths(value, unit)}${suffix}`;
}
