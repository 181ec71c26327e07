import {
  declineMessage,
  FailDetail,
  type Outcome,
  outcomeOfAdyenRefusal,
  outcomeOfFailure,
  ServerCode,
  type WalletFailureReason,
} from '@topup/contracts';
import type { PayKey } from '../i18n/pay';

/**
 * What the result panel shows for each outcome (SPEC §2 result panel, §8 result tips). The kind of payment then
 * words it and picks its buttons (`methodKind.ts`, the one rule for that).
 */

export type ResultAction =
  | 'again'
  | 'retry'
  | 'anotherCard'
  | 'anotherMethod'
  | 'updateAndPay'
  | 'refresh'
  | 'checkAgain'
  /** Cancels the kept order (`giveUpOrder`) so the visitor can pay again: its result is asked first. */
  | 'giveUp'
  | 'close';

export interface ResultButton {
  readonly action: ResultAction;
  readonly label: PayKey;
}

export interface ResultPanel {
  readonly outcome: Outcome;
  readonly title: PayKey;
  readonly tip: PayKey;
  readonly primary: ResultButton;
  readonly secondary: ResultButton;
}

export const close: ResultButton = { action: 'close', label: 'pay.close' };
export const retry: ResultButton = { action: 'retry', label: 'pay.resultRetry' };
export const anotherCard: ResultButton = { action: 'anotherCard', label: 'pay.resultAnotherCard' };
export const anotherMethod: ResultButton = { action: 'anotherMethod', label: 'pay.resultAnotherMethod' };

// Each failure says what happened (and that nothing was charged) in its tip, and offers the one next step
// as the primary button; the secondary is the way out.
const panels: Readonly<Record<Outcome, Omit<ResultPanel, 'outcome'>>> = {
  success: {
    title: 'pay.resultSuccessTitle',
    tip: 'pay.resultSuccessTip',
    primary: { action: 'close', label: 'pay.done' },
    secondary: { action: 'again', label: 'pay.resultAgain' },
  },
  fail: {
    title: 'pay.resultFailTitle',
    tip: 'pay.resultFailTip',
    primary: retry,
    secondary: anotherMethod,
  },
  balance: {
    title: 'pay.resultFailTitle',
    tip: 'pay.resultBalanceTip',
    primary: anotherCard,
    secondary: close,
  },
  expire: {
    title: 'pay.resultFailTitle',
    tip: 'pay.resultExpireTip',
    primary: { action: 'updateAndPay', label: 'pay.resultUpdateAndPay' },
    secondary: anotherCard,
  },
  verify: {
    title: 'pay.resultFailTitle',
    tip: 'pay.resultVerifyTip',
    primary: retry,
    secondary: anotherCard,
  },
  not_support_apple_pay: {
    title: 'pay.resultFailTitle',
    tip: 'pay.resultNotSupportTip',
    primary: anotherMethod,
    secondary: close,
  },
  other: {
    title: 'pay.resultFailTitle',
    tip: 'pay.resultOtherTip',
    primary: retry,
    secondary: anotherMethod,
  },
  notActive: {
    title: 'pay.resultFailTitle',
    tip: 'pay.resultNotActiveTip',
    primary: anotherMethod,
    secondary: close,
  },
  highRisk: {
    title: 'pay.resultFailTitle',
    tip: 'pay.resultHighRiskTip',
    primary: { action: 'refresh', label: 'pay.resultRefresh' },
    secondary: anotherMethod,
  },
};

/**
 * The provider's page (hosted or 3-D Secure) was refused by the trusted-host policy, so the order cannot be
 * paid: nothing was charged, and the one way on is another method (the same one would go there again).
 */
export const refusedPagePanel: ResultPanel = {
  outcome: 'fail',
  ...panels.fail,
  primary: anotherMethod,
  secondary: close,
};

export function resultPanelOf(outcome: Outcome): ResultPanel {
  return { outcome, ...panels[outcome] };
}

/**
 * An order creation the server refused with a result that has a panel of its own: 25001, the pay type is not
 * (or no longer) offered for the package (a method switched off after the page loaded), is `notActive`:
 * another method is the way on, and nothing was made to charge. Other refusals keep their message.
 */
export function refusedOrderPanel(result: number): ResultPanel | undefined {
  if (result === ServerCode.walletTypeUnavailable) return resultPanelOf('notActive');
  if (result === ServerCode.savedCardLocked) return savedCardLockedPanel;
  return undefined;
}

/**
 * A saved card locked after repeated wrong security codes (23005): no order was made, and the card is gone from
 * the list (asked for again), so the way on is another card or another method; said in a panel that stays, not a
 * toast that fades while the card's CVV step would stay with nothing else to do.
 */
const savedCardLockedPanel: ResultPanel = {
  outcome: 'fail',
  title: 'pay.resultFailTitle',
  tip: 'pay.resultCardLockedTip',
  primary: anotherCard,
  secondary: anotherMethod,
};

/**
 * A saved card no longer kept (deleted in another tab or on another device, `features/pay/cardGone.ts`): no order
 * was made, and the list is asked for again without it; the way on is another card or another method.
 */
export const savedCardGonePanel: ResultPanel = { ...savedCardLockedPanel, tip: 'pay.resultCardGoneTip' };

/** The visitor cancelled on a provider's page: nothing was charged, and paying again is the next step. */
export const cancelledPanel: ResultPanel = {
  outcome: 'fail',
  title: 'pay.resultCancelledTitle',
  tip: 'pay.resultCancelledTip',
  primary: { action: 'retry', label: 'pay.resultPayAgain' },
  secondary: anotherMethod,
};

/** A return from an order this tab had already given up (`givenUp.ts`): cancelled here, nothing charged. */
export const givenUpPanel: ResultPanel = { ...cancelledPanel, tip: 'pay.resultGivenUpTip' };

/**
 * The result is not known yet (the bank's page left by back, a reload, polling exhausted): neither success nor
 * failure, and no claim about a charge; the next step is asking again.
 */
export const processingPanel: ResultPanel = {
  outcome: 'fail',
  title: 'pay.resultProcessingTitle',
  tip: 'pay.resultProcessingTip',
  primary: { action: 'checkAgain', label: 'pay.resultCheckAgain' },
  secondary: close,
};

/**
 * A reload (or the page's loss) during the bank's 3-D Secure check, its order still pending: the check cannot
 * be resumed, so the way on is to give the order up (cancelled, or its result if it was paid meanwhile) and
 * pay again, or to ask for its result once more. Nothing is said of a charge: none is known either way.
 */
export const challengeInterruptedPanel: ResultPanel = {
  outcome: 'fail',
  title: 'pay.resultChallengeInterruptedTitle',
  tip: 'pay.resultChallengeInterruptedTip',
  primary: { action: 'giveUp', label: 'pay.resultGiveUp' },
  secondary: { action: 'checkAgain', label: 'pay.resultCheckAgain' },
};

/**
 * Back from the order's own page (a provider's hosted page, the issuer's 3-D Secure page) and its result still
 * pending: the server has not heard the payment completed there. The way on is to give the order up (cancelled
 * first, or its result if it was paid meanwhile) and pay again, by this method or another, or to ask once more.
 * Nothing is said of a charge: none is known either way.
 */
export const returnedUnpaidPanel: ResultPanel = {
  outcome: 'fail',
  title: 'pay.resultReturnedTitle',
  tip: 'pay.resultReturnedTip',
  primary: { action: 'giveUp', label: 'pay.resultGiveUp' },
  secondary: { action: 'checkAgain', label: 'pay.resultCheckAgain' },
};

/**
 * The server knows no such order (23001): neither paid nor failed, and no charge is known for it; paying
 * again makes a new order.
 */
export const orderNotFoundPanel: ResultPanel = {
  outcome: 'fail',
  title: 'pay.resultNotFoundTitle',
  tip: 'pay.resultNotFoundTip',
  primary: { action: 'retry', label: 'pay.resultPayAgain' },
  secondary: anotherMethod,
};

/**
 * The provider timed out: the order failed, but whether the card was touched the page cannot know. The tip asks
 * the visitor to look at their bank before paying again, so paying again is not the button it puts first: the
 * panel closes, and the pay button is still there once they have looked (never one tap from paying
 * twice).
 */
export const timeoutPanel: ResultPanel = {
  outcome: 'other',
  title: 'pay.resultFailTitle',
  tip: 'pay.resultTimeoutTip',
  primary: close,
  secondary: anotherMethod,
};

/** The visitor cancelled the 3-D Secure challenge; "nothing was charged" only when the server confirms it. */
export const challengeCancelledPanel = (confirmed: boolean): ResultPanel => ({
  outcome: 'fail',
  title: 'pay.resultChallengeCancelledTitle',
  tip: confirmed ? 'pay.resultChallengeCancelledConfirmedTip' : 'pay.resultChallengeCancelledTip',
  primary: { action: 'retry', label: 'pay.resultPayAgain' },
  secondary: anotherMethod,
});

export function isCancel(failure: PaymentFailure): boolean {
  return failure.failDetail === FailDetail.userCancel;
}

export interface PaymentFailure {
  readonly errCode?: string | undefined;
  readonly failDetail?: string | undefined;
  readonly refusalReasonCode?: string | undefined;
  readonly summary?: string | undefined;
}

/**
 * A failed payment's outcome: the fail_detail and err_code mapping first (it knows risk control), then
 * provider 17's refusal reason code (SPEC §4).
 */
export function outcomeOfPaymentFailure(failure: PaymentFailure): Outcome {
  const byDetail = outcomeOfFailure({ errCode: failure.errCode, failDetail: failure.failDetail });
  if (byDetail !== 'other' || failure.refusalReasonCode === undefined) return byDetail;
  return outcomeOfAdyenRefusal(failure.refusalReasonCode);
}

/** The code's own message under the tip (200P1 → try another card …), per SPEC §8. */
export function failureMessage(failure: PaymentFailure): string {
  return declineMessage(failure.errCode, failure.summary ?? '');
}

/**
 * Panels that say nothing of a charge (none is known either way): a message under one never turns its tip into
 * "nothing was charged" (`methodKind.ts`); a wallet's order they show stays kept, its result asked before paying.
 */
const UNCERTAIN_TIPS: ReadonlySet<PayKey> = new Set<PayKey>(
  [processingPanel, challengeInterruptedPanel, returnedUnpaidPanel, orderNotFoundPanel, timeoutPanel].map(
    (panel) => panel.tip,
  ),
);
export const isUncertain = (panel: ResultPanel): boolean => UNCERTAIN_TIPS.has(panel.tip);

/** Wallet failure wording (SPEC §4, §8), when it shows (the default waits 1.2 s) and its panel (none: a toast). */
export interface WalletFailureNotice {
  readonly text: PayKey;
  readonly delayMs: number;
  readonly panel: ResultPanel | undefined;
}

/** A wallet failure before its token was sent (the order, the merchant session, a cancel): nothing was charged. */
export function walletFailureNotice(reason: WalletFailureReason): WalletFailureNotice {
  switch (reason) {
    case 'userCancel':
      return { text: 'pay.walletUserCancel', delayMs: 0, panel: undefined };
    case 'networkTimeout':
      return { text: 'pay.walletNetworkTimeout', delayMs: 0, panel: resultPanelOf('fail') };
    case 'highRisk':
      return { text: 'pay.walletChannelRisk', delayMs: 0, panel: resultPanelOf('highRisk') };
    case 'verifyFailed':
      return { text: 'pay.wallet3dFailed', delayMs: 0, panel: resultPanelOf('verify') };
    case 'insufficientFunds':
      return { text: 'pay.walletInsufficient', delayMs: 0, panel: resultPanelOf('balance') };
    case 'default':
      return { text: 'pay.walletDefault', delayMs: 1200, panel: resultPanelOf('fail') };
  }
}

/**
 * A wallet failure after the visitor authorised the payment (its token sent; a decline, possibly after pending):
 * the payment was refused, not "could not start", and its default reason keeps SPEC §4's 1.2 s wait. A time-out
 * then is the card's (`timeoutPanel`): the provider may have charged, so nothing is said of a charge; the network
 * message stays beneath it (SPEC §4), and the order stays kept, so paying again first asks its result.
 */
export function walletDeclineNotice(reason: WalletFailureReason): WalletFailureNotice {
  const notice = walletFailureNotice(reason);
  if (reason === 'networkTimeout') return { ...notice, panel: timeoutPanel };
  return reason === 'default' ? { ...notice, text: 'pay.walletDeclined' } : notice;
}
