import type { PayType } from '@topup/contracts';
import { useSetAtom, useStore } from 'jotai';
import { type RefObject, useCallback } from 'react';
import { api } from '../../api/instance';
import { pt } from '../../i18n/pay';
import { methodKindOf, panelOfFailure } from '../../payments/methodKind';
import { payAttempts } from '../../payments/orderAttempt';
import {
  challengeCancelledPanel,
  isUncertain,
  orderNotFoundPanel,
  refusedPagePanel,
  resultPanelOf,
} from '../../payments/outcome';
import type { PaymentEnd } from '../../payments/payment';
import { pendingPanelOf } from '../../payments/pendingPanel';
import { hasUnsent } from '../../payments/unsentResult';
import { deviceId } from '../../platform/ids';
import { sleep } from '../../platform/sleep';
import type { FlowNotice } from './keptOrder';
import { fetchSavedCards } from './load';
import type { PaidWith, Unconfirmed, UsedCard } from './orderRequest';
import { refreshPageViewId } from './pageView';
import { rememberSuccessAtom, showResultAtom } from './state';

interface FinishDeps {
  /** The open challenge's cancel, let go once the order ends. */
  readonly challengeAbort: RefObject<AbortController | undefined>;
  readonly unconfirmed: RefObject<Unconfirmed | undefined>;
  readonly setNotice: (notice: FlowNotice) => void;
  readonly setPaidCard: (card: { sourceId: string; remembered: boolean }) => void;
  /** The visitor's "save this card" answer. */
  readonly remember: boolean;
}

/**
 * The order engine's end of an order (`useOrderEngine`): its result panel, what the tab keeps of it (a pending
 * or uncertain order stays kept, anything else is settled), and a success's remembered method and card.
 */
export function useFinish({ challengeAbort, unconfirmed, setNotice, setPaidCard, remember }: FinishDeps) {
  const store = useStore();
  const showResult = useSetAtom(showResultAtom);
  return useCallback(
    (
      end: PaymentEnd,
      orderId: string,
      payType: PayType,
      used: UsedCard,
      paidWith: PaidWith | undefined,
      earlier?: string,
    ) => {
      challengeAbort.current = undefined;
      if (end.kind === 'redirected') return;
      // A kept order whose result is now known (found by "check again") is no longer one to settle.
      if (end.kind !== 'pending' && unconfirmed.current?.orderId === orderId) unconfirmed.current = undefined;
      const kind = methodKindOf(payType, paidWith?.kind);
      const base = { orderId, payType, sourceId: undefined, kind } as const;
      if (end.kind === 'redirectRefused') {
        // The order cannot be paid without its page: cancelled, so it never waits as pending.
        payAttempts.settled();
        void api.call('clickCancel', { app_order: orderId, reason: 'redirect refused' });
        showResult({ ...base, panel: refusedPagePanel, detail: pt('pay.paymentPageRefused') });
        return;
      }
      if (end.kind === 'challengeCancelled') {
        if (end.confirmed) payAttempts.settled();
        showResult({ ...base, panel: challengeCancelledPanel(end.confirmed), detail: undefined });
        return;
      }
      // A pending order stays kept: a reload, a return or "check again" asks for its result again.
      if (end.kind === 'pending') {
        const panel = pendingPanelOf(orderId, paidWith !== undefined, payAttempts.unsettled());
        // The bank's answer is still unsent: said, with "check again" as the way to send it.
        const detail = hasUnsent(orderId) ? pt('pay.bankAnswerUnsent') : undefined;
        showResult({ ...base, panel, detail, earlier });
        return;
      }
      // The server knows no such order: nothing to ask again, nothing known of a charge.
      if (end.kind === 'notFound') {
        payAttempts.settled();
        showResult({ ...base, panel: orderNotFoundPanel, detail: undefined });
        return;
      }
      if (end.outcome !== 'success') {
        const failure = end.failure ?? {};
        // An order found again (no paidWith) was not followed by the page: whether a challenge ran is unknown.
        const shown = panelOfFailure(failure, {
          kind,
          challenged: paidWith === undefined ? undefined : end.challenged === true,
        });
        // Its charge unknown (a time-out), the page's own order stays kept, as a wallet's does: the step says
        // so above the pay button, and the next tap reads it before any new order (`clearKept`), never one tap
        // from paying twice with the card still typed.
        if (paidWith !== undefined && isUncertain(shown.panel)) setNotice('uncertainEarlier');
        else payAttempts.settled();
        showResult({ ...base, panel: shown.panel, detail: shown.detail });
        return;
      }
      payAttempts.settled();
      const sourceId = end.sourceId;
      showResult({ ...base, panel: resultPanelOf('success'), detail: undefined, sourceId, earlier });
      store.set(rememberSuccessAtom, {
        payType,
        card: used !== undefined && sourceId !== undefined ? { source_id: sourceId, ...used } : undefined,
      });
      // "Save this card" follows a new card only (a saved card is already kept), ticked as the visitor answered.
      if (sourceId !== undefined && paidWith?.kind === 'newCard')
        setPaidCard({ sourceId, remembered: remember });
      refreshPageViewId(api);
      void fetchSavedCards({ api, store, deviceId: deviceId(), sleep });
    },
    [showResult, store, remember, challengeAbort, unconfirmed, setNotice, setPaidCard],
  );
}
