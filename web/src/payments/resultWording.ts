import { Message, type PayType, payTypeInfo } from '@topup/contracts';
import type { PayKey } from '../i18n/pay';
import type { ResultButton, ResultPanel } from './outcome';

/**
 * A result's words as the method paid with allows: "try another card" only where a card was used (issue 26:
 * every message from what the page knows). The pay step's result panel and the fine's failed ending both use
 * this one rule.
 */

/**
 * What the visitor paid with, as a result's words need it: a card (the page's card fields, a saved card, a
 * provider's card page such as mada's, or an in-page wallet, whose sheet pays with a card held in it: SPEC §8's
 * wallet wording speaks of that card), or a method that is no card (a wallet or a local method paid on its
 * provider's own page: STC Pay, Google Pay, PayPal, the fines' local methods).
 */
export type MethodKind = 'card' | 'noCard';

export function methodKindOf(payType: PayType | undefined): MethodKind {
  if (payType === undefined) return 'card';
  const info = payTypeInfo[payType];
  return info.kind === 'wallet' && info.redirect ? 'noCard' : 'card';
}

/** The decline messages (SPEC §8) whose advice is a card's: shown only for a card. */
const CARD_ADVICE: ReadonlySet<string> = new Set<string>([
  Message.insufficientBalance,
  Message.tryAnotherCard,
  Message.cardExpired,
  Message.declineDefault,
  Message.savedCardLocked,
]);

/** An outcome tip that speaks of a card, and what a method that is no card says instead. */
const NO_CARD_TIP: Partial<Readonly<Record<PayKey, PayKey>>> = {
  'pay.resultBalanceTip': 'pay.resultMethodBalanceTip',
  'pay.resultExpireTip': 'pay.resultMethodDeclinedTip',
};

/**
 * The panel's sentences: the tip says what happened and what to do. A decline code's own message (SPEC §8) is
 * kept where it says more than the tip (a generic failure); then the tip says only what happened, so the
 * panel never says the next step twice. For a method that is no card, a card's advice is never shown: the tip
 * says nothing was charged and offers a retry or another method; a reason that is not a card's is kept.
 */
export function resultSentences(
  panel: ResultPanel,
  detail: string | undefined,
  method: MethodKind,
): { readonly tip: PayKey; readonly detail: string | undefined } {
  const generic = panel.outcome === 'other' || panel.outcome === 'fail';
  const noCard = method === 'noCard';
  if (detail === undefined || detail === '' || !generic)
    return { tip: (noCard ? NO_CARD_TIP[panel.tip] : undefined) ?? panel.tip, detail: undefined };
  if (noCard && CARD_ADVICE.has(detail)) return { tip: 'pay.resultMethodDeclinedTip', detail: undefined };
  return { tip: 'pay.resultDeclinedTip', detail };
}

const anotherMethod: ResultButton = { action: 'anotherMethod', label: 'pay.resultAnotherMethod' };
const retry: ResultButton = { action: 'retry', label: 'pay.resultRetry' };

/**
 * A method without the page's card fields (a wallet, a provider's own page) has no "other card" and no expiry
 * to update: its panel offers another method, or paying again on the method's own page.
 */
export function forMethod(panel: ResultPanel, cardFields: boolean): ResultPanel {
  if (cardFields) return panel;
  const swap = (button: ResultButton): ResultButton =>
    button.action === 'anotherCard' ? anotherMethod : button.action === 'updateAndPay' ? retry : button;
  return { ...panel, primary: swap(panel.primary), secondary: swap(panel.secondary) };
}
