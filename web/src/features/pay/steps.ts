import { payTypeInfo } from '@topup/contracts';
import { isWalletToken, savedCardStatus } from './savedCards';
import type { PayStep, Phase, StepEffect, StepEvent, StepState, Transition } from './stepTypes';

/**
 * The pay journey's machine: the sub-steps of SPEC §2 (a stack; stepTypes.ts says why not its fifth) and the
 * journey's phase (choosing, ordering, 3-D Secure challenge, hosted page, wallet sheet, polling, result), with
 * one pure transition function over every visitor and engine event. The state × event table is MACHINE.md; steps.test.ts tests each cell.
 */

const choosing: Phase = { kind: 'choosing' };

export const initialStepState: StepState = {
  stack: ['home'],
  expiryMode: 'updateAndPay',
  leaving: false,
  deleteQuestion: undefined,
  phase: choosing,
  intent: 0,
  keepHolder: false,
  offline: false,
};

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

/**
 * Steps where the visitor is one step from an order: backing out asks first (SPEC §2, §4). Not the expiry
 * update, which is drawn as a popup (SPEC §2): back closes it as its own close does, onto the step under it,
 * since a question over a popup would be a second dialog (web/README.md: back never opens one).
 */
const CONFIRM_STEPS: ReadonlySet<PayStep> = new Set(['cardFrame', 'cardCvv']);

/**
 * Whether back asks first. Only the steps do: an order exists only in a wait (ordering, the challenge, the
 * provider's page, the wallet's sheet, polling), which ends in a result, never back in `choosing` with the
 * order open, so there is no open order to ask about or to cancel here.
 */
export function needsLeaveConfirm(state: StepState): boolean {
  return CONFIRM_STEPS.has(currentStep(state));
}

function pop(state: StepState): Transition {
  const cleared: StepState = { ...state, leaving: false };
  if (state.stack.length <= 1)
    return { state: { ...cleared, stack: ['home'] }, effects: [{ kind: 'leavePage' }] };
  return { state: { ...cleared, stack: state.stack.slice(0, -1) }, effects: [] };
}

/** A new intent from home: nothing of the last one's card is kept (its fields remount empty). */
const freshStart = (state: StepState, stack: readonly PayStep[] = ['home']): StepState => ({
  ...state,
  stack,
  leaving: false,
  phase: choosing,
  intent: state.intent + 1,
  keepHolder: false,
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
  'askDelete',
]);

/**
 * Back, browser back and phone back, per phase: never a second dialog over the one on top. While choosing, a
 * question open (leave, delete a card) is closed, and nothing else happens.
 */
function back(state: StepState): Transition {
  switch (state.phase.kind) {
    case 'choosing':
      if (state.leaving) return stay({ ...state, leaving: false });
      if (state.deleteQuestion !== undefined) return stay({ ...state, deleteQuestion: undefined });
      if (needsLeaveConfirm(state)) return stay({ ...state, leaving: true });
      return pop(state);
    case 'challenge':
      return stay(state, { kind: 'cancelChallenge' });
    case 'result':
      // The panel's way out: a success leaves the paid step, a failure returns to the step it failed on.
      return state.phase.success ? leavePaid(state) : closeFailure(state);
    default:
      // A wait (the order being made, the result being asked, the page leaving, the wallet's own sheet): back
      // waits with it; each wait ends on its own within the API's limit.
      return stay(state);
  }
}

/**
 * Out of a paid step ("done", back): the intent is over, so the step is left for the list it came from, where
 * paying again is a new choice. The machine starts afresh meanwhile (an empty card form, home), which is what
 * the step shows if it is opened again for a new order.
 */
const leavePaid = (state: StepState): Transition =>
  stay(freshStart(state), { kind: 'forgetCard' }, { kind: 'leavePaid' });

/**
 * A failure's panel closed (its ×, Escape, back): the step it failed on; home when the saved card it was on is
 * gone (locked): the CVV step would show the next card, one the visitor never chose, with none of home's hints.
 * On a saved card's CVV step the code was used up by the order, as on a retry: its field is asked again, empty
 * (a new intent remounts it), so one more tap cannot send the code just refused and spend another of the card's
 * tries.
 */
const closeFailure = (state: StepState): Transition => {
  if (state.phase.kind === 'result' && state.phase.cardGone === true)
    return stay(freshStart(state), { kind: 'forgetCard' });
  const back: StepState = { ...state, phase: choosing, leaving: false };
  return stay(currentStep(state) === 'cardCvv' ? { ...back, intent: state.intent + 1 } : back);
};

function resultAction(state: StepState, event: Extract<StepEvent, { type: 'resultAction' }>): Transition {
  if (state.phase.kind !== 'result') return stay(state);
  const success = state.phase.success;
  const back = { ...state, phase: choosing, leaving: false };
  switch (event.action) {
    case 'close':
      return success ? leavePaid(state) : closeFailure(state);
    case 'again':
    case 'anotherMethod':
      return stay(freshStart(state), { kind: 'forgetCard' });
    case 'retry':
      // A saved card's CVV was used up by the order: its field is asked again, empty.
      if (success) return stay(freshStart(state), { kind: 'forgetCard' });
      return stay(event.savedCardPaid ? { ...back, intent: state.intent + 1 } : back);
    case 'anotherCard': {
      // After a refusal: the number, expiry and CVV anew, the holder's name kept (no data lost).
      const next = freshStart(state, event.hasAnotherCard ? ['home'] : ['home', 'cardFrame']);
      return stay({ ...next, keepHolder: !success }, { kind: 'forgetCard' });
    }
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
    case 'giveUp':
      // The interrupted 3-D Secure check's order: given up while the page waits; its end is the engine's
      // (`orderNotMade` back to the step, or the paid result).
      return event.orderId === undefined
        ? stay(back)
        : stay({ ...state, phase: { kind: 'polling', orderId: event.orderId } }, { kind: 'giveUpKept' });
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
      return stay(push(state, 'cardCvv'));
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
    case 'back':
      return back(state);
    case 'confirmLeave':
      return state.leaving ? pop(state) : stay(state);
    case 'cancelLeave':
      return stay({ ...state, leaving: false });
    case 'askDelete':
      return currentStep(state) === 'savedCards'
        ? stay({ ...state, deleteQuestion: event.card })
        : stay(state);
    case 'closeDelete':
      return stay({ ...state, deleteQuestion: undefined });
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
      // A success ends its intent at once: the card fields behind the panel remount empty (a new intent
      // number), so nothing of the card that paid stays in the page while the panel is read.
      return stay({
        ...state,
        leaving: false,
        phase: {
          kind: 'result',
          success: event.success,
          ...(event.cardGone === true && !event.success ? { cardGone: true } : {}),
        },
        intent: event.success ? state.intent + 1 : state.intent,
        keepHolder: event.success ? false : state.keepHolder,
      });
    case 'cancelChallenge':
      return state.phase.kind === 'challenge' ? stay(state, { kind: 'cancelChallenge' }) : stay(state);
    case 'resultAction':
      return resultAction(state, event);
    case 'connection':
      return stay({ ...state, offline: !event.online });
    case 'accountChanged':
      return accountChanged(state);
  }
}

/**
 * Another account, or none, signed in under the step: a fresh start from home (nothing typed for the old account
 * kept, no question left open), as SPEC §4's sign-out re-initialises the pay page. A wait is not cut short (its
 * order was made under the old session and ends in its result); a result stays shown, over a fresh home.
 */
function accountChanged(state: StepState): Transition {
  if (state.phase.kind === 'choosing')
    return stay({ ...freshStart(state), deleteQuestion: undefined }, { kind: 'forgetCard' });
  if (state.phase.kind === 'result')
    return stay({ ...freshStart(state), phase: state.phase }, { kind: 'forgetCard' });
  return stay(state);
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
