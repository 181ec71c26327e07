import { ClientCode } from '@topup/contracts';
import { startTransition, useCallback, useEffect, useReducer, useRef } from 'react';
import type { ApiClient, CallResult } from '../../api/client';
import { ft } from '../../i18n/fines';
import { t } from '../../i18n/t';
import type { CardSubmit } from '../../payments/CardEntry';
import type { ThreeDsAdapter } from '../../payments/providers/types';
import type { BanMemory } from './banMemory';
import {
  checkUnban,
  createOrderGuard,
  type FineCard,
  type FineDeps,
  fineIntent,
  fineOrderResult,
  lostAnswer,
  payFineByCard,
  payFineOnHostedPage,
} from './finePayment';
import type { FineLink } from './fineUrl';
import { type FinePaymentEnd, fineReducer, initialScreen, type PayMethod } from './state';

export interface FineScreenDeps extends FineDeps {
  readonly api: ApiClient;
  readonly threeDs: () => Promise<ThreeDsAdapter>;
  readonly redirect: (url: string) => boolean;
  readonly banMemory: BanMemory;
}

export interface PendingCard {
  readonly submit: CardSubmit;
  readonly holderName: string;
}

/** A lost answer says so, with the one next step: the pay button asks for the same order again. */
function unconfirmedSaid(end: FinePaymentEnd): FinePaymentEnd {
  return lostAnswer(end) && end.kind === 'refused' ? { ...end, message: ft('fines.orderUnconfirmed') } : end;
}

/** The fines screen's controller: runs the calls and feeds their answers to the pure reducer. */
export function useFineFlow(link: FineLink, deps: FineScreenDeps) {
  const [state, dispatch] = useReducer(fineReducer, link, initialScreen);
  const guard = useRef(createOrderGuard(deps));
  const card = useRef<PendingCard | undefined>(undefined);
  const challenge = useRef<HTMLElement>(null);
  const abort = useRef(new AbortController());
  const remember = useRef(false);
  /** The tokenised card of an order whose answer was lost: the retry re-sends exactly that request. */
  const lostCard = useRef<FineCard | undefined>(undefined);
  const fineId = link.kind === 'fine' ? link.fineId : undefined;
  const returnOrderId = link.kind === 'fine' ? link.returnOrderId : undefined;

  const load = useCallback(async () => {
    if (fineId === undefined) return;
    dispatch({ type: 'load' });
    let answer: CallResult<'getFineInfo'>;
    try {
      answer = await deps.api.call('getFineInfo', { id: fineId });
    } catch {
      // An answer outside the contract: shown like any failure, with a retry.
      answer = { ok: false, result: ClientCode.setup, message: t('app.unexpected') };
    }
    // The answer draws the whole fine (its summary, the pay choices, the card fields): in a transition, so a
    // slow phone's main thread is yielded every few milliseconds instead of held for the whole redraw.
    startTransition(() => dispatch({ type: 'fineAnswered', answer }));
  }, [deps, fineId]);

  const checkResult = useCallback(
    async (orderId: string) => {
      const bannedBefore = fineId === undefined ? undefined : deps.banMemory.recall(fineId);
      dispatch({ type: 'checkResult', orderId, bannedBefore });
      const end = await fineOrderResult(deps, orderId);
      startTransition(() => dispatch({ type: 'paymentEnded', end }));
    },
    [deps, fineId],
  );

  useEffect(() => {
    const controller = abort.current;
    if (returnOrderId !== undefined) void checkResult(returnOrderId);
    else void load();
    return () => controller.abort();
  }, [load, checkResult, returnOrderId]);

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
    if (state.kind !== 'payable' || state.busy !== 'idle') return;
    const fine = state.fine;
    // The hosted and issuer pages come back to a fresh page, which must still know whether it was banned.
    deps.banMemory.remember(fine.id, fine.account_banned);
    if (state.method === 'hosted') {
      const end = await guard.current.run(
        fineIntent('hosted', fine),
        async (requestId) => {
          dispatch({ type: 'orderStarted' });
          return payFineOnHostedPage(
            {
              ...deps,
              redirect: (url) => {
                dispatch({ type: 'redirecting' });
                return deps.redirect(url);
              },
            },
            fine,
            requestId,
          );
        },
        lostAnswer,
      );
      if (end !== undefined) dispatch({ type: 'paymentEnded', end: unconfirmedSaid(end) });
      return;
    }
    const pending = card.current;
    if (pending === undefined) return;
    const intent = fineIntent('card', fine);
    const end = await guard.current.run(
      intent,
      async (requestId) => {
        dispatch({ type: 'orderStarted' });
        // The same request as the one whose answer was lost (its token included), never a second card.
        let fineCard = guard.current.unconfirmed === intent ? lostCard.current : undefined;
        if (fineCard === undefined) {
          const tokenised = await pending.submit();
          if (!tokenised.ok) return { kind: 'cardRefused', message: tokenised.message } as const;
          fineCard = {
            tokenised: tokenised.value,
            holderName: pending.holderName,
            remember: remember.current,
          };
        }
        const answer = await payFineByCard(
          {
            ...deps,
            container: () => challenge.current ?? document.body,
            signal: abort.current.signal,
            onVerifying: () => dispatch({ type: 'verifying' }),
            onRedirect: () => dispatch({ type: 'redirecting' }),
          },
          fine,
          fineCard,
          requestId,
        );
        lostCard.current = lostAnswer(answer) ? fineCard : undefined;
        return answer;
      },
      lostAnswer,
    );
    if (end === undefined) return;
    if (end.kind === 'cardRefused') dispatch({ type: 'cardRefused', message: end.message });
    else dispatch({ type: 'paymentEnded', end: unconfirmedSaid(end) });
  }, [state, deps]);

  return {
    state,
    load,
    pay,
    card,
    challenge,
    remember,
    retryResult: returnOrderId === undefined ? undefined : () => void checkResult(returnOrderId),
    checkUnbanAgain: () => dispatch({ type: 'recheckUnban' }),
    chooseMethod: (method: PayMethod) => dispatch({ type: 'chooseMethod', method }),
  };
}
