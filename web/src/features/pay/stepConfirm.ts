import type { PayType, SavedCard } from '@topup/contracts';
import type { ExpiryMode, PayStep, StepEvent } from './stepTypes';

/** What the page's confirm button may send. */
export interface ConfirmChoice {
  /** The saved card and its pay type: chosen on home when no channel is, asked a CVV for on the CVV steps. */
  readonly savedCard: { readonly card: SavedCard; readonly payType: PayType } | undefined;
  /** The channel chosen on home. */
  readonly channel: PayType | undefined;
  /** The pay type a new card is entered for, and whether its fields can be submitted. */
  readonly framePayType: PayType | undefined;
  readonly cardReady: boolean;
  /** Whether the CVV field can be submitted. */
  readonly cvvReady: boolean;
  readonly now: Date;
}

/** The event the confirm button sends on a step, or undefined while there is nothing to send (it is disabled). */
export function confirmEvent(step: PayStep, choice: ConfirmChoice): StepEvent | undefined {
  const { savedCard, channel, framePayType } = choice;
  switch (step) {
    case 'home':
      if (channel !== undefined) return { type: 'chooseChannel', payType: channel };
      return savedCard === undefined ? undefined : { type: 'chooseSavedCard', ...savedCard, now: choice.now };
    case 'cardFrame':
      return framePayType === undefined || !choice.cardReady
        ? undefined
        : { type: 'submitCardFrame', payType: framePayType };
    case 'cardCvv':
      return savedCard === undefined || !choice.cvvReady
        ? undefined
        : { type: 'submitCvv', payType: savedCard.payType };
    default:
      return undefined;
  }
}

/** The confirm button label per step (SPEC §2). */
export function confirmLabelKey(
  step: PayStep,
  expiryMode: ExpiryMode,
): 'pay.rechargeNow' | 'pay.updateAndPay' | 'pay.updateExpiry' | 'pay.confirm' {
  if (step === 'home') return 'pay.rechargeNow';
  if (step === 'modifyExpiry') return expiryMode === 'updateAndPay' ? 'pay.updateAndPay' : 'pay.updateExpiry';
  return 'pay.confirm';
}

/**
 * Why the pay button is disabled, when what it waits for is the visitor's (a method to choose, the card or its
 * CVV to enter): a line under it that its aria-describedby names, so a screen reader hears more than "dimmed".
 * Undefined when it is enabled, or waits for something the page says elsewhere (an order on its way, the
 * connection, the package or the recipient).
 */
export function confirmHintKey(
  step: PayStep,
  waitsForVisitor: boolean,
  onlyHolderMissing = false,
): 'pay.hintChooseMethod' | 'pay.hintEnterCard' | 'pay.hintEnterHolder' | 'pay.hintEnterCvv' | undefined {
  if (!waitsForVisitor) return undefined;
  if (step === 'home') return 'pay.hintChooseMethod';
  // The card complete but for its holder's name: the hint names the one field left.
  if (step === 'cardFrame') return onlyHolderMissing ? 'pay.hintEnterHolder' : 'pay.hintEnterCard';
  if (step === 'cardCvv') return 'pay.hintEnterCvv';
  return undefined;
}
