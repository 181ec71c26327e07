import { randomBytes } from 'node:crypto';
import {
  cardMonthEnd,
  SAVED_CARD_SECURITY_CODE,
  type SavedCard,
  savedCardsOf10000001,
} from '@topup/contracts';
import type { World } from './world';

/** The bin of a wallet token (SPEC §5, §9). */
const WALLET_TOKEN_BIN = '000000';

/** A saved card's fields that may change after it is saved (update_card_source). */
export interface CardUpdate {
  readonly card_valid_date?: string | undefined;
  readonly is_remember?: boolean | undefined;
}

export type NewSavedCard = Omit<SavedCard, 'source_id' | 'last_use_at'> & { source_id?: string };

export type ExpiryCheck = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/**
 * Saved cards per signed-in user. Only token-derived data is kept (bin, last4, scheme, fingerprint, expiry):
 * never a card number or a CVV. A card belongs to its user alone: nothing is kept for a signed-out payer,
 * and a device id is no key to any card.
 */
export class CardVault {
  readonly #world: World;
  #cards: SavedCard[];
  readonly #securityCodes = new Map<string, string>();
  /** Saved cards locked after repeated wrong security codes: gone from the list, refused by source_id. */
  readonly #locked = new Set<string>();

  constructor(world: World) {
    this.#world = world;
    this.#cards = savedCardsOf10000001(world.clock.date());
  }

  /** Everything stored for the signed-in user, before the app's filtering; nothing when signed out. */
  list(uid: number | undefined): SavedCard[] {
    return this.#cards.filter((card) => ownsCard(card, uid)).map((card) => ({ ...card }));
  }

  bySourceId(sourceId: string): SavedCard | undefined {
    const card = this.#find(sourceId);
    return card === undefined ? undefined : { ...card };
  }

  /** The card, when the session's user owns it. */
  ownedBy(sourceId: string, uid: number | undefined): SavedCard | undefined {
    const card = this.#find(sourceId);
    return card !== undefined && ownsCard(card, uid) ? { ...card } : undefined;
  }

  /** Whether a source id is a saved card locked after repeated wrong security codes. */
  isLocked(sourceId: string): boolean {
    return this.#locked.has(sourceId);
  }

  /**
   * Locks the owner's saved card (every row of its fingerprint, duplicates included): the rows leave the list
   * and their source ids are refused from now on, so the card must be entered again as a new card.
   */
  lock(uid: number, fingerprint: string): void {
    this.#cards = this.#cards.filter((card) => {
      if (card.uid !== uid || card.fingerprint !== fingerprint) return true;
      this.#locked.add(card.source_id);
      this.#securityCodes.delete(card.source_id);
      return false;
    });
  }

  /**
   * Saves the card a payment succeeded with, for a signed-in payer only (uid 0 keeps nothing: undefined). The
   * same card (fingerprint) of the same owner is one row: saving it again refreshes that row.
   */
  save(card: NewSavedCard): SavedCard | undefined {
    if (card.uid === 0) return undefined;
    const now = this.#world.clock.nowSeconds();
    const existing = this.#cards.find((row) => row.fingerprint === card.fingerprint && row.uid === card.uid);
    if (existing !== undefined) {
      Object.assign(existing, storable(card, existing.source_id, now));
      return { ...existing };
    }
    const saved = storable(card, card.source_id ?? `src_${randomBytes(8).toString('hex')}`, now);
    this.#cards.push(saved);
    return { ...saved };
  }

  /**
   * Whether a security code (its digest) is the one the issuer holds for a saved card: the code it was saved
   * with, or SAVED_CARD_SECURITY_CODE for the seeded cards of 10000001.
   */
  securityCodeMatches(sourceId: string, digest: string): boolean {
    const expected =
      this.#securityCodes.get(sourceId) ?? this.#world.providers.codeDigest(SAVED_CARD_SECURITY_CODE);
    return expected === digest;
  }

  /** Whether a saved card takes SAVED_CARD_SECURITY_CODE (a seeded card of 10000001), not a code of its own. */
  takesTestCode(sourceId: string): boolean {
    return !this.#securityCodes.has(sourceId);
  }

  /** Keeps the issuer's digest of a saved card's security code (never the code). */
  rememberSecurityCode(sourceId: string, digest: string): void {
    this.#securityCodes.set(sourceId, digest);
  }

  /** A payment used the card now. */
  touch(sourceId: string): void {
    const card = this.#find(sourceId);
    if (card !== undefined) card.last_use_at = this.#world.clock.nowSeconds();
  }

  /** Changes the expiry and remember flag; the caller checks the owner and the expiry first. */
  update(sourceId: string, changes: CardUpdate): SavedCard | undefined {
    const card = this.#find(sourceId);
    if (card === undefined) return undefined;
    if (changes.card_valid_date !== undefined) card.card_valid_date = changes.card_valid_date;
    if (changes.is_remember !== undefined) card.is_remember = changes.is_remember ? 1 : 0;
    return { ...card };
  }

  /** Deletes the owner's cards with this fingerprint; answers how many went. */
  deleteByFingerprint(uid: number | undefined, fingerprint: string): number {
    const before = this.#cards.length;
    this.#cards = this.#cards.filter((card) => !(card.fingerprint === fingerprint && ownsCard(card, uid)));
    return before - this.#cards.length;
  }

  /**
   * A new expiry for a saved card (SPEC §5): MM/YY, not before the current month in the card timezone, and
   * not for a card the bank itself reports expired (a new date cannot revive it).
   */
  checkNewExpiry(card: SavedCard, cardValidDate: string): ExpiryCheck {
    // SPEC §5: bin 000000 is a wallet token, not a card; it has no card expiry to update.
    if (card.bin === WALLET_TOKEN_BIN) return { ok: false, reason: 'a wallet token is not a card' };
    if (card.is_bank_expire === 1) return { ok: false, reason: 'the bank reports this card expired' };
    const match = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(cardValidDate);
    if (match === null) return { ok: false, reason: 'expiry must be MM/YY' };
    const month = { year: 2000 + Number(match[2]), month: Number(match[1]) - 1 };
    if (cardMonthEnd(month).getTime() <= this.#world.clock.now()) {
      return { ok: false, reason: 'expiry is in the past' };
    }
    return { ok: true };
  }

  #find(sourceId: string): SavedCard | undefined {
    return this.#cards.find((card) => card.source_id === sourceId);
  }
}

/** Copies the saved card's own fields only, so nothing else a caller's object carries is ever kept. */
function storable(card: NewSavedCard, sourceId: string, lastUseAt: number): SavedCard {
  return {
    source_id: sourceId,
    last4: card.last4,
    bin: card.bin,
    to_uid: card.to_uid,
    scheme: card.scheme,
    fingerprint: card.fingerprint,
    issuer_country: card.issuer_country,
    card_valid_date: card.card_valid_date,
    is_bank_expire: card.is_bank_expire,
    h5_deviceid: card.h5_deviceid,
    is_remember: card.is_remember,
    last_use_at: lastUseAt,
    login: card.login,
    uid: card.uid,
  };
}

/** A signed-in user owns the cards saved under their uid; signed out, nobody owns any. */
function ownsCard(card: SavedCard, uid: number | undefined): boolean {
  return uid !== undefined && uid !== 0 && card.uid === uid;
}
