import { type PayType, payTypeInfo, type SavedCard } from '@topup/contracts';
import { isWalletToken, savedCardStatus } from './savedCards';

/** The six pay sub-steps (SPEC §2) and the pure transition function of SPEC §4. */

export const PAY_STEPS = [
  'home',
  'savedCards',
  'cardFrame',
  'cardCvv',
  'cvvNotRemembered',
  'modifyExpiry',
] as const;
export type PayStep = (typeof PAY_STEPS)[number];

/** SPEC numbers the sub-steps 1-6. */
export const stepNumber = (step: PayStep): number => PAY_STEPS.indexOf(step) + 1;

/** Whether the expiry step pays after the update (an expired card) or only updates it (a card expiring soon). */
export type ExpiryMode = 'updateAndPay' | 'updateOnly';

export interface StepState {
  /** The step stack; the last entry is shown. Never empty: home is the bottom. */
  readonly stack: readonly PayStep[];
  readonly expiryMode: ExpiryMode;
  /** The leave confirmation is open. */
  readonly leaving: boolean;
  /** An order was created and not finished: giving up must cancel it. */
  readonly openOrder: string | undefined;
}

export const initialStepState: StepState = {
  stack: ['home'],
  expiryMode: 'updateAndPay',
  leaving: false,
  openOrder: undefined,
};

export type PayVia = 'channel' | 'savedCard' | 'cardFrame' | 'cvv';

export type StepEffect =
  | { readonly kind: 'createOrder'; readonly payType: PayType; readonly via: PayVia }
  | { readonly kind: 'tokenizeThenCreateOrder'; readonly payType: PayType }
  | { readonly kind: 'bankExpired' }
  | { readonly kind: 'clickCancel'; readonly orderId: string }
  | { readonly kind: 'leavePage' };

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
  | { readonly type: 'orderCreated'; readonly orderId: string }
  | { readonly type: 'orderSettled' }
  | { readonly type: 'back' }
  | { readonly type: 'confirmLeave' }
  | { readonly type: 'cancelLeave' };

export interface Transition {
  readonly state: StepState;
  readonly effects: readonly StepEffect[];
}

export const currentStep = (state: StepState): PayStep => state.stack[state.stack.length - 1] ?? 'home';

const push = (state: StepState, step: PayStep, extra: Partial<StepState> = {}): StepState => ({
  ...state,
  ...extra,
  stack: [...state.stack, step],
});

const replaceTop = (state: StepState, step: PayStep): StepState => ({
  ...state,
  stack: [...state.stack.slice(0, -1), step],
});

const stay = (state: StepState, ...effects: StepEffect[]): Transition => ({ state, effects });

/** Steps where the visitor is one step from an order: backing out asks first (SPEC §2, §4). */
const CONFIRM_STEPS: ReadonlySet<PayStep> = new Set([
  'cardFrame',
  'cardCvv',
  'cvvNotRemembered',
  'modifyExpiry',
]);

export function needsLeaveConfirm(state: StepState): boolean {
  return state.openOrder !== undefined || CONFIRM_STEPS.has(currentStep(state));
}

function pop(state: StepState): Transition {
  const cancel: StepEffect[] =
    state.openOrder === undefined ? [] : [{ kind: 'clickCancel', orderId: state.openOrder }];
  const cleared: StepState = { ...state, leaving: false, openOrder: undefined };
  if (state.stack.length <= 1)
    return { state: { ...cleared, stack: ['home'] }, effects: [...cancel, { kind: 'leavePage' }] };
  return { state: { ...cleared, stack: state.stack.slice(0, -1) }, effects: cancel };
}

export function transition(state: StepState, event: StepEvent): Transition {
  switch (event.type) {
    case 'chooseChannel': {
      const info = payTypeInfo[event.payType];
      if (info.cardFrame) return stay(push(state, 'cardFrame'));
      return stay(state, { kind: 'createOrder', payType: event.payType, via: 'channel' });
    }
    case 'chooseSavedCard': {
      if (payTypeInfo[event.payType].kind === 'wallet' || isWalletToken(event.card)) {
        return stay(state, { kind: 'createOrder', payType: event.payType, via: 'savedCard' });
      }
      const status = savedCardStatus(event.card, event.now);
      if (status === 'bankExpired') return stay(state, { kind: 'bankExpired' });
      if (status === 'expiredModifiable')
        return stay(push(state, 'modifyExpiry', { expiryMode: 'updateAndPay' }));
      return stay(push(state, event.card.is_remember === 1 ? 'cardCvv' : 'cvvNotRemembered'));
    }
    case 'openSavedCards':
      return stay(push(state, 'savedCards'));
    case 'updateSoonCard':
      return stay(push(state, 'modifyExpiry', { expiryMode: 'updateOnly' }));
    case 'updateExpiredCard':
      return stay(push(state, 'modifyExpiry', { expiryMode: 'updateAndPay' }));
    case 'submitCardFrame':
      return stay(state, { kind: 'tokenizeThenCreateOrder', payType: event.payType });
    case 'submitCvv':
      return stay(state, { kind: 'createOrder', payType: event.payType, via: 'cvv' });
    case 'expiryUpdated':
      if (currentStep(state) !== 'modifyExpiry') return stay(state);
      if (state.expiryMode === 'updateAndPay') return stay(replaceTop(state, 'cardCvv'));
      return stay({ ...state, stack: state.stack.slice(0, -1) });
    case 'useAnotherCard':
      if (event.hasAnotherCard) return stay({ ...state, stack: ['home'], leaving: false });
      return stay({ ...state, stack: ['home', 'cardFrame'], leaving: false });
    case 'orderCreated':
      return stay({ ...state, openOrder: event.orderId });
    case 'orderSettled':
      return stay({ ...state, openOrder: undefined });
    case 'back':
      if (needsLeaveConfirm(state)) return stay({ ...state, leaving: true });
      return pop(state);
    case 'confirmLeave':
      return state.leaving ? pop(state) : stay(state);
    case 'cancelLeave':
      return stay({ ...state, leaving: false });
  }
}

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
    case 'cvvNotRemembered':
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
