import { type OrderKind, type PayType, payTypeInfo, type SavedCard } from '@topup/contracts';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../api/instance';
import { useNavigate } from '../../app/routing';
import { pt } from '../../i18n/pay';
import type { ResultAction } from '../../payments/outcome';
import { entryPaid, markVisitAgain, reopenedPaidAtom } from '../../payments/payHandOver';
import type { TokenisedCard, TokenisedCvv } from '../../payments/providers/types';
import {
  cardKeeperAtom,
  lastRememberChoiceAtom,
  mayKeepCard,
  rememberChoiceAtom,
  rememberDefault,
  rememberOffer,
} from '../../payments/rememberCard';
import { deviceId } from '../../platform/ids';
import type { PayIntent } from '../../platform/payIntent';
import { sleep } from '../../platform/sleep';
import { sessionAtom, urlSignInPendingAtom } from '../../session/session';
import { showToastAtom } from '../../ui/toast';
import { useChallengeRun } from './challengeRun';
import { newCardKey, noticeHere } from './keptOrder';
import { leaveForList } from './leaveForList';
import { fetchSavedCards } from './load';
import { usePaidVisit } from './paidVisit';
import { orderKindAfter, orderKindAfterStep, resultActionEvent } from './resultActions';
import { savedCardPayType } from './savedCards';
import { busyAtom, currentCardAtom, dispatchStepAtom, resultAtom, savedCardsAtom, stepAtom } from './state';
import type { StepEffect, StepEvent } from './stepTypes';
import { useOrderEngine } from './useOrderEngine';

export interface PendingCard {
  submit: () => Promise<{ ok: true; value: TokenisedCard } | { ok: false; message: string }>;
  holderName: string;
}
type PendingCvv = () => Promise<{ ok: true; value: TokenisedCvv } | { ok: false; message: string }>;

/**
 * The pay step's controller: sends visitor events to the journey's machine (steps.ts) and runs the effects it
 * answers, one order at a time, through the order engine.
 */
export function usePayFlow(intent: PayIntent, onWallet: (payType: PayType) => void) {
  const store = useStore();
  const navigate = useNavigate();
  const session = useAtomValue(sessionAtom);
  const busy = useAtomValue(busyAtom);
  const dispatch = useSetAtom(dispatchStepAtom);
  const toast = useSetAtom(showToastAtom);
  const inFlight = useRef(false);
  const card = useRef<PendingCard | undefined>(undefined);
  const cvv = useRef<PendingCvv | undefined>(undefined);
  const who = useAtomValue(cardKeeperAtom);
  const lastChoice = useAtomValue(lastRememberChoiceAtom);
  const keepChoice = useSetAtom(rememberChoiceAtom);
  // Signed out or by an unconfirmed link: never ticked; signed in: the visitor's last answer (read once per
  // sign-in, not on each change).
  const [ticked, setRememberState] = useState(() => rememberDefault(who, lastChoice));
  // A link's account the visitor has not answered for keeps nothing they type: the flag is never sent for it.
  const remember = ticked && mayKeepCard(who);
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
  const challengeRun = useChallengeRun();
  const engine = useOrderEngine(intent, kind, remember, challengeRun.threeDs);
  const { createOrder, tapRequest, clearKept, giveUpKept, cancelChallenge, checkAgain, setPaidCard } = engine;

  // The connection, as the browser tells it: one notice above the pay button while offline.
  useEffect(() => {
    const online = () => dispatch({ type: 'connection', online: true });
    const offline = () => dispatch({ type: 'connection', online: false });
    if (!navigator.onLine) offline();
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, [dispatch]);

  const step = useAtomValue(stepAtom);
  const currentCard = useAtomValue(currentCardAtom);
  usePaidVisit(step.phase);

  // A sign-in carried by the launch URL first: the saved cards asked for before it would be the device's, and
  // the methods would be drawn without the visitor's card, which would then push them down (a layout shift).
  const signingIn = useAtomValue(urlSignInPendingAtom);
  useEffect(() => {
    if (!signingIn) void fetchSavedCards({ api, store, deviceId: deviceId(), sleep });
  }, [store, signingIn]);

  /** Tokenises (a card, or a saved card's CVV): a refusal is said in a toast and nothing is ordered. */
  const tokenise = useCallback(
    async <T>(submit: () => Promise<{ ok: true; value: T } | { ok: false; message: string }>) => {
      dispatch({ type: 'ordering' });
      const token = await submit();
      if (token.ok) return token.value;
      dispatch({ type: 'orderNotMade' });
      toast({ text: token.message, tone: 'error' });
      return undefined;
    },
    [dispatch, toast],
  );

  const runEffect = useCallback(
    async (effect: StepEffect, savedCard: SavedCard | undefined) => {
      switch (effect.kind) {
        case 'bankExpired':
          toast({ text: pt('pay.bankExpired'), tone: 'error' });
          return;
        case 'leavePage':
        case 'leavePaid':
          // A paid step's list says the order was paid, to whom, and that paying again is a new order: never a
          // silent list, even when "done" took a second tap meant for the pay button.
          if (effect.kind === 'leavePaid') store.set(reopenedPaidAtom, entryPaid());
          // Back to the list the visitor came from, through history; else the list replaces the pay step. A
          // paid step first lets the back guard's entry come off.
          await leaveForList(
            () => navigate({ pathname: '/recharge-list', search: '' }, { replace: true }),
            effect.kind === 'leavePaid',
          );
          return;
        case 'cancelChallenge':
          cancelChallenge();
          return;
        case 'forgetCard':
          card.current = undefined;
          cvv.current = undefined;
          setPaidCard(undefined);
          return;
        case 'checkAgain': {
          const payType = store.get(resultAtom)?.payType ?? (intent.pay_type as PayType);
          checkAgain(effect.orderId, payType);
          return;
        }
        case 'giveUpKept':
          await giveUpKept();
          return;
        case 'reload':
          location.reload();
          return;
        case 'tokenizeThenCreateOrder': {
          // The card is read first: an edited card is another request, never the kept one re-sent.
          const pending = card.current;
          if (pending === undefined) return;
          const tokenised = await tokenise(pending.submit);
          if (tokenised === undefined) return;
          const payment = { tokenised, holderName: pending.holderName, remember };
          const cardKey = newCardKey({ ...tokenised, holderName: pending.holderName });
          if (!(await clearKept(tapRequest(effect.payType, payment, cardKey)))) return;
          await createOrder(
            effect.payType,
            payment,
            { bin: tokenised.bin, last4: tokenised.last4, scheme: tokenised.scheme },
            { kind: 'newCard' },
            cardKey,
          );
          return;
        }
        case 'createOrder': {
          if (payTypeInfo[effect.payType].kind === 'wallet' && !payTypeInfo[effect.payType].redirect) {
            // The wallet's order is always another request than a kept one: that one is settled first.
            if (await clearKept('other')) onWallet(effect.payType);
            return;
          }
          const cvvCard = effect.via === 'cvv' ? savedCard : undefined;
          const tap = tapRequest(
            effect.payType,
            cvvCard === undefined ? {} : { sourceId: cvvCard.source_id },
          );
          if (!(await clearKept(tap))) return;
          if (cvvCard !== undefined) {
            const submit = cvv.current;
            if (submit === undefined) return;
            const token = await tokenise(submit);
            if (token === undefined) return;
            await createOrder(effect.payType, { sourceId: cvvCard.source_id, cvv: token }, cvvCard, {
              kind: 'savedCard',
            });
            return;
          }
          await createOrder(effect.payType, {}, undefined, { kind: 'channel' });
          return;
        }
      }
    },
    [
      toast,
      navigate,
      createOrder,
      remember,
      onWallet,
      tapRequest,
      clearKept,
      tokenise,
      cancelChallenge,
      checkAgain,
      giveUpKept,
      setPaidCard,
      store,
      intent,
    ],
  );

  /** Sends a step event; a tap while an order is being made is ignored (double taps make one order). */
  const send = useCallback(
    async (event: StepEvent) => {
      const before = store.get(stepAtom);
      const effects = store.set(dispatchStepAtom, event);
      setKind((kind) => orderKindAfterStep(event, before, kind));
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
      setKind((kind) => orderKindAfter(action, kind));
      // "Top up again" on a success: a reload now opens this step for the package, not the list.
      if (action === 'again') markVisitAgain();
      void send(
        resultActionEvent(
          action,
          store.get(resultAtom),
          store.get(savedCardsAtom),
          store.get(currentCardAtom),
        ),
      );
    },
    [send, store],
  );

  /** The remember-card choice after success toggles the saved card's remember flag. */
  const paidCard = engine.paidCard;
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
    [paidCard, session, setPaidCard],
  );

  return {
    busy,
    send,
    challenge: engine.challenge,
    checkChallenge: challengeRun.check,
    reopenChallenge: challengeRun.reopen,
    card,
    cvv,
    rememberOffer: rememberOffer(who),
    remember,
    setRemember,
    onResultAction,
    // The success panel's save choice: not for a link's account the visitor has not answered for.
    onRemember: paidCard === undefined || !mayKeepCard(who) ? undefined : onRemember,
    remembered: paidCard?.remembered ?? false,
    /** The success panel's save choice for the new card paid with (the panel offers it after a new card only). */
    rememberAfter: rememberOffer(who),
    savedPayType: savedCardPayType,
    finish: engine.finish,
    kind,
    notice: noticeHere(engine.notice, engine.noticePlace, step, currentCard?.source_id),
  };
}
