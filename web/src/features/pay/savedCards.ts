import type { SavedCard } from '@topup/contracts';
import { expiresSoon, isCardExpired } from '../../payments/providers/card/expiry';
import { shownName } from '../../ui/shownName';

/** Saved-card rules (SPEC §4, §5). */

export const WALLET_TOKEN_BIN = '000000';
export const SAVED_CARDS_SHOWN = 3;

/** A wallet token (bin 000000, e.g. source_id apple_pay) is not a card. */
export function isWalletToken(card: Pick<SavedCard, 'bin' | 'source_id'>): boolean {
  return card.bin === WALLET_TOKEN_BIN || card.source_id === 'apple_pay';
}

/** Remembered non-wallet cards, newest use first, one per fingerprint (the newest), at most 3. */
export function visibleSavedCards(items: readonly SavedCard[]): SavedCard[] {
  const seen = new Set<string>();
  const out: SavedCard[] = [];
  const sorted = items
    .filter((card) => card.is_remember === 1 && !isWalletToken(card))
    .sort((a, b) => b.last_use_at - a.last_use_at);
  for (const card of sorted) {
    if (seen.has(card.fingerprint)) continue;
    seen.add(card.fingerprint);
    out.push(card);
    if (out.length === SAVED_CARDS_SHOWN) break;
  }
  return out;
}

export type SavedCardStatus = 'usable' | 'expiresSoon' | 'expiredModifiable' | 'bankExpired';

/** A bank-reported expiry cannot be fixed by a new date; an expired date can. */
export function savedCardStatus(card: SavedCard, now: Date): SavedCardStatus {
  if (card.is_bank_expire === 1) return 'bankExpired';
  if (isCardExpired(card.card_valid_date, now)) return 'expiredModifiable';
  if (expiresSoon(card.card_valid_date, now)) return 'expiresSoon';
  return 'usable';
}

/** A card the visitor can pay with now (soon-expiring cards still pay). */
export function isUsable(card: SavedCard, now: Date): boolean {
  const status = savedCardStatus(card, now);
  return status === 'usable' || status === 'expiresSoon';
}

/**
 * After a delete (SPEC §4): keep the current card when it is still listed, else the first remembered card
 * usable for the item (payable now, through a card pay type the item offers: `offered`, undefined while the
 * item is unknown), else none (fall back to the payment channels).
 */
export function cardAfterDelete(
  remaining: readonly SavedCard[],
  current: string | undefined,
  now: Date,
  offered: readonly number[] | undefined,
): SavedCard | undefined {
  const kept = remaining.find((card) => card.source_id === current);
  if (kept !== undefined) return kept;
  return remaining.find(
    (card) => isUsable(card, now) && (offered === undefined || offered.includes(savedCardPayType(card))),
  );
}

/** Whether another remembered non-wallet card exists besides this one (expired-card popup, SPEC §4). */
export function hasAnotherCard(visible: readonly SavedCard[], sourceId: string): boolean {
  return visible.some((card) => card.source_id !== sourceId);
}

/** The provider a saved card belongs to: a src_ id marks one provider's card (SPEC §3). */
export function savedCardProvider(card: Pick<SavedCard, 'source_id'>): 13 | 17 {
  return card.source_id.startsWith('src_') ? 13 : 17;
}

/**
 * The pay type a saved card pays with: the card type of the provider that stored it (a src_ card is Checkout.com's,
 * 23; else 27), whatever card the gray rules give new cards: another provider cannot charge it.
 */
export function savedCardPayType(card: Pick<SavedCard, 'source_id'>): 23 | 27 {
  return savedCardProvider(card) === 13 ? 23 : 27;
}

/** The longest card scheme the page shows, in characters (the stored one is at most 32): a longer one is cut. */
export const SCHEME_MAX = 16;
/** What a scheme's name is spelt with: letters, their marks, spaces, and & . ' - (no digits, no bullets). */
const NOT_IN_A_SCHEME = /[^\p{L}\p{M}\s&.'-]/gu;
/** Letters written right to left (Hebrew, Arabic and their neighbours), which would draw the digits before them. */
const RIGHT_TO_LEFT = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;
/** Left-to-right mark: after a scheme spelt right to left, it keeps the masked digits to its right. */
const LRM = '\u200E';

/**
 * A card as the page names it: its scheme and its last four digits, «Visa •••• 4242». Both are the server's:
 * the scheme is shown as a name (ui/shownName: no bidirectional controls, which could reverse the digits
 * beside it, nor breaks; only a name's characters, so no made-up «•••• 1111» either; cut at SCHEME_MAX), and
 * last4 only when it is four digits, else the card is shown without them.
 */
export function maskedCard(card: Pick<SavedCard, 'last4' | 'scheme'>): string {
  const scheme =
    card.scheme === 'mastercard'
      ? 'Mastercard'
      : card.scheme === 'visa'
        ? 'Visa'
        : shownName(card.scheme.replace(NOT_IN_A_SCHEME, ''), SCHEME_MAX);
  const digits = /^\d{4}$/.test(card.last4) ? ` ${card.last4}` : '';
  if (scheme === '') return `••••${digits}`;
  return `${scheme}${RIGHT_TO_LEFT.test(scheme) ? LRM : ''} ••••${digits}`;
}
