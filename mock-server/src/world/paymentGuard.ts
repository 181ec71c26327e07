import { SlidingWindows } from '../security/slidingWindows';
import type { Clock } from './clock';

/**
 * Card-testing defences, as a payment backend has them: order creation is counted over sliding
 * windows of elapsed time (`Clock.elapsed`) per account, device, card fingerprint and client address, and a saved card's
 * wrong security codes are counted so that the card is locked after a few. A reset builds a new World, and
 * with it a new guard.
 */

/** How many orders one key may create within a window. */
export interface VelocityLimit {
  readonly max: number;
  readonly windowMs: number;
}

export interface PaymentLimits {
  /** Per signed-in payer. */
  readonly account: VelocityLimit;
  /** Per h5_deviceid (a new one is free to make, so the address limit stands behind it). */
  readonly device: VelocityLimit;
  /** Per card fingerprint, new or saved: testing one stolen card from many devices or addresses. */
  readonly card: VelocityLimit;
  /** Per client address. */
  readonly address: VelocityLimit;
  /** Wrong security codes in a row that lock a saved card. */
  readonly securityCodeFailures: number;
}

/**
 * Generous for a person paying (a dozen orders a minute from one phone, five typos of a saved card's code),
 * far below what testing cards needs (the 1,000 codes of a CVV, or many stolen cards).
 */
export const DEFAULT_PAYMENT_LIMITS: PaymentLimits = {
  account: { max: 12, windowMs: 60_000 },
  device: { max: 12, windowMs: 60_000 },
  card: { max: 10, windowMs: 10 * 60_000 },
  address: { max: 60, windowMs: 60_000 },
  securityCodeFailures: 5,
};

/** What an order is counted under; an absent key (a signed-out payer, a wallet without a card) is skipped. */
export interface PaymentKeys {
  readonly account: number | undefined;
  readonly device: string;
  readonly card: string | undefined;
  readonly address: string;
}

/** Keys tracked at most per dimension; the stalest go first, so a flood of device ids cannot grow memory. */
const MAX_KEYS = 20_000;

export class PaymentGuard {
  readonly #clock: Clock;
  readonly #limits: PaymentLimits;
  readonly #windows: { readonly [K in keyof PaymentKeys]: SlidingWindows };
  /** Wrong security codes in a row, per saved card (owner and fingerprint). */
  readonly #wrongCodes = new Map<string, number>();
  readonly #maxKeys: number;

  constructor(clock: Clock, limits: PaymentLimits, maxKeys = MAX_KEYS) {
    this.#clock = clock;
    this.#limits = limits;
    this.#maxKeys = maxKeys;
    this.#windows = {
      account: new SlidingWindows(limits.account.max, limits.account.windowMs, maxKeys),
      device: new SlidingWindows(limits.device.max, limits.device.windowMs, maxKeys),
      card: new SlidingWindows(limits.card.max, limits.card.windowMs, maxKeys),
      address: new SlidingWindows(limits.address.max, limits.address.windowMs, maxKeys),
    };
  }

  /**
   * Counts one order creation; false (and nothing counted) when any of its keys is over its limit. Refused
   * attempts are not counted, so a flood does not keep a legitimate payer locked out past the window.
   */
  admit(keys: PaymentKeys): boolean {
    const now = this.#clock.elapsed();
    const entries = this.#entries(keys);
    if (!entries.every(([dimension, key]) => this.#windows[dimension].allows(key, now))) return false;
    for (const [dimension, key] of entries) this.#windows[dimension].add(key, now);
    return true;
  }

  /**
   * A wrong security code for a saved card; true when it is the one that locks the card. At most `maxKeys`
   * cards are counted: the one counted least recently is forgotten first, never the whole count (emptying it
   * when full would let a flood of keys start every card's count again).
   */
  recordWrongSecurityCode(card: string): boolean {
    const count = (this.#wrongCodes.get(card) ?? 0) + 1;
    this.#wrongCodes.delete(card);
    if (count >= this.#limits.securityCodeFailures) return true;
    // Map order is insertion order: re-inserted, this card is the newest, and the first key the stalest.
    if (this.#wrongCodes.size >= this.#maxKeys)
      this.#wrongCodes.delete(this.#wrongCodes.keys().next().value ?? '');
    this.#wrongCodes.set(card, count);
    return false;
  }

  /** The right code: the count of wrong ones starts again. */
  recordRightSecurityCode(card: string): void {
    this.#wrongCodes.delete(card);
  }

  #entries(keys: PaymentKeys): Array<[keyof PaymentKeys, string]> {
    const entries: Array<[keyof PaymentKeys, string]> = [['address', keys.address]];
    if (keys.device !== '') entries.push(['device', keys.device]);
    if (keys.account !== undefined) entries.push(['account', String(keys.account)]);
    if (keys.card !== undefined) entries.push(['card', keys.card]);
    return entries;
  }
}
