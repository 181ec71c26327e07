import type { PayType, SavedCard } from '@topup/contracts';
import type { ResultAction } from '../../payments/outcome';

/** The pay journey machine's vocabulary: its steps, state, events and effects (the machine is steps.ts). */

/**
 * SPEC §2's sub-steps but its fifth, the CVV of a card not remembered: only remembered cards are listed (SPEC
 * §5) and every saved card is chosen from that list, so no input reaches it; a saved card's CVV is `cardCvv`.
 */
export const PAY_STEPS = ['home', 'savedCards', 'cardFrame', 'cardCvv', 'modifyExpiry'] as const;
export type PayStep = (typeof PAY_STEPS)[number];

const SPEC_NUMBERS: Readonly<Record<PayStep, number>> = {
  home: 1,
  savedCards: 2,
  cardFrame: 3,
  cardCvv: 4,
  modifyExpiry: 6,
};

/** SPEC numbers the sub-steps 1-6 (5, the not-remembered CVV, is never reached). */
export const stepNumber = (step: PayStep): number => SPEC_NUMBERS[step];

/** Whether the expiry step pays after the update (an expired card) or only updates it (a card expiring soon). */
export type ExpiryMode = 'updateAndPay' | 'updateOnly';

/**
 * What the journey is doing on top of the step shown. Only `choosing` takes the step's controls; `result` is
 * the one dialog; `challenge` is the bank's full-screen page (cancellable); the rest are waits.
 */
export type Phase =
  | { readonly kind: 'choosing' }
  | { readonly kind: 'ordering' }
  | { readonly kind: 'challenge'; readonly orderId: string }
  | { readonly kind: 'redirecting' }
  | { readonly kind: 'walletSheet' }
  | { readonly kind: 'polling'; readonly orderId: string | undefined }
  /**
   * `cardGone`: the saved card the failure was on can pay no more (locked, 23005): the panel's way out is home,
   * never the CVV step, which would then show another card the visitor did not choose.
   */
  | { readonly kind: 'result'; readonly success: boolean; readonly cardGone?: boolean };

export interface StepState {
  /** The step stack; the last entry is shown. Never empty: home is the bottom. */
  readonly stack: readonly PayStep[];
  readonly expiryMode: ExpiryMode;
  /** The leave confirmation is open. */
  readonly leaving: boolean;
  /** The delete confirmation is open, for this saved card (a dialog over the saved-card list). */
  readonly deleteQuestion: SavedCard | undefined;
  readonly phase: Phase;
  /**
   * The intent's number: a new intent (after a success, "top up again", another card) gets a new one, and the
   * card and CVV fields are keyed by it, so nothing typed for a finished intent is left in the page.
   */
  readonly intent: number;
  /**
   * The holder name typed stays in the next card fields (only their number, expiry and CVV are new): set when
   * the visitor takes another card after a refusal, whose name is still theirs; any other new intent clears it.
   */
  readonly keepHolder: boolean;
  /** The browser says it is offline: one notice above the pay button, which waits for the connection. */
  readonly offline: boolean;
}

export type PayVia = 'channel' | 'savedCard' | 'cardFrame' | 'cvv';

export type StepEffect =
  | { readonly kind: 'createOrder'; readonly payType: PayType; readonly via: PayVia }
  | { readonly kind: 'tokenizeThenCreateOrder'; readonly payType: PayType }
  | { readonly kind: 'bankExpired' }
  | { readonly kind: 'leavePage' }
  /** A paid step closed: its history entries are marked paid and the visitor goes back to the list. */
  | { readonly kind: 'leavePaid' }
  /** Closes the 3-D Secure challenge: the order's state is then asked of the server, never assumed. */
  | { readonly kind: 'cancelChallenge' }
  /** Forgets what the finished intent's card fields held (their submitters). */
  | { readonly kind: 'forgetCard' }
  /** Asks the server again for a result still unknown (the processing panel's "check again"). */
  | { readonly kind: 'checkAgain'; readonly orderId: string }
  /** Gives up the step's kept order (`giveUpOrder`: asked, cancelled, asked again), so paying again is safe. */
  | { readonly kind: 'giveUpKept' }
  | { readonly kind: 'reload' };

/** The result panel's buttons, as the machine receives them. */
export type ResultChoice = ResultAction;

export type StepEvent =
  | { readonly type: 'chooseChannel'; readonly payType: PayType }
  | {
      readonly type: 'chooseSavedCard';
      readonly card: SavedCard;
      readonly payType: PayType;
      readonly now: Date;
    }
  | { readonly type: 'openSavedCards' }
  | { readonly type: 'updateSoonCard' }
  | { readonly type: 'submitCardFrame'; readonly payType: PayType }
  | { readonly type: 'submitCvv'; readonly payType: PayType }
  | { readonly type: 'expiryUpdated' }
  | { readonly type: 'useAnotherCard'; readonly hasAnotherCard: boolean }
  | { readonly type: 'updateExpiredCard' }
  | { readonly type: 'back' }
  | { readonly type: 'confirmLeave' }
  | { readonly type: 'cancelLeave' }
  | { readonly type: 'askDelete'; readonly card: SavedCard }
  /** The delete confirmation answered (delete or cancel) or dismissed. */
  | { readonly type: 'closeDelete' }
  // The engine's progress:
  | { readonly type: 'ordering' }
  | { readonly type: 'orderNotMade' }
  | { readonly type: 'challengeOpened'; readonly orderId: string }
  | { readonly type: 'redirecting' }
  | { readonly type: 'walletOpened' }
  | { readonly type: 'polling'; readonly orderId: string | undefined }
  | { readonly type: 'resultShown'; readonly success: boolean; readonly cardGone?: boolean }
  | { readonly type: 'cancelChallenge' }
  // The result panel's buttons; `hasAnotherCard`: another remembered non-wallet card than the one paid with.
  | {
      readonly type: 'resultAction';
      readonly action: ResultChoice;
      readonly hasAnotherCard: boolean;
      readonly savedCardPaid: boolean;
      readonly orderId: string | undefined;
    }
  | { readonly type: 'connection'; readonly online: boolean }
  /**
   * The signed-in account changed under the step (signed out here, the session expired, another window signed
   * in or out): what was chosen for the old account (its saved card, the CVV or card typed) is not kept.
   */
  | { readonly type: 'accountChanged' };

export interface Transition {
  readonly state: StepState;
  readonly effects: readonly StepEffect[];
}
