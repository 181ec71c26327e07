import { type PayType, payTypeInfo, type SavedCard } from '@topup/contracts';
import { isWalletToken, savedCardStatus } from './savedCards';

/**
 * The pay journey's machine: the six sub-steps of SPEC §2 (a stack) and the journey's phase (choosing, ordering,
 * 3-D Secure challenge, hosted page, wallet sheet, polling, result), with one pure transition function over
 * every visitor and engine event. The state × event table is MACHINE.md; steps.test.ts tests each cell.
 */

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
  | { readonly kind: 'result'; readonly success: boolean };

export interface StepState {
  /** The step stack; the last entry is shown. Never empty: home is the bottom. */
  readonly stack: readonly PayStep[];
  readonly expiryMode: ExpiryMode;
  /** The leave confirmation is open. */
  readonly leaving: boolean;
  /** An order was created and not finished: giving up must cancel it. */
  readonly openOrder: string | undefined;
  readonly phase: Phase;
  /**
   * The intent's number: a new intent (after a success, "top up again", another card) gets a new one, and the
   * card and CVV fields are keyed by it, so nothing typed for a finished intent is left in the page.
   */
  readonly intent: number;
  /** The browser says it is offline: one notice above the pay button, which waits for the connection. */
  readonly offline: boolean;
}

const choosing: Phase = { kind: 'choosing' };

export const initialStepState: StepState = {
  stack: ['home'],
  expiryMode: 'updateAndPay',
  leaving: false,
  openOrder: undefined,
  phase: choosing,
  intent: 0,
  offline: false,
};

export type PayVia = 'channel' | 'savedCard' | 'cardFrame' | 'cvv';

export type StepEffect =
  | { readonly kind: 'createOrder'; readonly payType: PayType; readonly via: PayVia }
  | { readonly kind: 'tokenizeThenCreateOrder'; readonly payType: PayType }
  | { readonly kind: 'bankExpired' }
  | { readonly kind: 'clickCancel'; readonly orderId: string }
  | { readonly kind: 'leavePage' }
  /** Closes the 3-D Secure challenge: the order's state is then asked of the server, never assumed. */
  | { readonly kind: 'cancelChallenge' }
  /** Forgets what the finished intent's card fields held (their submitters). */
  | { readonly kind: 'forgetCard' }
  /** Asks the server again for a result still unknown (the processing panel's "check again"). */
  | { readonly kind: 'checkAgain'; readonly orderId: string }
  | { readonly kind: 'reload' };

/** The result panel's buttons (outcome.ts ResultAction). */
export type ResultChoice =
  | 'again'
  | 'retry'
  | 'anotherCard'
  | 'anotherMethod'
  | 'updateAndPay'
  | 'refresh'
  | 'checkAgain'
  | 'close';

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
  | { readonly type: 'cancelLeave' }
  // The engine's progress:
  | { readonly type: 'ordering' }
  | { readonly type: 'orderNotMade' }
  | { readonly type: 'challengeOpened'; readonly orderId: string }
  | { readonly type: 'redirecting' }
  | { readonly type: 'walletOpened' }
  | { readonly type: 'polling'; readonly orderId: string | undefined }
  | { readonly type: 'resultShown'; readonly success: boolean }
  | { readonly type: 'cancelChallenge' }
  // The result panel's buttons; `hasAnotherCard`: another remembered non-wallet card than the one paid with.
  | {
      readonly type: 'resultAction';
      readonly action: ResultChoice;
      readonly hasAnotherCard: boolean;
      readonly savedCardPaid: boolean;
      readonly orderId: string | undefined;
    }
  | { readonly type: 'connection'; readonly online: boolean };

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

/** A new intent from home: nothing of the last one's card is kept (its fields remount empty). */
const freshStart = (state: StepState, stack: readonly PayStep[] = ['home']): StepState => ({
  ...state,
  stack,
  leaving: false,
  openOrder: undefined,
  phase: choosing,
  intent: state.intent + 1,
});

/** The events a visitor sends from the step's own controls: taken only while choosing. */
const STEP_CONTROLS: ReadonlySet<StepEvent['type']> = new Set([
  'chooseChannel',
  'chooseSavedCard',
  'openSavedCards',
  'updateSoonCard',
  'submitCardFrame',
  'submitCvv',
  'expiryUpdated',
  'useAnotherCard',
  'updateExpiredCard',
  'confirmLeave',
  'cancelLeave',
]);

/** Back, browser back and phone back, per phase: never a second dialog over the one on top. */
function back(state: StepState): Transition {
  switch (state.phase.kind) {
    case 'choosing':
      if (state.leaving) return stay({ ...state, leaving: false });
      if (needsLeaveConfirm(state)) return stay({ ...state, leaving: true });
      return pop(state);
    case 'challenge':
      return stay(state, { kind: 'cancelChallenge' });
    case 'result':
      // The panel's way out: a success starts afresh, a failure returns to the step it failed on.
      return state.phase.success
        ? stay(freshStart(state), { kind: 'forgetCard' })
        : stay({ ...state, phase: choosing });
    default:
      // A wait (the order being made, the result being asked, the page leaving, the wallet's own sheet): back
      // waits with it; each wait ends on its own within the API's limit.
      return stay(state);
  }
}

function resultAction(state: StepState, event: Extract<StepEvent, { type: 'resultAction' }>): Transition {
  if (state.phase.kind !== 'result') return stay(state);
  const success = state.phase.success;
  const back = { ...state, phase: choosing, leaving: false };
  switch (event.action) {
    case 'close':
      return success ? stay(freshStart(state), { kind: 'forgetCard' }) : stay(back);
    case 'again':
    case 'anotherMethod':
      return stay(freshStart(state), { kind: 'forgetCard' });
    case 'retry':
      // A saved card's CVV was used up by the order: its field is asked again, empty.
      if (success) return stay(freshStart(state), { kind: 'forgetCard' });
      return stay(event.savedCardPaid ? { ...back, intent: state.intent + 1 } : back);
    case 'anotherCard':
      return stay(freshStart(state, event.hasAnotherCard ? ['home'] : ['home', 'cardFrame']), {
        kind: 'forgetCard',
      });
    case 'updateAndPay':
      if (event.savedCardPaid)
        return stay({ ...back, stack: [...state.stack, 'modifyExpiry'], expiryMode: 'updateAndPay' });
      return stay(currentStep(state) === 'cardFrame' ? back : { ...back, stack: ['home', 'cardFrame'] });
    case 'checkAgain':
      return event.orderId === undefined
        ? stay(back)
        : stay(
            { ...state, phase: { kind: 'polling', orderId: event.orderId } },
            {
              kind: 'checkAgain',
              orderId: event.orderId,
            },
          );
    case 'refresh':
      return stay(state, { kind: 'reload' });
  }
}

export function transition(state: StepState, event: StepEvent): Transition {
  if (STEP_CONTROLS.has(event.type) && state.phase.kind !== 'choosing') return stay(state);
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
      return back(state);
    case 'confirmLeave':
      return state.leaving ? pop(state) : stay(state);
    case 'cancelLeave':
      return stay({ ...state, leaving: false });
    case 'ordering':
      return stay({ ...state, leaving: false, phase: { kind: 'ordering' } });
    case 'orderNotMade':
      return stay({ ...state, phase: choosing });
    case 'challengeOpened':
      return stay({ ...state, leaving: false, phase: { kind: 'challenge', orderId: event.orderId } });
    case 'redirecting':
      return stay({ ...state, leaving: false, phase: { kind: 'redirecting' } });
    case 'walletOpened':
      return stay({ ...state, leaving: false, phase: { kind: 'walletSheet' } });
    case 'polling':
      return stay({ ...state, leaving: false, phase: { kind: 'polling', orderId: event.orderId } });
    case 'resultShown':
      return stay({
        ...state,
        leaving: false,
        openOrder: undefined,
        phase: { kind: 'result', success: event.success },
      });
    case 'cancelChallenge':
      return state.phase.kind === 'challenge' ? stay(state, { kind: 'cancelChallenge' }) : stay(state);
    case 'resultAction':
      return resultAction(state, event);
    case 'connection':
      return stay({ ...state, offline: !event.online });
  }
}

/** What the page is busy with, for its overlays and its pay button. */
export type PayBusy = 'idle' | 'creatingOrder' | 'verifying' | 'checkingResult' | 'redirecting' | 'wallet';

export function busyOf(phase: Phase): PayBusy {
  switch (phase.kind) {
    case 'ordering':
      return 'creatingOrder';
    case 'challenge':
      return 'verifying';
    case 'polling':
      return 'checkingResult';
    case 'redirecting':
      return 'redirecting';
    case 'walletSheet':
      return 'wallet';
    default:
      return 'idle';
  }
}

/** The back guard holds the browser's back while the page has a back of its own to give. */
export function guardsBack(state: StepState): boolean {
  return (
    state.stack.length > 1 || state.leaving || needsLeaveConfirm(state) || state.phase.kind !== 'choosing'
  );
}

export { type ConfirmChoice, confirmEvent, confirmLabelKey } from './stepConfirm';
