import { createHmac, randomBytes } from 'node:crypto';
import { type CardBehaviour, type CardScheme, normaliseCardNumber, testCards } from '@topup/contracts';
import { fingerprintOf } from './cardRules';

/**
 * What the provider simulators remember between a tokenising call and the order that uses its token: the
 * card's public fields and its catalogue behaviour, never the number or the CVV. It lives in the World, so a
 * reset forgets every token.
 */

export interface TokenisedCard {
  readonly provider: 13 | 17;
  readonly bin: string;
  readonly last4: string;
  readonly scheme: CardScheme;
  readonly expiryMonth: number;
  /** Four digits. */
  readonly expiryYear: number;
  readonly name: string;
  readonly behaviour: CardBehaviour;
  /** The issuer's keyed digest of the card's security code (see ProviderVault.codeDigest); never the code. */
  readonly securityCodeDigest: string;
  /** The card's fingerprint, from its whole number at tokenising time (ProviderVault.cardFingerprint). */
  readonly fingerprint: string;
}

/** The catalogue's numbers (TESTDATA "Cards"), whose fingerprints are the catalogue's style. */
const catalogueNumbers: ReadonlySet<string> = new Set(
  testCards.map((card) => normaliseCardNumber(card.number)),
);

/** Adyen's four encrypted fields of one card: an order must send them together. */
export interface EncryptedCardFields {
  readonly encryptedCardNumber: string;
  readonly encryptedExpiryMonth: string;
  readonly encryptedExpiryYear: string;
  readonly encryptedSecurityCode: string;
}

/** A 3DS2 step the shopper must go through for an order. */
export interface ThreeDsStep {
  readonly orderId: string;
  readonly kind: 'challenge' | 'fingerprint';
}

/** The outcome of a 3DS2 step or an issuer page, redeemed by submit_authentication_result / submit_payment_token. */
export interface AuthenticationOutcome {
  readonly orderId: string;
  readonly authenticated: boolean;
}

const opaque = (prefix: string): string => `${prefix}${randomBytes(12).toString('hex')}`;

/** Values behind opaque tokens, each taken once. */
class SingleUse<T> {
  readonly #values = new Map<string, T>();

  issue(prefix: string, value: T): string {
    const token = opaque(prefix);
    this.#values.set(token, value);
    return token;
  }

  peek(token: string): T | undefined {
    return this.#values.get(token);
  }

  take(token: string): T | undefined {
    const value = this.#values.get(token);
    this.#values.delete(token);
    return value;
  }
}

type OtherEncryptedFields = Omit<EncryptedCardFields, 'encryptedCardNumber'>;

export class ProviderVault {
  readonly #cardTokens = new SingleUse<TokenisedCard>();
  /** By encryptedCardNumber: the card and the three fields sent with it. */
  readonly #encryptedCards = new SingleUse<{ card: TokenisedCard; fields: OtherEncryptedFields }>();
  /** CVV tokens and encrypted security codes of saved-card payments: the code's digest until it is used. */
  readonly #securityCodes = new SingleUse<string>();
  /** Key of the security code digests: random per world and kept in memory only, like an issuer's key. */
  readonly #issuerKey = randomBytes(32);
  /** Key of the card fingerprints: random per world, in memory only. */
  readonly #fingerprintKey = randomBytes(32);
  readonly #threeDsSteps = new SingleUse<ThreeDsStep>();
  readonly #threeDsResults = new SingleUse<AuthenticationOutcome>();
  readonly #redirectResults = new SingleUse<AuthenticationOutcome>();

  /** Checkout.com-style card token. */
  issueCardToken(card: TokenisedCard): string {
    return this.#cardTokens.issue('tok_', card);
  }

  /** A card token is single use, as Checkout.com's are. */
  takeCardToken(token: string): TokenisedCard | undefined {
    return this.#cardTokens.take(token);
  }

  issueEncryptedCard(card: TokenisedCard): EncryptedCardFields {
    const fields: OtherEncryptedFields = {
      encryptedExpiryMonth: opaque('adyenjs_mock_'),
      encryptedExpiryYear: opaque('adyenjs_mock_'),
      encryptedSecurityCode: opaque('adyenjs_mock_'),
    };
    return { encryptedCardNumber: this.#encryptedCards.issue('adyenjs_mock_', { card, fields }), ...fields };
  }

  /** The card of a set of encrypted fields, when all four belong together; single use. */
  takeEncryptedCard(
    fields: { readonly [K in keyof EncryptedCardFields]?: string | undefined },
  ): TokenisedCard | undefined {
    if (fields.encryptedCardNumber === undefined) return undefined;
    const entry = this.#encryptedCards.peek(fields.encryptedCardNumber);
    if (entry === undefined) return undefined;
    const matches =
      entry.fields.encryptedExpiryMonth === fields.encryptedExpiryMonth &&
      entry.fields.encryptedExpiryYear === fields.encryptedExpiryYear &&
      entry.fields.encryptedSecurityCode === fields.encryptedSecurityCode;
    if (!matches) return undefined;
    return this.#encryptedCards.take(fields.encryptedCardNumber)?.card;
  }

  /**
   * A keyed digest of a security code, so the simulated issuer can check a saved card's code later without
   * keeping the code itself (it is never stored, logged or journalled).
   */
  codeDigest(securityCode: string): string {
    return createHmac('sha256', this.#issuerKey).update(securityCode).digest('hex');
  }

  /**
   * A card's fingerprint from its whole number, as a provider's is: two cards sharing a bin and last four
   * are two cards (a stranger's card cannot exhaust another's velocity limit, nor pass as it). The number is
   * not kept: a keyed digest (the key random per world, in memory). A catalogue number keeps the catalogue's
   * style (fp_visa4242), so paying with 4242… is the same card as TESTDATA's saved src_visa4242.
   */
  cardFingerprint(
    number: string,
    card: { readonly scheme: string; readonly bin: string; readonly last4: string },
  ): string {
    const digits = normaliseCardNumber(number);
    if (catalogueNumbers.has(digits)) return fingerprintOf(card.scheme, card.bin, card.last4);
    return `fp_${createHmac('sha256', this.#fingerprintKey).update(digits).digest('hex').slice(0, 32)}`;
  }

  /** `cvv_…` (Checkout) or `adyenjs_mock_…` (Adyen stored card), standing for the code typed. */
  issueSecurityCode(prefix: 'cvv_' | 'adyenjs_mock_', securityCode: string): string {
    return this.#securityCodes.issue(prefix, this.codeDigest(securityCode));
  }

  /** The code's digest, once, for a security code token that was issued and not used yet. */
  takeSecurityCode(token: string): string | undefined {
    return this.#securityCodes.take(token);
  }

  beginThreeDs(step: ThreeDsStep): string {
    return this.#threeDsSteps.issue(
      step.kind === 'challenge' ? 'challenge_mock_' : 'fingerprint_mock_',
      step,
    );
  }

  threeDsStep(token: string): ThreeDsStep | undefined {
    return this.#threeDsSteps.peek(token);
  }

  /** Ends a 3DS2 step with its outcome; the answer is the threeDSResult the app submits. */
  completeThreeDs(token: string, authenticated: boolean): string | undefined {
    const step = this.#threeDsSteps.take(token);
    if (step === undefined) return undefined;
    return this.#threeDsResults.issue('threeds_mock_', { orderId: step.orderId, authenticated });
  }

  takeThreeDsResult(result: string): AuthenticationOutcome | undefined {
    return this.#threeDsResults.take(result);
  }

  issueRedirectResult(orderId: string, authenticated: boolean): string {
    return this.#redirectResults.issue('redirect_mock_', { orderId, authenticated });
  }

  takeRedirectResult(result: string): AuthenticationOutcome | undefined {
    return this.#redirectResults.take(result);
  }
}
