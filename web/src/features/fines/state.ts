import { ClientCode, type Outcome, ServerCode } from '@topup/contracts';
import type { CallResult } from '../../api/client';
import type { ResultPanel } from '../../payments/outcome';
import type { RefusalNote } from '../../payments/refusalText';
import { type AmountChange, amountChangeOf } from './amountChange';
import { type AccountBan, type UnbanState, unbanOf } from './unban';

/**
 * The fines screen as a pure function from answers to screen state: every fine state of TESTDATA, the
 * payment's waits and ends, and the account check after a paid fine.
 */

export type FineInfo = Extract<CallResult<'getFineInfo'>, { ok: true }>['data'];
export type PayMethod = 'card' | 'hosted';
export type Busy = 'idle' | 'creatingOrder' | 'verifying' | 'redirecting';
export type FineScreen =
  | { readonly kind: 'badLink'; readonly reason: 'missing' | 'invalid' }
  /** `previousAmount`: the amount shown before a refresh after "amount changed" (said beside the new one). */
  | { readonly kind: 'loading'; readonly method?: PayMethod | undefined; readonly previousAmount?: number }
  | { readonly kind: 'loadFailed'; readonly result: number; readonly unreadable?: boolean } // outside the contract
  | { readonly kind: 'notFound' }
  | {
      readonly kind: 'alreadyPaid';
      readonly fine: FineInfo;
      /** The order that paid it in this tab, when it is known (its receipt is shown). */
      readonly orderId?: string | undefined;
    }
  | {
      readonly kind: 'payable';
      readonly fine: FineInfo;
      readonly method: PayMethod;
      readonly busy: Busy;
      readonly error: string | RefusalNote | undefined;
      /** The amount changed since the visitor saw it: said, and paid only once confirmed. */
      readonly amountChange?: AmountChange | undefined;
    }
  | { readonly kind: 'amountChanged'; readonly fine: FineInfo; readonly method: PayMethod }
  | {
      readonly kind: 'checkingResult';
      /** Undefined while a card order whose answer was lost before a reload is asked for by its X-CLI-RID. */
      readonly orderId: string | undefined;
      readonly bannedBefore: boolean | undefined;
      /** The fine and the method paid with, while known (a return from the provider's page knows neither). */
      readonly fine: FineInfo | undefined;
      readonly method: PayMethod | undefined;
    }
  /** The server knows no such order (a crafted or stale return link): nothing is known of a charge. */
  | { readonly kind: 'orderNotFound'; readonly orderId: string; readonly fine: FineInfo | undefined }
  | {
      readonly kind: 'pending';
      readonly orderId: string;
      /** The fine's summary, on every ending as on the paid receipt (asked for when the page lost it). */
      readonly fine: FineInfo | undefined;
      readonly method: PayMethod | undefined;
      /** Paying another way was asked, and the order could not be cancelled: it may still be paid. */
      readonly notCancelled?: true;
      /** The tab's order found again after its page was left (`pendingPanelOf`): the pay step's words. */
      readonly panel?: ResultPanel;
    }
  | {
      readonly kind: 'paid';
      readonly orderId: string | undefined;
      readonly fine: FineInfo | undefined;
      /**
       * The account's ban before the payment: get_fine_info's `account_banned` as the visitor saw it, or as
       * remembered across the hosted or issuer page; undefined when nothing was remembered.
       */
      readonly bannedBefore: boolean | undefined;
      readonly unban: UnbanState;
    }
  | {
      readonly kind: 'payFailed';
      readonly orderId: string | undefined;
      readonly outcome: Outcome;
      readonly detail: string | undefined;
      readonly fine: FineInfo | undefined;
      /** What was paid with: a method that is no card is never told to try another card. */
      readonly method: PayMethod | undefined;
    };

/** How a fine payment ended, as the payment module reports it. */
export type FinePaymentEnd =
  | { readonly kind: 'paid'; readonly orderId: string }
  | {
      readonly kind: 'failed';
      readonly orderId: string;
      readonly outcome: Outcome;
      readonly detail: string | undefined;
    }
  /** `notCancelled`: the visitor chose another way, and the order's cancel was refused or went unanswered. */
  | {
      readonly kind: 'pending';
      readonly orderId: string;
      readonly notCancelled?: true;
      readonly panel?: ResultPanel;
    }
  | { readonly kind: 'orderNotFound'; readonly orderId: string }
  | { readonly kind: 'refused'; readonly result: number; readonly message: string | RefusalNote }
  | { readonly kind: 'redirected'; readonly orderId: string };

export type FineEvent =
  | { readonly type: 'load' }
  | {
      readonly type: 'fineAnswered';
      readonly answer: CallResult<'getFineInfo'>;
      /** The order that paid this fine in this tab, if one did. */
      readonly paidOrder?: string | undefined;
      readonly unreadable?: boolean; // the answer was outside the contract: never shown or paid
    }
  | { readonly type: 'chooseMethod'; readonly method: PayMethod }
  | { readonly type: 'confirmAmount'; readonly confirmed: boolean }
  | { readonly type: 'orderStarted' }
  | { readonly type: 'verifying' }
  | { readonly type: 'redirecting' }
  | { readonly type: 'cardRefused'; readonly message: string }
  | { readonly type: 'paymentEnded'; readonly end: FinePaymentEnd }
  | {
      readonly type: 'checkResult';
      readonly orderId: string | undefined;
      readonly bannedBefore: boolean | undefined;
      /** The method of the order asked for, when the tab kept it (a return from the provider's page). */
      readonly method?: PayMethod | undefined;
    }
  /** The fine's info for an ending that lost it (a return, a reload); `paidOrder`: the tab's receipt of it. */
  | { readonly type: 'summaryAnswered'; readonly fine: FineInfo; readonly paidOrder?: string | undefined }
  | { readonly type: 'recheckUnban' }
  | { readonly type: 'unbanChecked'; readonly account: AccountBan; readonly fine?: FineInfo };

export const initialScreen = (link: { kind: 'missing' | 'invalid' } | { kind: 'fine' }): FineScreen =>
  link.kind === 'fine' ? { kind: 'loading' } : { kind: 'badLink', reason: link.kind };

/**
 * get_fine_info's answer: paid, payable (by the way chosen before a refresh, a changed amount said beside the
 * one shown before), missing, or failed (its code).
 */
export function screenOfFine(
  answer: CallResult<'getFineInfo'>,
  paidOrder?: string,
  method?: PayMethod,
  previousAmount?: number,
): FineScreen {
  if (answer.ok)
    return answer.data.status === 'paid'
      ? { kind: 'alreadyPaid', fine: answer.data, orderId: paidOrder }
      : {
          kind: 'payable',
          fine: answer.data,
          method: method ?? 'card',
          busy: 'idle',
          error: undefined,
          amountChange: amountChangeOf(previousAmount, answer.data.amount),
        };
  if (answer.result === ServerCode.fineNotFound) return { kind: 'notFound' };
  return { kind: 'loadFailed', result: answer.result };
}

/** A refused fine order: the fine's own codes change the screen; anything else is shown with the form. */
function screenOfRefusal(state: FineScreen, result: number, message: string | RefusalNote): FineScreen {
  if (result === ServerCode.fineNotFound) return { kind: 'notFound' };
  if (state.kind !== 'payable') return state;
  const { fine, method } = state;
  if (result === ServerCode.fineAmountChanged) return { kind: 'amountChanged', fine, method };
  if (result === ServerCode.fineAlreadyPaid)
    return { kind: 'alreadyPaid', fine: { ...fine, status: 'paid' } };
  return { ...state, busy: 'idle', error: message };
}

/** The ban before the payment: the fine the visitor paid, or what was remembered before leaving the page. */
function bannedBeforeOf(state: FineScreen): boolean | undefined {
  if (state.kind === 'payable') return state.fine.account_banned;
  if (state.kind === 'checkingResult') return state.bannedBefore;
  return undefined;
}

/** The fine and method a screen knows, carried to the screen that follows it. */
function fineOf(state: FineScreen): FineInfo | undefined {
  return state.kind === 'payable' ||
    state.kind === 'checkingResult' ||
    state.kind === 'pending' ||
    state.kind === 'payFailed' ||
    state.kind === 'paid'
    ? state.fine
    : undefined;
}
/** Every screen that knows a method carries it (the way chosen, or the way an order was paid). */
const methodOf = (state: FineScreen): PayMethod | undefined => ('method' in state ? state.method : undefined);

/** The endings that show the fine's summary and lack it: the page asks for the fine (`summaryAnswered`). */
export function lacksSummary(
  state: FineScreen,
): state is Extract<FineScreen, { kind: 'pending' | 'payFailed' | 'orderNotFound' }> {
  return (
    (state.kind === 'pending' || state.kind === 'payFailed' || state.kind === 'orderNotFound') &&
    state.fine === undefined
  );
}

const withBusy = (state: FineScreen, busy: Busy): FineScreen =>
  state.kind === 'payable' ? { ...state, busy, error: undefined } : state;

/**
 * What a paid fine still takes: the account check after it, and the fine's info (its summary). Nothing else
 * reopens it (a paid intent is terminal; the page opened again starts afresh, MACHINE.md).
 */
const PAID_EVENTS: ReadonlySet<FineEvent['type']> = new Set([
  'fineAnswered',
  'recheckUnban',
  'unbanChecked',
  'summaryAnswered',
]);

export function fineReducer(state: FineScreen, event: FineEvent): FineScreen {
  if (state.kind === 'paid' && !PAID_EVENTS.has(event.type)) return state;
  switch (event.type) {
    case 'load':
      // Already loading (the first load): the same state, so the screen is not drawn again for nothing.
      if (state.kind === 'badLink' || state.kind === 'loading') return state;
      return state.kind === 'amountChanged'
        ? { kind: 'loading', method: state.method, previousAmount: state.fine.amount }
        : { kind: 'loading', method: methodOf(state) };
    case 'fineAnswered':
      if (state.kind === 'paid') return event.answer.ok ? { ...state, fine: event.answer.data } : state;
      if (event.unreadable === true)
        return { kind: 'loadFailed', result: ClientCode.setup, unreadable: true };
      return screenOfFine(
        event.answer,
        event.paidOrder,
        methodOf(state),
        state.kind === 'loading' ? state.previousAmount : undefined,
      );
    case 'chooseMethod':
      return state.kind === 'payable' && state.busy === 'idle'
        ? { ...state, method: event.method, error: undefined }
        : state;
    case 'confirmAmount':
      return state.kind === 'payable' && state.busy === 'idle' && state.amountChange !== undefined
        ? { ...state, amountChange: { ...state.amountChange, confirmed: event.confirmed } }
        : state;
    case 'orderStarted':
      return withBusy(state, 'creatingOrder');
    case 'verifying':
      return withBusy(state, 'verifying');
    case 'redirecting':
      return withBusy(state, 'redirecting');
    case 'cardRefused':
      return state.kind === 'payable' ? { ...state, busy: 'idle', error: event.message } : state;
    case 'paymentEnded': {
      const end = event.end;
      switch (end.kind) {
        case 'redirected':
          return withBusy(state, 'redirecting');
        case 'refused':
          return screenOfRefusal(state, end.result, end.message);
        case 'paid':
          return {
            kind: 'paid',
            orderId: end.orderId,
            fine: fineOf(state),
            bannedBefore: bannedBeforeOf(state),
            unban: 'checking',
          };
        case 'pending':
          return {
            kind: 'pending',
            orderId: end.orderId,
            fine: fineOf(state),
            method: methodOf(state),
            ...(end.notCancelled === true ? { notCancelled: true } : {}),
            ...(end.panel === undefined ? {} : { panel: end.panel }),
          };
        case 'orderNotFound':
          return { kind: 'orderNotFound', orderId: end.orderId, fine: fineOf(state) };
        case 'failed':
          return {
            kind: 'payFailed',
            orderId: end.orderId,
            outcome: end.outcome,
            detail: end.detail,
            fine: fineOf(state),
            method: methodOf(state),
          };
      }
      return state;
    }
    case 'checkResult':
      return {
        kind: 'checkingResult',
        orderId: event.orderId,
        bannedBefore: event.bannedBefore,
        fine: fineOf(state),
        method: event.method ?? methodOf(state),
      };
    case 'summaryAnswered':
      // A failed or unknown order of a fine paid since (by another order): the fine is paid, and said so.
      if (lacksSummary(state) && state.kind !== 'pending' && event.fine.status === 'paid')
        return { kind: 'alreadyPaid', fine: event.fine, orderId: event.paidOrder };
      return lacksSummary(state) || (state.kind === 'paid' && state.fine === undefined)
        ? { ...state, fine: event.fine }
        : state;
    case 'recheckUnban':
      return state.kind === 'paid' ? { ...state, unban: 'checking' } : state;
    case 'unbanChecked':
      return state.kind === 'paid'
        ? { ...state, unban: unbanOf(state.bannedBefore, event.account), fine: event.fine ?? state.fine }
        : state;
  }
}

/** The screens that end a wait: focus moves to their heading so a screen reader announces them. */
export function isSettled(state: FineScreen): boolean {
  return !(state.kind === 'loading' || state.kind === 'checkingResult' || state.kind === 'payable');
}
