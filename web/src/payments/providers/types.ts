/**
 * One interface per provider kind (ARCHITECTURE "Payment providers"): card fields, 3-D Secure, wallet,
 * redirect. The real adapters (Checkout.com Frames, Adyen Web) and the mock adapters (backed by the mock's
 * simulators) implement the same interfaces; configuration picks which run.
 */

export type CardProvider = 13 | 17;

/**
 * What a card-fields component hands out: the tokeniser's answer, never the number or the CVV. For
 * provider 13 a `tok_` token; for provider 17 Adyen's encrypted fields, sent as platform_data.
 */
export interface TokenisedCard {
  readonly token?: string;
  readonly platformData?: Readonly<Record<string, unknown>>;
  readonly bin: string;
  readonly last4: string;
  readonly scheme: string;
  /** MM/YY, the card's public expiry. */
  readonly cardValidDate?: string;
}

/** What a saved card's CVV becomes: a cvv token (provider 13) or an encrypted security code (provider 17). */
export interface TokenisedCvv {
  readonly cvvToken?: string;
  readonly platformData?: Readonly<Record<string, unknown>>;
}

export type Submitted<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly message: string };

/** Per-field validity a card-fields component reports, with the SPEC §5 message of an invalid field. */
export interface CardFieldsValidity {
  readonly valid: boolean;
  /**
   * Shown by the host under the fields, once the visitor touched them. An adapter that places each field's
   * message under its own field (the mock's) reports none here.
   */
  readonly messages: readonly string[];
}

export interface CardFieldsProps {
  readonly provider: CardProvider;
  /** The app's own holder-name field feeds the tokeniser; the component does not own it. */
  readonly holderName: string;
  readonly onValidity: (validity: CardFieldsValidity) => void;
  /** The component hands its submit function up once mounted (undefined when unmounted). */
  readonly bindSubmit: (submit: (() => Promise<Submitted<TokenisedCard>>) | undefined) => void;
  /**
   * Enter pressed in a field the provider draws in its own frame, which the host's form never hears: the host
   * submits as its pay button would (and only when that button is enabled). Native fields need none.
   */
  readonly onEnter?: (() => void) | undefined;
}

/** The public fields of the saved card whose CVV is asked: never a number or a CVV. */
export interface StoredCardRef {
  /** The provider's id of the stored card (Adyen's stored payment method, Checkout.com's src_ source). */
  readonly sourceId: string;
  readonly last4: string;
  /** visa, mastercard, amex… */
  readonly scheme: string;
  /** MM/YY. */
  readonly validDate: string;
}

export interface CvvFieldProps {
  readonly provider: CardProvider;
  readonly card: StoredCardRef;
  readonly onValidity: (validity: CardFieldsValidity) => void;
  readonly bindSubmit: (submit: (() => Promise<Submitted<TokenisedCvv>>) | undefined) => void;
  /**
   * Enter pressed in a field the provider draws in its own frame, which the host's form never hears: the host
   * submits as its pay button would (and only when that button is enabled). Native fields need none.
   */
  readonly onEnter?: (() => void) | undefined;
}

/** A 3-D Secure action of the order answer (contracts' PaymentActionSchema). */
export interface ThreeDsAction {
  readonly type: 'threeDS2' | 'redirect';
  readonly subtype?: 'challenge' | 'fingerprint' | undefined;
  readonly url?: string | undefined;
  readonly token?: string | undefined;
  readonly paymentData?: string | undefined;
}

/** How a 3-D Secure action ended; the app then asks the server, it never assumes. */
/** A 3-D Secure redirect whose address the trusted-host policy refused: the page stayed. */
export const REDIRECT_REFUSED = 'redirect refused';

export type ThreeDsOutcome =
  | { readonly kind: 'authentication'; readonly platformData: Readonly<Record<string, unknown>> }
  | { readonly kind: 'redirected' }
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'failed'; readonly reason: string };

export interface ThreeDsRun {
  readonly orderId: string;
  readonly action: ThreeDsAction;
  /** Where the challenge is shown (full screen, window size 05). */
  readonly container: HTMLElement;
  readonly signal: AbortSignal;
  /**
   * The adapter hands up how to open the bank's page again (the challenge frame loaded anew: a connection lost
   * under it left a browser's error page there), and undefined once the challenge ended. Optional: an adapter
   * that cannot reopen hands nothing, and the layer then offers its cancel only.
   */
  readonly bindReopen?: ((reopen: (() => void) | undefined) => void) | undefined;
}

export interface ThreeDsAdapter {
  run(run: ThreeDsRun): Promise<ThreeDsOutcome>;
}

/** Redirect providers: the hosted page, or the issuer page of RedirectShopper. */
export interface RedirectAdapter {
  /** Sends the page to `url`; false when the address is refused (told to the visitor) and the page stays. */
  go(url: string): boolean;
}

// ---------------------------------------------------------------- wallet: ApplePaySession's interface

export interface WalletPaymentRequest {
  readonly countryCode: string;
  readonly currencyCode: string;
  readonly supportedNetworks: readonly string[];
  readonly merchantCapabilities: readonly string[];
  readonly total: { readonly label: string; readonly amount: string };
}

export interface WalletValidateMerchantEvent {
  readonly validationURL: string;
}

export interface WalletPaymentToken {
  readonly paymentData: unknown;
  readonly transactionIdentifier?: string;
  readonly paymentMethod?: { readonly network?: string; readonly type?: string };
}

export interface WalletPaymentAuthorizedEvent {
  readonly payment: { readonly token: WalletPaymentToken };
}

/** The part of ApplePaySession the app uses; the mock sheet implements exactly this. */
export interface WalletSession {
  onvalidatemerchant: ((event: WalletValidateMerchantEvent) => void) | null;
  onpaymentauthorized: ((event: WalletPaymentAuthorizedEvent) => void) | null;
  oncancel: ((event: unknown) => void) | null;
  begin(): void;
  abort(): void;
  completeMerchantValidation(merchantSession: unknown): void;
  completePayment(result: number | { status: number }): void;
}

export interface WalletSessionConstructor {
  new (version: number, request: WalletPaymentRequest): WalletSession;
  canMakePayments(): boolean;
  readonly STATUS_SUCCESS: number;
  readonly STATUS_FAILURE: number;
}
