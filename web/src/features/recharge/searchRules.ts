import { digitsOnly } from '../../platform/digits';

/** The search field's rules (SPEC §2, §5): what it keeps of typed text and when it may be confirmed. */

export const SEARCH_MIN_LENGTH = 5;
export const SEARCH_MAX_LENGTH = 12;

/** What the search field keeps of typed text: digits (Arabic-Indic accepted), at most 12. */
export function normaliseSearch(text: string): string {
  return digitsOnly(text).slice(0, SEARCH_MAX_LENGTH);
}

export function canConfirmSearch(text: string): boolean {
  return text.length >= SEARCH_MIN_LENGTH;
}
