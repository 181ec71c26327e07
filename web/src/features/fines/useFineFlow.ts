import { ClientCode } from '@topup/contracts';
import { startTransition, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { type ApiClient, type CallResult, ContractViolation } from '../../api/client';
import { ft } from '../../i18n/fines';
import { t } from '../../i18n/t';
import type { CardSubmit } from '../../payments/CardEntry';
import { CHECK_TRIES } from '../../payments/payment';
import type { ThreeDsAdapter } from '../../payments/providers/types';
import { awaitsConfirm } from './amountChange';
import type { BanMemory } from './banMemory';
import { keptMethod, unconfirmedSaid, withPanel } from './fineEnds';
import {
  cardRequest,
  checkUnban,
  createOrderGuard,
  type FineAttempts,
  type FineCard,
  type FineDeps,
  fineOrderResult,
  giveUpFineOrder,
  hostedRequest,
  lostAnswer,
  payFineByCard,
  payFineOnHostedPage,
  recoverFineOrder,
  settleAttempt,
} from './finePayment';
import type { FineLink } from './fineUrl';
import type { PaidOrders } from './paidOrders';
import { type FinePaymentEnd, fineReducer, initialScreen, lacksSummary, type PayMethod } from './state';

export interface FineScreenDeps extends FineDeps {
  readonly api: ApiClient;
  readonly threeDs: () => Promise<ThreeDsAdapter>;
  readonly redirect: (url: string) => boolean;
  readonly banMemory: BanMemory;
  /** The order that paid each fine in this tab: the receipt of a fine opened again. */
  readonly paidOrders: PaidOrders;
  /** The tab's fine order attempts (payments/orderAttempt.ts's rule, kept across a reload). */
  readonly attempts: FineAttempts;
  /** A return's arguments leave the address once its end is known, so a reload does not ask about it again. */
  readonly leaveReturn: () => void;
}

export interface PendingCard {
  readonly submit: CardSubmit;
  readonly holderName: string;
}

/** The fines screen's controller: runs the calls and feeds their answers to the pure reducer. */
export function useFineFlow(link: FineLink, deps: FineScreenDeps) {
  const [state, dispatch] = useReducer(fineReducer, link, initialScreen);
  const guard = useRef(createOrderGuard(deps.attempts, deps));
  const card = useRef<PendingCard | undefined>(undefined);
  const challenge = useRef<HTMLElement>(null);
  const abort = useRef(new AbortController());
  const remember = useRef(false);
  /** The holder name of the kept card order, for the card fields of a new page paying another way. */
  const [keptHolder, setKeptHolder] = useState<string | undefined>(undefined);
  /** The tokenised card of an order whose answer was lost: the retry re-sends exactly that request. */
  const lostCard = useRef<{ readonly fineId: number; readonly card: FineCard } | undefined>(undefined);
  const fineId = link.kind === 'fine' ? link.fineId : undefined;
  const returnOrderId = link.kind === 'fine' ? link.returnOrderId : undefined;

  /** A payment's end on screen; a paid one is remembered for the fine's page opened again (its receipt). */
  const ended = useCallback(
    (end: FinePaymentEnd) => {
      if (end.kind === 'paid' && fineId !== undefined) deps.paidOrders.remember(fineId, end.orderId);
      dispatch({ type: 'paymentEnded', end });
    },
    [deps, fineId],
  );

  const load = useCallback(async () => {
    if (fineId === undefined) return;
    dispatch({ type: 'load' });
    let answer: CallResult<'getFineInfo'>;
    let unreadable = false;
    try {
      answer = await deps.api.call('getFineInfo', { id: fineId });
      // Another fine's answer (a server's mix-up or lie) is not this link's fine: never shown or paid as it.
      unreadable = answer.ok && answer.data.id !== fineId;
    } catch (error) {
      // An answer outside the contract: shown like any failure, with a retry. A whole answer of the wrong shape
      // (a fine in another currency, finer than a cent, an account id that is no id) is said so: never paid.
      unreadable = error instanceof ContractViolation && error.part === 'answer';
      answer = { ok: false, result: ClientCode.setup, message: t('app.unexpected') };
    }
    // The answer draws the whole fine (its summary, the pay choices, the card fields): in a transition, so a
    // slow phone's main thread is yielded every few milliseconds instead of held for the whole redraw.
    const paidOrder = deps.paidOrders.recall(fineId);
    startTransition(() => dispatch({ type: 'fineAnswered', answer, paidOrder, unreadable }));
  }, [deps, fineId]);

  const checkResult = useCallback(
    async (orderId: string, tries?: number) => {
      const bannedBefore = fineId === undefined ? undefined : deps.banMemory.recall(fineId);
      dispatch({ type: 'checkResult', orderId, bannedBefore, method: keptMethod(deps.attempts, orderId) });
      const end = withPanel(await fineOrderResult(deps, orderId, tries), deps.attempts);
      // The order this tab kept: settled once its result is known, kept while it is still pending.
      if (deps.attempts.unsettled()?.orderId === orderId) settleAttempt(deps.attempts, end);
      // Known (paid, failed, no such order): nothing left to ask. Still pending: a reload asks again.
      if (end.kind !== 'pending') deps.leaveReturn();
      startTransition(() => ended(end));
    },
    [deps, fineId, ended],
  );

  /**
   * A fresh page (a reload, a return by back) with an order of this fine kept by the tab: its result, never a
   * second order; otherwise the fine as the server has it.
   */
  const open = useCallback(async () => {
    if (fineId === undefined) return;
    const kept = deps.attempts.unsettled() ?? deps.attempts.unanswered();
    if (kept?.intent?.fine_id !== fineId) return load();
    setKeptHolder(kept.intent.name);
    dispatch({
      type: 'checkResult',
      orderId: kept.orderId,
      bannedBefore: deps.banMemory.recall(fineId),
      method: keptMethod(deps.attempts, kept.orderId),
    });
    // Its page left (Back from the issuer's page) or its check lost: asked briefly, as the pay step asks.
    const left = kept.left === true || kept.challenged === true;
    const end = await recoverFineOrder(deps, deps.attempts, fineId, left ? CHECK_TRIES : undefined);
    if (end === undefined) return load();
    startTransition(() => ended(withPanel(end, deps.attempts)));
  }, [deps, fineId, load, ended]);

  useEffect(() => {
    const controller = abort.current;
    if (returnOrderId !== undefined) void checkResult(returnOrderId);
    else void open();
    return () => controller.abort();
  }, [open, checkResult, returnOrderId]);

  // An ending reached without the fine (a return, a reload) asks for it: its summary stays on screen.
  const needsSummary = lacksSummary(state);
  useEffect(() => {
    if (!needsSummary || fineId === undefined) return;
    void deps.api
      .call('getFineInfo', { id: fineId })
      .then((info) => {
        if (info.ok)
          dispatch({ type: 'summaryAnswered', fine: info.data, paidOrder: deps.paidOrders.recall(fineId) });
      })
      // An answer outside the contract: the ending stands without its summary.
      .catch(() => undefined);
  }, [needsSummary, deps, fineId]);

  /**
   * A pending order the visitor gave up on (back from the provider's page without paying): given up
   * (`giveUpFineOrder`: asked once more, cancelled while still pending) before the fine is shown to pay another
   * way. A paid order is shown paid; one still pending (its cancel refused or unanswered) stays, said so, and
   * the fine is not offered again while it may still be paid.
   */
  const payAnotherWay = useCallback(
    async (orderId: string) => {
      if (fineId === undefined) return;
      dispatch({
        type: 'checkResult',
        orderId,
        bannedBefore: deps.banMemory.recall(fineId),
        method: keptMethod(deps.attempts, orderId),
      });
      const end = await giveUpFineOrder(deps, orderId);
      if (end.kind === 'pending') {
        startTransition(() => ended({ ...end, notCancelled: true }));
        return;
      }
      if (deps.attempts.unsettled()?.orderId === orderId) deps.attempts.settled();
      deps.leaveReturn();
      if (end.kind === 'paid') {
        startTransition(() => ended(end));
        return;
      }
      await load();
    },
    [deps, fineId, ended, load],
  );

  const unban = state.kind === 'paid' ? state.unban : undefined;
  const checkUnbanNow = useCallback(async () => {
    if (fineId === undefined) return;
    try {
      dispatch({ type: 'unbanChecked', ...(await checkUnban(deps.api, fineId)) });
    } catch {
      // An answer outside the contract: the payment stands, the account's state is not known.
      dispatch({ type: 'unbanChecked', account: 'unknown' });
    }
  }, [deps, fineId]);

  useEffect(() => {
    if (unban === 'checking') void checkUnbanNow();
  }, [unban, checkUnbanNow]);

  const pay = useCallback(async () => {
    // A changed amount is paid only once the visitor confirmed it (its box), never by the tap after a refresh.
    if (state.kind !== 'payable' || state.busy !== 'idle' || awaitsConfirm(state.amountChange)) return;
    const fine = state.fine;
    // The hosted and issuer pages come back to a fresh page, which must still know whether it was banned.
    deps.banMemory.remember(fine.id, fine.account_banned);
    if (state.method === 'hosted') {
      const end = await guard.current.run(hostedRequest(fine, deps.deviceId()), async (requestId) => {
        dispatch({ type: 'orderStarted' });
        return payFineOnHostedPage(
          {
            ...deps,
            onOrdered: (orderId) => deps.attempts.ordered(orderId),
            redirect: (url) => {
              dispatch({ type: 'redirecting' });
              return deps.redirect(url);
            },
          },
          fine,
          requestId,
        );
      });
      if (end !== undefined) ended(unconfirmedSaid(end, 'payerMaxCreateFinePay'));
      return;
    }
    const pending = card.current;
    if (pending === undefined || guard.current.busy) return;
    dispatch({ type: 'orderStarted' });
    // The same request as the one whose answer was lost (its token included), never a second card.
    let fineCard = lostCard.current?.fineId === fine.id ? lostCard.current.card : undefined;
    if (fineCard === undefined) {
      const tokenised = await pending.submit();
      if (!tokenised.ok) return dispatch({ type: 'cardRefused', message: tokenised.message });
      fineCard = { tokenised: tokenised.value, holderName: pending.holderName, remember: remember.current };
    }
    const sent = fineCard;
    const end = await guard.current.run(cardRequest(fine, deps.deviceId(), sent), (requestId) =>
      payFineByCard(
        {
          ...deps,
          container: () => challenge.current ?? document.body,
          signal: abort.current.signal,
          onOrdered: (orderId) => deps.attempts.ordered(orderId),
          onVerifying: (action) => {
            // The issuer's own page (a redirect) is left, not lost: Back comes to a new page that offers giving
            // the order up (`pendingPanelOf`); a check in the page's layer is lost with a reload.
            deps.attempts.challengeOpened(action.type === 'redirect');
            dispatch({ type: 'verifying' });
          },
          onRedirect: () => {
            // The card's 3-D Secure on the issuer's page: left, as the pay step leaves (`leaveForPage`).
            deps.attempts.leftForPage();
            dispatch({ type: 'redirecting' });
          },
        },
        fine,
        sent,
        requestId,
      ),
    );
    if (end === undefined) return;
    lostCard.current = lostAnswer(end, 'createFinePay') ? { fineId: fine.id, card: sent } : undefined;
    ended(unconfirmedSaid(end, 'createFinePay'));
  }, [state, deps, ended]);

  return {
    state,
    load,
    pay,
    /** The last order's answer was lost (said so at the pay button): the next pay re-sends that same request. */
    unconfirmed:
      state.kind === 'payable' && state.busy === 'idle' && state.error === ft('fines.orderUnconfirmed'),
    card,
    challenge,
    remember,
    /** A result still pending (a return, a reload, a card order): asked for again, never a second order. */
    retryResult:
      state.kind === 'pending'
        ? () => void checkResult(state.orderId, state.panel === undefined ? undefined : CHECK_TRIES)
        : undefined,
    keptHolder,
    /** A result still pending: the order checked (and cancelled) before the fine's methods are shown again. */
    payAnotherWay: state.kind === 'pending' ? () => void payAnotherWay(state.orderId) : undefined,
    checkUnbanAgain: () => dispatch({ type: 'recheckUnban' }),
    chooseMethod: (method: PayMethod) => dispatch({ type: 'chooseMethod', method }),
    confirmAmount: (confirmed: boolean) => dispatch({ type: 'confirmAmount', confirmed }),
  };
}
