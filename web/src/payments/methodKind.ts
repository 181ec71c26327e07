import { FailDetail, Message, type PayType, payTypeInfo } from '@topup/contracts';
import type { PayKey } from '../i18n/pay';
import {
  anotherCard,
  anotherMethod,
  cancelledPanel,
  close,
  failureMessage,
  isCancel,
  isUncertain,
  outcomeOfPaymentFailure,
  type PaymentFailure,
  type ResultButton,
  type ResultPanel,
  resultPanelOf,
  retry,
  timeoutPanel,
} from './outcome';

/**
 * What kind of payment a result is about: the one rule from which its panel, its tip and its buttons are
 * derived (the pay step, its wallet and the fines all ask it: every message from what the page knows).
 *
 * - `newCard`: a card typed in the page's own card fields (providers 13 and 17, the fine's card form);
 * - `savedCard`: a card the visitor saved, paid with its security code;
 * - `hostedCard`: a card typed on its provider's own page (mada, provider 6);
 * - `walletSheet`: a wallet's sheet over the page (Apple Pay), paying with a card held in the wallet (SPEC §8's
 *   wallet wording speaks of that card);
 * - `hostedMethod`: a method that is no card, paid on its provider's page (STC Pay, Google Pay, PayPal, the
 *   fines' local methods).
 */
export type MethodKind = 'newCard' | 'savedCard' | 'hostedCard' | 'walletSheet' | 'hostedMethod';

interface Traits {
  /**
   * Where a card is chosen: in the page (another card and a new expiry are the page's own steps), off the page
   * (on the provider's card page or in the wallet's sheet: another card is chosen there, by paying again), or
   * nowhere (no card: a card's advice is never shown).
   */
  readonly card: 'page' | 'offPage' | 'none';
  /** A risk refusal is the provider refusing the card; else SPEC §8's highRisk, an unstable wallet link. */
  readonly cardRisk: boolean;
}

const TRAITS: Readonly<Record<MethodKind, Traits>> = {
  newCard: { card: 'page', cardRisk: true },
  savedCard: { card: 'page', cardRisk: true },
  hostedCard: { card: 'offPage', cardRisk: true },
  walletSheet: { card: 'offPage', cardRisk: false },
  hostedMethod: { card: 'none', cardRisk: false },
};

/**
 * The kind of a pay step's payment, from its pay type and what the page paid with (`savedCard` when a saved
 * card's code was sent). A result whose pay type is unknown (its order's info did not answer) is taken as the
 * page's card fields, as is a card order found again after a reload (the page no longer knows which card).
 */
export function methodKindOf(
  payType: PayType | undefined,
  paidWith?: 'newCard' | 'savedCard' | 'channel',
): MethodKind {
  if (paidWith === 'savedCard') return 'savedCard';
  const info = payType === undefined ? undefined : payTypeInfo[payType];
  if (info === undefined || info.cardFrame) return 'newCard';
  if (info.kind === 'card') return 'hostedCard';
  return info.redirect ? 'hostedMethod' : 'walletSheet';
}

/** Off the page another card is chosen by paying again on the provider's page or in the wallet's sheet. */
const anotherCardThere: ResultButton = { action: 'retry', label: 'pay.resultAnotherCard' };

/**
 * A card's risk refusal (channel_user_risk) is the provider refusing the card: SPEC §8's highRisk tip speaks
 * of an unstable wallet link and a refresh, which a card payment has neither of. Its panel says the card was
 * refused and offers another card first.
 */
const cardRiskPanel: ResultPanel = {
  outcome: 'highRisk',
  title: 'pay.resultFailTitle',
  tip: 'pay.resultCardRiskTip',
  primary: anotherCard,
  secondary: anotherMethod,
};

/** A saved or new card's security code was refused (no 3-D Secure ran): it says so, and asks for it again. */
const wrongCvvPanel: ResultPanel = {
  outcome: 'verify',
  title: 'pay.resultFailTitle',
  tip: 'pay.resultWrongCvvTip',
  primary: retry,
  secondary: anotherCard,
};

/** The decline messages (SPEC §8) whose advice is a card's. */
const CARD_ADVICE: ReadonlySet<string> = new Set<string>([
  Message.insufficientBalance,
  Message.tryAnotherCard,
  Message.cardExpired,
  Message.declineDefault,
  Message.savedCardLocked,
]);

/** The tips whose advice is another card. */
const CARD_TIPS: ReadonlySet<PayKey> = new Set<PayKey>([
  'pay.resultBalanceTip',
  'pay.resultCardRiskTip',
  'pay.resultCardExpiredTip',
]);

/** An outcome tip that speaks of a step the kind has not, and what the kind says instead. */
const TIP_FOR: Readonly<Record<Traits['card'], Partial<Readonly<Record<PayKey, PayKey>>>>> = {
  page: {},
  // No expiry to update off the page: the expired card is replaced there.
  offPage: { 'pay.resultExpireTip': 'pay.resultCardExpiredTip' },
  none: {
    'pay.resultBalanceTip': 'pay.resultMethodBalanceTip',
    'pay.resultExpireTip': 'pay.resultMethodDeclinedTip',
  },
};

/** What a result panel shows for a kind of payment: its title and buttons, tip, decline message and choices. */
export interface ResultView {
  readonly panel: ResultPanel;
  readonly tip: PayKey;
  readonly detail: string | undefined;
  /** The remember-card choice: after a new card's success only (a saved card is kept already). */
  readonly offerRemember: boolean;
}

/**
 * A result as the kind of payment allows. The tip says what happened and what to do: a decline code's own
 * message (SPEC §8) is kept where it says more than the tip (a generic failure), the tip then saying only what
 * happened, so the panel never says the next step twice. A method that is no card is never shown a card's
 * advice (its tip says nothing was charged and offers a retry or another method; a reason that is not a card's
 * is kept). Another card is the page's own step where the card is chosen in the page (a retry, too, goes back
 * to its card fields or code); where it is chosen off the page it is paying again there, so the button that pays
 * again says "use another card" whenever the words advise one (mada's decline); where there is no card
 * it is another method. An expiry update exists only in the page. A decline that says "try another card"
 * never offers the same card again first. No two buttons do the same.
 */
export function resultView(shown: ResultPanel, message: string | undefined, kind: MethodKind): ResultView {
  const traits = TRAITS[kind];
  const panel = shown.outcome === 'highRisk' && traits.cardRisk ? cardRiskPanel : shown;
  const { tip, detail } = sentences(panel, message, traits.card);
  const advisesCard = CARD_TIPS.has(tip) || (detail !== undefined && CARD_ADVICE.has(detail));
  // SPEC §8's "try another card or another payment method" (200P1 and its kin): the same card would be declined
  // again, so a retry is not offered first; in the page another card is its own step.
  const notThisCard = detail === Message.tryAnotherCard;
  const swap = (button: ResultButton): ResultButton => {
    if (traits.card === 'page') return notThisCard && button.action === 'retry' ? anotherCard : button;
    if (traits.card === 'none')
      return button.action === 'anotherCard'
        ? anotherMethod
        : button.action === 'updateAndPay'
          ? retry
          : button;
    const cardStep = button.action === 'anotherCard' || button.action === 'updateAndPay';
    return cardStep || (advisesCard && button.action === 'retry') ? anotherCardThere : button;
  };
  const primary = swap(panel.primary);
  const second = swap(panel.secondary);
  const secondary =
    second.action !== primary.action ? second : primary.action === 'anotherMethod' ? close : anotherMethod;
  return {
    panel: { ...panel, primary, secondary },
    tip,
    detail,
    offerRemember: panel.outcome === 'success' && kind === 'newCard',
  };
}

function sentences(
  panel: ResultPanel,
  detail: string | undefined,
  card: Traits['card'],
): { readonly tip: PayKey; readonly detail: string | undefined } {
  // A panel that knows of no charge either way keeps its tip: never "nothing was charged"; the message under it.
  if (isUncertain(panel)) return { tip: panel.tip, detail: detail === '' ? undefined : detail };
  const generic = panel.outcome === 'other' || panel.outcome === 'fail';
  if (detail === undefined || detail === '' || !generic)
    return { tip: TIP_FOR[card][panel.tip] ?? panel.tip, detail: undefined };
  if (card === 'none' && CARD_ADVICE.has(detail))
    return { tip: 'pay.resultMethodDeclinedTip', detail: undefined };
  return { tip: 'pay.resultDeclinedTip', detail };
}

/** What the page knows of a finished card order, for its panel and decline message. */
export interface EndContext {
  readonly kind: MethodKind;
  /** A 3-D Secure step ran (a verify then is the bank's); undefined when the page did not follow the payment. */
  readonly challenged: boolean | undefined;
}

/** A failed order's panel and decline message (the panel's words and buttons then come from `resultView`). */
export function panelOfFailure(
  failure: PaymentFailure,
  context: EndContext,
): { readonly panel: ResultPanel; readonly detail: string | undefined } {
  if (isCancel(failure)) return { panel: cancelledPanel, detail: undefined };
  if (failure.failDetail === FailDetail.timeOut) return { panel: timeoutPanel, detail: undefined };
  const outcome = outcomeOfPaymentFailure(failure);
  // A card's verify with no 3-D Secure step is its security code refused (TESTDATA's 0127), not the bank's check.
  if (outcome === 'verify' && TRAITS[context.kind].card === 'page' && context.challenged === false)
    return { panel: wrongCvvPanel, detail: undefined };
  return { panel: resultPanelOf(outcome), detail: failureMessage(failure) };
}
