import { createHmac, randomBytes } from 'node:crypto';
import type { CardBehaviour, CardScheme } from '@topup/contracts';

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
}

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

export class ProviderVault {
  readonly #cardTokens = new Map<string, TokenisedCard>();
  readonly #encryptedCards = new Map<string, { card: TokenisedCard; fields: EncryptedCardFields }>();
  /** CVV tokens and encrypted security codes of saved-card payments: the code's digest until it is used. */
  readonly #securityCodes = new Map<string, string>();
  /** Key of the security code digests: random per world and kept in memory only, like an issuer's key. */
  readonly #issuerKey = randomBytes(32);
  readonly #threeDsSteps = new Map<string, ThreeDsStep>();
  readonly #threeDsResults = new Map<string, AuthenticationOutcome>();
  readonly #redirectResults = new Map<string, AuthenticationOutcome>();

  /** Checkout.com-style card token. */
  issueCardToken(card: TokenisedCard): string {
    const token = opaque('tok_');
    this.#cardTokens.set(token, card);
    return token;
  }

  /** A card token is single use, as Checkout.com's are. */
  takeCardToken(token: string): TokenisedCard | undefined {
    const card = this.#cardTokens.get(token);
    this.#cardTokens.delete(token);
    return card;
  }

  issueEncryptedCard(card: TokenisedCard): EncryptedCardFields {
    const fields: EncryptedCardFields = {
      encryptedCardNumber: opaque('adyenjs_mock_'),
      encryptedExpiryMonth: opaque('adyenjs_mock_'),
      encryptedExpiryYear: opaque('adyenjs_mock_'),
      encryptedSecurityCode: opaque('adyenjs_mock_'),
    };
    this.#encryptedCards.set(fields.encryptedCardNumber, { card, fields });
    return fields;
  }

  /** The card of a set of encrypted fields, when all four belong together; single use. */
  takeEncryptedCard(
    fields: { readonly [K in keyof EncryptedCardFields]?: string | undefined },
  ): TokenisedCard | undefined {
    if (fields.encryptedCardNumber === undefined) return undefined;
    const entry = this.#encryptedCards.get(fields.encryptedCardNumber);
    if (entry === undefined) return undefined;
    const matches =
      entry.fields.encryptedExpiryMonth === fields.encryptedExpiryMonth &&
      entry.fields.encryptedExpiryYear === fields.encryptedExpiryYear &&
      entry.fields.encryptedSecurityCode === fields.encryptedSecurityCode;
    if (!matches) return undefined;
    this.#encryptedCards.delete(fields.encryptedCardNumber);
    return entry.card;
  }

  /**
   * A keyed digest of a security code, so the simulated issuer can check a saved card's code later without
   * keeping the code itself (it is never stored, logged or journalled).
   */
  codeDigest(securityCode: string): string {
    return createHmac('sha256', this.#issuerKey).update(securityCode).digest('hex');
  }

  /** `cvv_…` (Checkout) or `adyenjs_mock_…` (Adyen stored card), standing for the code typed. */
  issueSecurityCode(prefix: 'cvv_' | 'adyenjs_mock_', securityCode: string): string {
    const token = opaque(prefix);
    this.#securityCodes.set(token, this.codeDigest(securityCode));
    return token;
  }

  /** The code's digest, once, for a security code token that was issued and not used yet. */
  takeSecurityCode(token: string): string | undefined {
    const digest = this.#securityCodes.get(token);
    this.#securityCodes.delete(token);
    return digest;
  }

  beginThreeDs(step: ThreeDsStep): string {
    const token = opaque(step.kind === 'challenge' ? 'challenge_mock_' : 'fingerprint_mock_');
    this.#threeDsSteps.set(token, step);
    return token;
  }

  threeDsStep(token: string): ThreeDsStep | undefined {
    return this.#threeDsSteps.get(token);
  }

  /** Ends a 3DS2 step with its outcome; the answer is the threeDSResult the app submits. */
  completeThreeDs(token: string, authenticated: boolean): string | undefined {
    const step = this.#threeDsSteps.get(token);
    if (step === undefined) return undefined;
    this.#threeDsSteps.delete(token);
    const result = opaque('threeds_mock_');
    this.#threeDsResults.set(result, { orderId: step.orderId, authenticated });
    return result;
  }

  takeThreeDsResult(result: string): AuthenticationOutcome | undefined {
    const outcome = this.#threeDsResults.get(result);
    this.#threeDsResults.delete(result);
    return outcome;
  }

  issueRedirectResult(orderId: string, authenticated: boolean): string {
    const result = opaque('redirect_mock_');
    this.#redirectResults.set(result, { orderId, authenticated });
    return result;
  }

  takeRedirectResult(result: string): AuthenticationOutcome | undefined {
    const outcome = this.#redirectResults.get(result);
    this.#redirectResults.delete(result);
    return outcome;
  }
}
