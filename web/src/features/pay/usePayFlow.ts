import { type OrderKind, type PayType, payTypeInfo, type SavedCard } from '@topup/contracts';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Params } from '../../api/client';
import { api } from '../../api/instance';
import { useNavigate } from '../../app/routing';
import { pt } from '../../i18n/pay';
import { deviceId } from '../../platform/ids';
import type { PayIntent } from '../../platform/payIntent';
import { sessionAtom, urlSignInPendingAtom } from '../../session/session';
import { showToastAtom } from '../../ui/toast';
import { browserRedirect, loadThreeDs } from '../providers/adapters';
import type { TokenisedCard } from '../providers/types';
import { openedFromList } from '../recharge/payHandOver';
import { fetchSavedCards } from './load';
import { payAttempts } from './orderAttempt';
import {
  failureMessage,
  type PaymentFailure,
  type ResultAction,
  refusedPagePanel,
  resultPanelOf,
} from './outcome';
import { pageViewId, refreshPageViewId } from './pageView';
import {
  type CardPayment,
  coinPayParams,
  completePayment,
  done,
  isAmbiguous,
  orderRequestId,
  type PaymentEnd,
  pollOrder,
  tolerant,
} from './payment';
import { savedCardProvider } from './savedCards';
import {
  busyAtom,
  currentCardAtom,
  dispatchStepAtom,
  lastRememberChoiceAtom,
  rememberChoiceAtom,
  rememberDefault,
  rememberSuccessAtom,
  resetStepsAtom,
  resultAtom,
  savedCardsAtom,
  setBusyAtom,
  showResultAtom,
  stepAtom,
} from './state';
import type { StepEffect, StepEvent } from './steps';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The engine's client: a garbled answer is a failure to render, not a throw. */
const engineApi = tolerant(api);

type UsedCard = { last4: string; bin: string; scheme: string } | undefined;
/** What an order pays with: a new card's fields, a saved card (and whether it is kept), or a channel. */
type PaidWith = { readonly kind: 'newCard' | 'savedCard' | 'channel' };

/** An order request whose answer never came: the retry re-sends exactly it, with the same X-CLI-RID. */
interface Unconfirmed {
  readonly params: Params<'createCoinPay'>;
  readonly requestId: string;
  readonly payType: PayType;
  readonly used: UsedCard;
  /** Unknown (undefined) for the request after a reload, which carries no card. */
  readonly paidWith: PaidWith | undefined;
  /**
   * The request after a reload: the same X-CLI-RID and intent without the card (gone with the page), which
   * the server answers with the order that id made and can make none from.
   */
  readonly lookup?: boolean;
}

export interface PendingCard {
  submit: () => Promise<{ ok: true; value: TokenisedCard } | { ok: false; message: string }>;
  holderName: string;
}

/** The pay step's controller: runs the effects of step events, one order at a time. */
export function usePayFlow(intent: PayIntent, onWallet: (payType: PayType) => void) {
  const store = useStore();
  const navigate = useNavigate();
  const session = useAtomValue(sessionAtom);
  const busy = useAtomValue(busyAtom);
  const dispatch = useSetAtom(dispatchStepAtom);
  const setBusy = useSetAtom(setBusyAtom);
  const showResult = useSetAtom(showResultAtom);
  const toast = useSetAtom(showToastAtom);
  const inFlight = useRef(false);
  const challenge = useRef<HTMLElement>(null);
  const abort = useRef(new AbortController());
  const card = useRef<PendingCard | undefined>(undefined);
  const cvv = useRef<
    | (() => Promise<
        { ok: true; value: import('../providers/types').TokenisedCvv } | { ok: false; message: string }
      >)
    | undefined
  >(undefined);
  const who = session === undefined ? 'out' : session.loginType === 'link' ? 'unconfirmedLink' : 'in';
  const lastChoice = useAtomValue(lastRememberChoiceAtom);
  const keepChoice = useSetAtom(rememberChoiceAtom);
  // Signed out or by an unconfirmed link: never ticked; signed in: the visitor's last answer (read once per
  // sign-in, not on each change).
  const [remember, setRememberState] = useState(() => rememberDefault(who, lastChoice));
  // biome-ignore lint/correctness/useExhaustiveDependencies: the default again only when the visitor signs in or out, or confirms a link's account
  useEffect(() => setRememberState(rememberDefault(who, store.get(lastRememberChoiceAtom))), [who]);
  const setRemember = useCallback(
    (next: boolean) => {
      setRememberState(next);
      if (who === 'in') keepChoice(next);
    },
    [who, keepChoice],
  );
  const [kind, setKind] = useState<OrderKind>('normal');
  const [paidCard, setPaidCard] = useState<{ sourceId: string; remembered: boolean } | undefined>(undefined);
  const unconfirmed = useRef<Unconfirmed | undefined>(undefined);
  /** The order creation's answer did not come: the page says so and the next tap re-sends the same request. */
  const [orderUnconfirmed, setOrderUnconfirmed] = useState(false);
  /** After a reload, no order was found for the payment whose answer was lost: nothing was charged for it. */
  const [orderNotFound, setOrderNotFound] = useState(false);

  // A sign-in carried by the launch URL first: the saved cards asked for before it would be the device's, and
  // the methods would be drawn without the visitor's card, which would then push them down (a layout shift).
  const signingIn = useAtomValue(urlSignInPendingAtom);
  useEffect(() => {
    if (!signingIn) void fetchSavedCards({ api, store, deviceId: deviceId(), sleep });
  }, [store, signingIn]);
  useEffect(() => {
    const controller = abort.current;
    return () => controller.abort();
  }, []);

  const finish = useCallback(
    (
      end: PaymentEnd,
      orderId: string,
      payType: PayType,
      used: { last4: string; bin: string; scheme: string } | undefined,
      paidWith: PaidWith | undefined,
    ) => {
      dispatch({ type: 'orderSettled' });
      if (end.kind === 'redirected') return;
      setBusy('idle');
      if (end.kind === 'redirectRefused') {
        // The order cannot be paid without its page: cancelled, so it never waits as pending.
        payAttempts.settled();
        void api.call('clickCancel', { app_order: orderId, reason: 'redirect refused' });
        showResult({
          panel: refusedPagePanel,
          orderId,
          detail: pt('pay.paymentPageRefused'),
          payType,
          sourceId: undefined,
        });
        return;
      }
      // A pending order stays kept: a reload or a return asks for its result again.
      if (end.kind === 'done') payAttempts.settled();
      if (end.kind === 'pending') {
        showResult({
          panel: resultPanelOf('fail'),
          orderId,
          detail: pt('pay.resultPendingTip'),
          payType,
          sourceId: undefined,
          paidWith: paidWith?.kind,
        });
        return;
      }
      const failure: PaymentFailure | undefined = end.failure;
      const sourceId = end.sourceId;
      showResult({
        panel: resultPanelOf(end.outcome),
        orderId,
        detail: failure === undefined ? undefined : failureMessage(failure),
        payType,
        sourceId,
        paidWith: paidWith?.kind,
      });
      if (end.outcome === 'success') {
        store.set(rememberSuccessAtom, {
          payType,
          card: used !== undefined && sourceId !== undefined ? { source_id: sourceId, ...used } : undefined,
        });
        // "Save this card" follows a new card only (a saved card is already kept), ticked as the visitor answered.
        if (sourceId !== undefined && paidWith?.kind === 'newCard')
          setPaidCard({ sourceId, remembered: remember });
        refreshPageViewId(api);
        void fetchSavedCards({ api, store, deviceId: deviceId(), sleep });
      }
    },
    [dispatch, setBusy, showResult, store, remember],
  );

  /** Sends one order request and follows the order to an end; a lost answer keeps it for the retry. */
  const sendOrder = useCallback(
    async (request: Unconfirmed) => {
      setBusy(request.lookup === true ? 'checkingResult' : 'creatingOrder');
      setOrderUnconfirmed(false);
      setOrderNotFound(false);
      const created = await engineApi.call('createCoinPay', request.params, { requestId: request.requestId });
      if (!created.ok) {
        setBusy('idle');
        if (isAmbiguous(created.result)) {
          // The order may exist: the retry asks for it with the same X-CLI-RID, never for a second one.
          unconfirmed.current = request;
          setOrderUnconfirmed(true);
          toast({ text: pt('pay.orderUnconfirmed'), tone: 'error' });
          return;
        }
        unconfirmed.current = undefined;
        payAttempts.settled();
        if (request.lookup === true) {
          // The id made no order (its request never arrived), so the card was not charged for it.
          setOrderNotFound(true);
          return;
        }
        toast({
          text: pt('pay.orderFailedWith', { code: created.result, message: created.message }),
          tone: 'error',
        });
        return;
      }
      unconfirmed.current = undefined;
      payAttempts.ordered(created.data.order_id);
      dispatch({ type: 'orderCreated', orderId: created.data.order_id });
      const end = await completePayment(
        {
          api: engineApi,
          sleep,
          threeDs: loadThreeDs,
          container: () => challenge.current ?? document.body,
          signal: abort.current.signal,
          onVerifying: () => setBusy('verifying'),
          onRedirect: (url) => {
            setBusy('redirecting');
            return browserRedirect.go(url);
          },
        },
        created.data,
      );
      finish(end, created.data.order_id, request.payType, request.used, request.paidWith);
    },
    [setBusy, toast, dispatch, finish],
  );

  /** Creates the order (one X-CLI-RID per intent until its order is known) and follows it to an end. */
  const createOrder = useCallback(
    async (payType: PayType, payment: CardPayment, used: UsedCard, paidWith: PaidWith) => {
      const params = coinPayParams(
        {
          rechargeId: intent.recharge_id,
          toUid: intent.to_uid,
          payType,
          kind,
          deviceId: deviceId(),
          sessionKey: session?.sessionKey,
          pageViewId: pageViewId(),
        },
        payment,
      );
      const requestId = payAttempts.requestIdFor(params, () => orderRequestId(deviceId(), Date.now()));
      await sendOrder({ params, requestId, payType, used, paidWith });
    },
    [intent, kind, session, sendOrder],
  );

  /** The retry of a request whose answer was lost, when the visitor confirms the same pay type again. */
  const resend = useCallback(
    async (payType: PayType) => {
      const kept = unconfirmed.current;
      if (kept === undefined || kept.payType !== payType) return false;
      await sendOrder(kept);
      return true;
    },
    [sendOrder],
  );

  // An order made before a reload (or a return without the provider's arguments): its result is asked for.
  // A card order whose answer was lost before a reload: the same X-CLI-RID without the card finds it.
  const recovering = useRef(false);
  useEffect(() => {
    if (recovering.current || store.get(resultAtom) !== undefined) return;
    const kept = payAttempts.unsettled();
    if (kept !== undefined) {
      recovering.current = true;
      setBusy('checkingResult');
      void pollOrder({ api: engineApi, sleep }, kept.orderId).then((settled) =>
        finish(done(settled), kept.orderId, kept.payType, undefined, undefined),
      );
      return;
    }
    const lost = payAttempts.unanswered();
    // Only on the pay step of the same package and target: another page's order is not this one's result.
    if (
      lost === undefined ||
      lost.intent.recharge_id !== intent.recharge_id ||
      lost.intent.uid !== intent.to_uid
    )
      return;
    recovering.current = true;
    const params = coinPayParams(
      {
        rechargeId: lost.intent.recharge_id,
        toUid: lost.intent.uid,
        payType: lost.payType,
        kind: lost.intent.kind,
        deviceId: deviceId(),
        sessionKey: session?.sessionKey,
        pageViewId: pageViewId(),
      },
      { sourceId: lost.intent.source_id },
    );
    void sendOrder({
      params,
      requestId: lost.requestId,
      payType: lost.payType,
      used: undefined,
      paidWith: undefined,
      lookup: true,
    });
  }, [store, setBusy, finish, intent, session, sendOrder]);

  const runEffect = useCallback(
    async (effect: StepEffect, savedCard: SavedCard | undefined) => {
      switch (effect.kind) {
        case 'bankExpired':
          toast({ text: pt('pay.bankExpired'), tone: 'error' });
          return;
        case 'clickCancel':
          void api.call('clickCancel', { app_order: effect.orderId, reason: 'give up' });
          return;
        case 'leavePage':
          // Back to the list the visitor came from, through history; else the list replaces the pay step.
          if (openedFromList()) window.history.back();
          else navigate({ pathname: '/recharge-list', search: '' }, { replace: true });
          return;
        case 'tokenizeThenCreateOrder': {
          if (await resend(effect.payType)) return;
          const pending = card.current;
          if (pending === undefined) return;
          setBusy('creatingOrder');
          const tokenised = await pending.submit();
          if (!tokenised.ok) {
            setBusy('idle');
            toast({ text: tokenised.message, tone: 'error' });
            return;
          }
          await createOrder(
            effect.payType,
            { tokenised: tokenised.value, holderName: pending.holderName, remember },
            { bin: tokenised.value.bin, last4: tokenised.value.last4, scheme: tokenised.value.scheme },
            { kind: 'newCard' },
          );
          return;
        }
        case 'createOrder': {
          if (payTypeInfo[effect.payType].kind === 'wallet' && !payTypeInfo[effect.payType].redirect) {
            onWallet(effect.payType);
            return;
          }
          if (await resend(effect.payType)) return;
          if (effect.via === 'cvv' && savedCard !== undefined) {
            const submit = cvv.current;
            if (submit === undefined) return;
            setBusy('creatingOrder');
            const token = await submit();
            if (!token.ok) {
              setBusy('idle');
              toast({ text: token.message, tone: 'error' });
              return;
            }
            await createOrder(
              effect.payType,
              { sourceId: savedCard.source_id, cvv: token.value },
              savedCard,
              { kind: 'savedCard' },
            );
            return;
          }
          await createOrder(effect.payType, {}, undefined, { kind: 'channel' });
          return;
        }
      }
    },
    [toast, navigate, setBusy, createOrder, remember, onWallet, resend],
  );

  /** Sends a step event; a tap while an order is being made is ignored (double taps make one order). */
  const send = useCallback(
    async (event: StepEvent) => {
      const effects = store.set(dispatchStepAtom, event);
      const ordering = effects.some((e) => e.kind === 'createOrder' || e.kind === 'tokenizeThenCreateOrder');
      if (ordering && inFlight.current) return;
      if (ordering) inFlight.current = true;
      try {
        const current = store.get(currentCardAtom);
        for (const effect of effects) await runEffect(effect, current);
      } finally {
        if (ordering) inFlight.current = false;
      }
    },
    [store, runEffect],
  );

  const onResultAction = useCallback(
    (action: ResultAction) => {
      const paidWith = store.get(resultAtom)?.paidWith;
      showResult(undefined);
      setPaidCard(undefined);
      switch (action) {
        case 'again':
          setKind('repurchase');
          store.set(resetStepsAtom);
          return;
        case 'retry':
          setKind('retry');
          return;
        case 'anotherCard':
          setKind('normal');
          void send({ type: 'useAnotherCard', hasAnotherCard: store.get(savedCardsAtom).length > 0 });
          return;
        case 'anotherMethod':
          // The methods are on the first step, whatever the visitor paid with.
          setKind('normal');
          store.set(resetStepsAtom);
          return;
        case 'updateAndPay':
          setKind('expired');
          // A saved card's date is updated in its popup; a new card's is fixed in the card form (still filled in).
          if (paidWith === 'savedCard' && store.get(currentCardAtom) !== undefined)
            void send({ type: 'updateExpiredCard' });
          else if (store.get(stepAtom).stack.at(-1) !== 'cardFrame')
            void send({ type: 'useAnotherCard', hasAnotherCard: false });
          return;
        case 'refresh':
          location.reload();
          return;
        case 'close':
          return;
      }
    },
    [showResult, send, store],
  );

  /** The remember-card choice after success toggles the saved card's remember flag. */
  const onRemember = useCallback(
    (next: boolean) => {
      if (paidCard === undefined) return;
      setPaidCard({ ...paidCard, remembered: next });
      void api.call('updateCardSource', {
        source_id: paidCard.sourceId,
        is_remember: next,
        source: 1,
        h5_deviceid: deviceId(),
        ...(session === undefined ? {} : { session_key: session.sessionKey }),
      });
    },
    [paidCard, session],
  );

  /**
   * A saved card pays through the provider that stored it (a src_ source is Checkout.com's), whatever card the
   * gray rules give new cards: another provider cannot charge it.
   */
  const savedPayType = (saved: SavedCard): PayType => (savedCardProvider(saved) === 13 ? 23 : 27);

  return {
    busy,
    send,
    challenge,
    card,
    cvv,
    remember,
    setRemember,
    onResultAction,
    onRemember: paidCard === undefined ? undefined : onRemember,
    remembered: paidCard?.remembered ?? false,
    savedPayType,
    setBusy,
    finish,
    kind,
    orderUnconfirmed,
    orderNotFound,
  };
}
