import type { OrderKind, SavedCard } from '@topup/contracts';
import type { ResultAction } from '../../payments/outcome';
import { hasAnotherCard } from './savedCards';
import type { PayResult } from './state';
import { currentStep } from './steps';
import type { StepEvent, StepState } from './stepTypes';

/**
 * A result button as a machine event, from what the page knows: whether a saved card paid (its CVV is asked
 * again on a retry), and whether ANOTHER remembered non-wallet card exists than the one that just failed
 * (SPEC §4: "use another card" goes home only then, else to the card frame).
 */
export function resultActionEvent(
  action: ResultAction,
  result: PayResult | undefined,
  visibleCards: readonly SavedCard[],
  currentCard: SavedCard | undefined,
): Extract<StepEvent, { type: 'resultAction' }> {
  const savedCardPaid = result?.kind === 'savedCard' && currentCard !== undefined;
  const failed = savedCardPaid ? currentCard.source_id : '';
  return {
    type: 'resultAction',
    action,
    hasAnotherCard: hasAnotherCard(visibleCards, failed),
    savedCardPaid,
    orderId: result?.orderId,
  };
}

/** The order kind the next order is made with after a result button (SPEC §4 order kinds). */
export function orderKindAfter(action: ResultAction, kind: OrderKind): OrderKind {
  switch (action) {
    case 'again':
      return 'repurchase';
    case 'retry':
      return 'retry';
    case 'updateAndPay':
      return 'expired';
    case 'checkAgain':
    case 'giveUp':
    case 'close':
    case 'refresh':
      return kind;
    default:
      return 'normal';
  }
}

/**
 * The order kind after a step event: an expired saved card's new date saved in the expiry popup's "update and
 * pay" (SPEC §2 step 6) makes the order that pays with it expired, as the result panel's "update and pay"
 * does. "Update expiry" alone (a card expiring soon) leaves the kind as it was.
 */
export function orderKindAfterStep(event: StepEvent, before: StepState, kind: OrderKind): OrderKind {
  const updateAndPay = currentStep(before) === 'modifyExpiry' && before.expiryMode === 'updateAndPay';
  return event.type === 'expiryUpdated' && updateAndPay ? 'expired' : kind;
}
