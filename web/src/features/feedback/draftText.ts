import { hasCardNumber, replaceCardNumbers } from '@topup/contracts/cardNumber';

/**
 * An expiry as typed beside a card number (12/30, 1-2030, ٠١/٣٠), digits of any script; not part of a longer
 * date (2026/11/27) nor an amount (4.99).
 */
const EXPIRY = /(?<![\p{Nd}/-])\p{Nd}{1,2} ?[/-] ?\p{Nd}{2,4}(?![\p{Nd}/-])/gu;
/** A CVV (3 digits, Amex 4) standing alone: not part of a longer number, an identifier or an amount (1,234, 4.99). */
const CODE = /(?<![\p{Nd}A-Za-z.,])\p{Nd}{3,4}(?![\p{Nd}A-Za-z]|[.,]\p{Nd})/gu;

/**
 * The text of a feedback draft as it may be kept in the tab's storage (undefined: none). A card number typed in
 * it (with the CVV or expiry in the same run of digits: contracts/cardNumber.ts) is never kept, and neither
 * is its expiry or CVV typed apart from it («بطاقتي 4242… انتهاء 12/30 والرمز 123»): a draft that held a
 * card number keeps no expiry-like nor 3–4-digit number at all, since any of them may be one. What is left is
 * never read again as a card number; were it, nothing is kept.
 */
export function keptDraftText(text: string): string | undefined {
  if (!hasCardNumber(text)) return text.trim() === '' ? undefined : text;
  const kept = replaceCardNumbers(text, () => '')
    .replace(EXPIRY, '')
    .replace(CODE, '');
  return kept.trim() !== '' && !hasCardNumber(kept) ? kept : undefined;
}
