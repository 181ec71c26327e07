import type { OrderKind, PayType } from '@topup/contracts';
import { ServerCode } from '@topup/contracts/codes';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../api/instance';
import { tolerant } from '../../api/tolerant';
import { methodKindOf } from '../../payments/methodKind';
import { payAttempts } from '../../payments/orderAttempt';
import { orderFailureSaid, orderMayExist } from '../../payments/orderCreation';
import { refusedOrderPanel, savedCardGonePanel } from '../../payments/outcome';
import {
  type CardPayment,
  CHECK_TRIES,
  coinPayParams,
  completePayment,
  done,
  orderRequestId,
  pollOrder,
} from '../../payments/payment';
import { loadThreeDs } from '../../payments/providers/adapters';
import { resendUnsent } from '../../payments/unsentResult';
import { deviceId } from '../../platform/ids';
import type { PayIntent } from '../../platform/payIntent';
import { sleep } from '../../platform/sleep';
import { sessionAtom } from '../../session/session';
import { savedCardGone } from './cardGone';
import { ownKeptOrder, useClearKept } from './keptLookup';
import { type FlowNotice, type NoticePlace, refusedNotice, type TapRequest } from './keptOrder';
import { leaveForPage } from './leaveForPage';
import { fetchSavedCardsAfterLock } from './load';
import { useFinish } from './orderFinish';
import { cardless, type PaidWith, type Unconfirmed, type UsedCard } from './orderRequest';
import { pageViewId } from './pageView';
import { currentCardAtom, dispatchStepAtom, sendingAnswerAtom, showResultAtom, stepAtom } from './state';
import { currentStep } from './steps';
import { useRecoverKept } from './useRecoverKept';

/** The engine's client: a garbled answer is a failure to render, not a throw. */
const engineApi = tolerant(api);

/**
 * The order engine under the journey's machine: creates one order per confirmation (X-CLI-RID), runs 3-D
 * Secure (cancellable), follows the order to an end and tells the machine each phase.
 */
export function useOrderEngine(intent: PayIntent, kind: OrderKind, remember: boolean, threeDs = loadThreeDs) {
  const store = useStore();
  const session = useAtomValue(sessionAtom);
  const dispatch = useSetAtom(dispatchStepAtom);
  const showResult = useSetAtom(showResultAtom);
  const challenge = useRef<HTMLElement>(null);
  const abort = useRef(new AbortController());
  const challengeAbort = useRef<AbortController | undefined>(undefined);
  const [paidCard, setPaidCard] = useState<{ sourceId: string; remembered: boolean } | undefined>(undefined);
  const unconfirmed = useRef<Unconfirmed | undefined>(undefined);
  const [notice, setNotice] = useState<FlowNotice>(undefined);
  const [noticePlace, setNoticePlace] = useState<NoticePlace | undefined>(undefined);

  useEffect(() => {
    const controller = abort.current;
    return () => controller.abort();
  }, []);

  const finish = useFinish({ challengeAbort, unconfirmed, setNotice, setPaidCard, remember });

  /** The bank's answer waits for the connection (the challenge is over): the result wait says so. */
  const onUnsent = useCallback(
    (orderId: string) => (waiting: boolean) => {
      if (waiting) dispatch({ type: 'polling', orderId });
      store.set(sendingAnswerAtom, waiting);
    },
    [dispatch, store],
  );

  /** Sends one order request and follows the order to an end; a lost answer keeps it for the retry. */
  const sendOrder = useCallback(
    async (first: Unconfirmed) => {
      dispatch(first.lookup === true ? { type: 'polling', orderId: undefined } : { type: 'ordering' });
      setNotice(undefined);
      let request = first;
      let created = await engineApi.call('createCoinPay', request.params, { requestId: request.requestId });
      if (!created.ok && created.result === ServerCode.requestIdReused && request.lookup !== true) {
        // The id has made an order already, from a request this page lost track of: that order is asked for
        // (the same id, no card) and followed to its end, never settled here, so no second order follows.
        request = cardless(request);
        dispatch({ type: 'polling', orderId: undefined });
        created = await engineApi.call('createCoinPay', request.params, { requestId: request.requestId });
      }
      if (!created.ok) {
        // A saved card refused as invalid may be gone (deleted in another tab): its list, asked again, tells.
        const deps = { api, store, deviceId: deviceId(), sleep };
        const sourceId = request.paidWith?.kind === 'savedCard' ? request.params.source_id : undefined;
        const gone = await savedCardGone(deps, { result: created.result, sourceId });
        dispatch({ type: 'orderNotMade' });
        const mayExist = orderMayExist('createCoinPay', created.result);
        // A possible order is asked for again by the same X-CLI-RID; "no reply" is said only where none came.
        unconfirmed.current = mayExist ? request : undefined;
        // Where the tap was made: a notice of it holds only there (`noticeHere`).
        const step = store.get(stepAtom);
        setNoticePlace({
          step: currentStep(step),
          intent: step.intent,
          sourceId: store.get(currentCardAtom)?.source_id,
        });
        if (mayExist && orderFailureSaid(created.result) === 'unanswered') return setNotice('unconfirmed');
        if (!mayExist) payAttempts.settled();
        // The id made no order (its request never arrived), so the card was not charged for it.
        if (!mayExist && request.lookup === true) return setNotice('notFound');
        // A refusal with its own panel (a method gone; a saved card locked: its list asked again) says so.
        const refused = gone ? savedCardGonePanel : refusedOrderPanel(created.result);
        if (created.result === ServerCode.savedCardLocked) fetchSavedCardsAfterLock(deps);
        if (refused !== undefined) {
          showResult({
            panel: refused,
            orderId: undefined,
            payType: request.payType,
            sourceId: undefined,
            kind: methodKindOf(request.payType, request.paidWith?.kind),
            detail: undefined,
            cardGone: gone || created.result === ServerCode.savedCardLocked,
          });
          return;
        }
        // A refusal the server answered stays said above the pay button (never a passing toast over it), with its
        // code and an Arabic message (`refusalMessage`), until the visitor moves or taps again; the card stays typed.
        const channel = request.paidWith?.kind === 'channel' ? request.payType : undefined;
        return setNotice(refusedNotice(created.result, created.message, !mayExist, channel));
      }
      unconfirmed.current = undefined;
      const orderId = created.data.order_id;
      payAttempts.ordered(orderId);
      const cancel = new AbortController();
      challengeAbort.current = cancel;
      const end = await completePayment(
        {
          api: engineApi, // its calls name the order: made under its session (api/orderSession.ts)
          sleep,
          threeDs,
          container: () => challenge.current ?? document.body,
          signal: abort.current.signal,
          // Leaving the step (another route) cancels an open challenge as Back does (click_cancel).
          challengeSignal: AbortSignal.any([cancel.signal, abort.current.signal]),
          onVerifying: (action) => {
            // A challenge in the page's layer is kept as opened: a reload ends it, and nothing can resume it
            // (`pendingPanelOf`). The issuer's own page (a redirect) is left, not lost: Back returns from it.
            payAttempts.challengeOpened(action.type === 'redirect');
            dispatch({ type: 'challengeOpened', orderId });
          },
          // Answered, the bank's frame is done: "checking the result" while it is sent, never a blank layer.
          onAnswered: () => dispatch({ type: 'polling', orderId }),
          onRedirect: (url) => leaveForPage(dispatch, url),
          onUnsent: onUnsent(orderId),
        },
        created.data,
      );
      finish(end, orderId, request.payType, request.used, request.paidWith);
    },
    [dispatch, finish, showResult, store, onUnsent, threeDs],
  );

  /** A tap's request (its tokens aside, what the kept-order rule compares: `keptOrder.ts`). */
  const tapRequest = useCallback(
    (payType: PayType, payment: CardPayment, cardKey?: string): TapRequest => {
      const order = { rechargeId: intent.recharge_id, toUid: intent.to_uid, payType, kind };
      const ids = { deviceId: deviceId(), sessionKey: session?.sessionKey, pageViewId: pageViewId() };
      return { params: coinPayParams({ ...order, ...ids }, payment), cardKey };
    },
    [intent, kind, session],
  );

  /** Creates the order (one X-CLI-RID per intent until its order is known) and follows it to an end. */
  const createOrder = useCallback(
    async (payType: PayType, payment: CardPayment, used: UsedCard, paidWith: PaidWith, cardKey?: string) => {
      const { params } = tapRequest(payType, payment, cardKey);
      const requestId = payAttempts.requestIdFor(params, () => orderRequestId(deviceId(), Date.now()));
      await sendOrder({ params, requestId, payType, used, paidWith, cardKey });
    },
    [tapRequest, sendOrder],
  );

  const ownKept = useCallback(
    () => ownKeptOrder({ recharge_id: intent.recharge_id, to_uid: intent.to_uid, kind }, session?.sessionKey),
    [intent, kind, session],
  );
  const { clearKept, checkElsewhere, giveUpKept } = useClearKept({
    unconfirmed,
    sendOrder,
    finish,
    setNotice,
    ownKept,
    api: engineApi,
    sleep,
  });

  /** Asks the server for an order's result (a kept order after a reload, or "check again"). */
  const checkOrder = useCallback(
    async (orderId: string, payType: PayType, tries: number) => {
      dispatch({ type: 'polling', orderId });
      // The bank's answer this page could not send is sent first: without it the order cannot be decided.
      await resendUnsent({ sleep, onUnsent: onUnsent(orderId) }, orderId);
      const settled = await pollOrder({ api: engineApi, sleep }, orderId, {}, tries);
      finish(done(settled), orderId, payType, undefined, undefined);
    },
    [dispatch, finish, onUnsent],
  );

  useRecoverKept({ intent, kind, sessionKey: session?.sessionKey, checkOrder, checkElsewhere, sendOrder });

  return {
    challenge,
    /** Closes the 3-D Secure challenge (its cancel button, or back): the order is then asked of the server. */
    cancelChallenge: () => challengeAbort.current?.abort(),
    createOrder,
    tapRequest,
    clearKept,
    giveUpKept,
    checkAgain: (orderId: string, payType: PayType) => void checkOrder(orderId, payType, CHECK_TRIES),
    finish,
    notice,
    noticePlace,
    paidCard,
    setPaidCard,
  };
}
