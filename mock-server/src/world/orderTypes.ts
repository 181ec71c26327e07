import {
  type AdyenResultCode,
  type CardBehaviour,
  Message,
  type OrderKind,
  type OrderPlatformData,
  type PayType,
  ServerCode,
  type WalletTokenOutcome,
} from '@topup/contracts';

/** The shapes of the order book: an order, what creates one, and a refusal. */

export type OrderStatus = 'created' | 'pending' | 'paid' | 'failed';
export type OrderPurpose = 'coin' | 'fine';

/** The card an order is paid with: public fields only, and the catalogue behaviour that decides it. */
export interface OrderCard {
  readonly bin: string;
  readonly last4: string;
  readonly scheme: string;
  readonly cardValidDate: string;
  readonly name: string;
  readonly remember: boolean;
  readonly behaviour: CardBehaviour;
  /** The card's fingerprint: one real card, whichever token or saved row it came as (velocity, locks). */
  readonly fingerprint: string;
  /** Set when paid with a saved card. */
  readonly savedSourceId: string | undefined;
  /** A saved card's security code as the issuer checked it; undefined for a new card. */
  readonly securityCode: 'right' | 'wrong' | undefined;
  /** A new card's security code digest, kept with the card if it is saved (see ProviderVault.codeDigest). */
  readonly securityCodeDigest: string | undefined;
}

export type PaymentAction = NonNullable<OrderPlatformData['action']>;

export interface Order {
  readonly id: string;
  readonly purpose: OrderPurpose;
  readonly kind: OrderKind;
  readonly payType: PayType;
  readonly rechargeId: string;
  readonly amount: number;
  readonly coin: number;
  readonly toUid: number;
  readonly fineId: number | undefined;
  /** 0 when not signed in. */
  readonly payerUid: number;
  readonly deviceId: string;
  /** The x-cli-id of the client that created it, when it sent one. */
  readonly clientId: string | undefined;
  readonly pageViewId: string | undefined;
  readonly createdAt: number;
  /** Where the issuer and hosted pages send the visitor back. */
  readonly returnUrl: string;
  readonly card: OrderCard | undefined;
  url: string;
  /** Provider 13's 3-D Secure step, while the shopper is on its page (see OrderBook.checkoutThreeDs). */
  checkoutThreeDs:
    | { readonly token: string; readonly kind: 'challenge' | 'identify' | 'redirect' }
    | undefined;
  status: OrderStatus;
  resultCode: AdyenResultCode | undefined;
  refusalReasonCode: string | undefined;
  action: PaymentAction | undefined;
  errCode: string;
  errSummary: string;
  failReason: string;
  failDetail: string;
  /** The saved card of the order once paid (new cards are saved on success). */
  sourceId: string;
  /**
   * A pending wallet payment: polls answering -1 before it settles as the token says. `tokenDigest` (a hash,
   * never the token) tells the same token sent again from another one.
   */
  wallet:
    | { pollsLeft: number; readonly outcome: WalletTokenOutcome; readonly tokenDigest: string }
    | undefined;
}

/** What the app sent about the payment method, as create_coin_pay and create_fine_pay carry it. */
export interface PaymentFields {
  readonly token?: string | undefined;
  readonly cvvToken?: string | undefined;
  readonly sourceId?: string | undefined;
  readonly platformData?: Record<string, unknown> | undefined;
  readonly isRemember?: boolean | undefined;
  readonly cardValidDate?: string | undefined;
  readonly name?: string | undefined;
}

export interface NewOrder {
  readonly purpose: OrderPurpose;
  readonly kind: OrderKind;
  readonly payType: PayType;
  readonly rechargeId: string;
  readonly amount: number;
  readonly coin: number;
  readonly toUid: number;
  readonly fineId?: number | undefined;
  readonly payerUid: number;
  readonly deviceId: string;
  /** The client address the order came from (velocity limits). */
  readonly address: string;
  /** The x-cli-id of the creating client: with the payer, who may read or cancel the order. */
  readonly clientId?: string | undefined;
  readonly pageViewId?: string | undefined;
  /** The page origin, for the return URLs of the issuer and hosted pages. */
  readonly origin: string;
  readonly payment: PaymentFields;
  /** The X-CLI-RID, already scoped to the payer's session or device (see handlers/orders.ts). */
  readonly requestId?: string | undefined;
  /** The request's parameters in a canonical form: the same X-CLI-RID with others is refused. */
  readonly fingerprint: RequestFingerprint;
}

/**
 * An order request in canonical form: its intent (the order's public fields) and its payment (the card's
 * single-use tokens and details; '' when the request carries none).
 */
export interface RequestFingerprint {
  readonly intent: string;
  readonly payment: string;
}

/**
 * Whether a request with a used X-CLI-RID asks for that id's order: the same intent with the same payment
 * (a retry), or with no payment at all (a page that reloaded while the answer was lost keeps the id and the
 * intent, never a card's tokens). Anything else is another request under a used id.
 */
export function replays(earlier: RequestFingerprint, request: RequestFingerprint): boolean {
  return earlier.intent === request.intent && (request.payment === '' || request.payment === earlier.payment);
}

export type Refusal = { readonly ok: false; readonly result: number; readonly message?: string };
export type OrderOutcome = { readonly ok: true; readonly order: Order } | Refusal;

export const refusal = (result: number, message?: string): Refusal =>
  message === undefined ? { ok: false, result } : { ok: false, result, message };

export const invalid = (field: string, why: string): Refusal =>
  refusal(ServerCode.invalidParam, `${Message.invalidParam}: ${field}: ${why}`);
