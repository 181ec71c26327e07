import { isPayType, type PayType, payTypeInfo, type SavedCard } from '@topup/contracts';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import type { CardFrameStep, CvvStep } from '../../payments/CardEntry';
import { grayVisitor, methodsForVisitor } from '../../payments/gray';
import { announcePaid } from '../../payments/paidElsewhere';
import { markVisitPaid, type PaidOrder } from '../../payments/payHandOver';
import { keepPaidTargetAtom, payTargetAtom, refreshTargetAtom } from '../../payments/payTarget';
import { useBackGuard } from '../../platform/backGuard';
import { pkgInfoAtom } from '../../platform/config';
import { arrivedByWalletMoveAtom, type PayIntent } from '../../platform/payIntent';
import { serverClockAtom } from '../../platform/serverClock';
import { useOrderReport } from '../../report/useOrderReport';
import { sessionAtom } from '../../session/session';
import { guardsBack } from './backGuard';
import { channelsOf } from './ChannelList';
import type { Recipient } from './PayRecipient';
import { useEntryChoice } from './preselect';
import { recipientLetsPay } from './recipient';
import { useSavedCardActions } from './savedCardActions';
import { hasAnotherCard, isUsable } from './savedCards';
import {
  busyAtom,
  chooseCardAtom,
  currentCardAtom,
  resultAtom,
  savedCardsAtom,
  savedCardsFetchAtom,
  stepAtom,
} from './state';
import { confirmEvent, confirmHintKey, confirmLabelKey } from './stepConfirm';
import { reportStepChanges } from './stepEvents';
import { currentStep } from './steps';
import { useAccountFollow } from './useAccountFollow';
import { useInitialPick } from './useInitialPick';
import { usePackage } from './usePackage';
import { usePayFlow } from './usePayFlow';
import { useRecipient } from './useRecipient';
import { useWallet } from './useWallet';

/** What the pay step draws and does: its data (package, recipient, saved cards, methods) and its choices. */
export type PayStepModel = ReturnType<typeof usePayStep>;

/**
 * The pay step's state over the pure transition function: what it loads (the package, the recipient, the
 * saved cards, the wallet's availability), which method is chosen, and whether the pay button can pay.
 */
export function usePayStep(intent: PayIntent) {
  const store = useStore();
  useEffect(() => reportStepChanges(store), [store]);
  const session = useAtomValue(sessionAtom);
  const pkgInfo = useAtomValue(pkgInfoAtom);
  const uid = session?.user.uid;
  const visitor = useMemo(() => grayVisitor(uid), [uid]);
  const steps = useAtomValue(stepAtom);
  const step = currentStep(steps);
  const busy = useAtomValue(busyAtom);
  const fetch = useAtomValue(savedCardsFetchAtom);
  const cards = useAtomValue(savedCardsAtom);
  const card = useAtomValue(currentCardAtom);
  const target = useAtomValue(payTargetAtom);
  // The list's target when it is the one paid for; a link to /pay-step naming another uid looks it up.
  const recipientLookup = useRecipient(intent.to_uid, target);
  // Paid for an account the list had not chosen (a link naming it): the list opened after is that account's.
  const paidNow = steps.phase.kind === 'result' && steps.phase.success;
  const looked = recipientLookup.checked;
  useEffect(() => {
    if (paidNow && looked !== undefined) store.set(keepPaidTargetAtom, looked);
  }, [paidNow, looked, store]);
  // The server's name and id for the list's target replace what was stored for it.
  useEffect(() => {
    if (looked !== undefined) store.set(refreshTargetAtom, looked);
  }, [looked, store]);
  const recipient: Recipient | undefined =
    recipientLookup.lookup.status === 'found' ? recipientLookup.lookup.recipient : undefined;
  // The visit is a paid one, whose history entries never show a pay button again: opened again, they are the
  // list, which says this order was paid and to whom; other tabs' pay steps for the account say it too.
  const paidOrder = useAtomValue(resultAtom)?.orderId;
  useEffect(() => {
    if (!paidNow) return;
    const paid: PaidOrder = {
      ...(paidOrder === undefined ? {} : { order: paidOrder }),
      ...(recipient === undefined ? {} : { nickname: recipient.nickname, account: recipient.displayUid }),
    };
    markVisitPaid(paid);
    // A pay step for the same account open in another tab says this order was paid (paidElsewhere.ts).
    announcePaid(paid);
  }, [paidNow, paidOrder, recipient]);
  // The signed-in account changing under the step (here or in another window): followed, and said.
  const account = useAccountFollow();
  const { pack, packFailure, retryPack } = usePackage(intent, account.generation);
  useOrderReport(resultAtom, pack?.amount);
  // The list's mark (payHandOver.ts), or a link's none: a link's step chooses nothing.
  const { entry, entryChoice } = useEntryChoice(intent.pay_type as PayType);
  const [selected, setSelected] = useState(entryChoice);
  const [cardReady, setCardReady] = useState(false);
  const [holderMissing, setHolderMissing] = useState(false);
  const [cvvReady, setCvvReady] = useState(false);
  // Card expiry is judged by the server's clock (platform/serverClock.ts), never the device's.
  const clock = useAtomValue(serverClockAtom);
  const now = clock.now();

  // The gray and AB rules of the recharge list, with its choice pinned: the same card provider and wallets here.
  const offered = useMemo(
    () =>
      pack === undefined ? [] : methodsForVisitor(channelsOf(pack, true), pkgInfo, visitor, intent.pay_type),
    [pack, pkgInfo, visitor, intent.pay_type],
  );
  const walletTypes = useMemo(
    () =>
      offered
        .filter((c) => payTypeInfo[c.payType].kind === 'wallet' && !payTypeInfo[c.payType].redirect)
        .map((c) => c.payType),
    [offered],
  );
  const wallet = useWallet(intent, pack?.amount, walletTypes);
  const flow = usePayFlow(intent, wallet.pay);
  account.send.current = flow.send;
  const itemPayTypes = useMemo(
    () => (pack === undefined ? undefined : channelsOf(pack, true).map((c) => c.payType)),
    [pack],
  );
  const cardActions = useSavedCardActions(session, card, itemPayTypes, {
    onExpiryUpdated: () => void flow.send({ type: 'expiryUpdated' }),
    onNoCardLeft: () => setSelected(entryChoice),
  });
  // Without the device wallet only its pay types go: a wallet paid on its provider's page (a redirect) stays.
  const channels = useMemo(
    () =>
      wallet.available || walletTypes.length === 0
        ? offered
        : offered.filter((c) => !walletTypes.includes(c.payType)),
    [offered, wallet.available, walletTypes],
  );
  // What the pay button pays with is what is drawn as chosen: a method the link named that is not drawn (a
  // device wallet this browser lacks, or whose check has not answered yet) is not chosen behind the visitor.
  const shownChannel = channels.some((c) => c.payType === selected) ? (selected ?? undefined) : undefined;
  // Nothing chosen yet (a link's step): neither a channel nor the saved card, and the pay button waits.
  const nothingChosen = selected === null;
  const walletMoved =
    useAtomValue(arrivedByWalletMoveAtom) &&
    wallet.available &&
    step === 'home' &&
    walletTypes.some((payType) => payType === shownChannel);
  const cardPayType = card === undefined ? undefined : flow.savedPayType(card);
  const picked = useInitialPick({
    signedIn: session !== undefined,
    fetch,
    generation: account.generation,
    entry,
    method: intent.pay_type,
    card,
    clock,
    selected,
    setSelected,
  });
  // No saved card to pay with (none usable after a lock, or the last one deleted): the card option is not drawn,
  // so home's choice is the new card's method, never a card option that is not there. Not while the list is
  // asked for again (after a payment): it is empty only until its answer.
  const noCard =
    step === 'home' && picked && selected === undefined && card === undefined && fetch.status !== 'fetching';
  const cardChannel = channels.find((c) => payTypeInfo[c.payType].cardFrame)?.payType;
  /** The pay type a new card is entered for: the chosen card channel, else the one the visitor is offered. */
  const framePayType = [selected, cardChannel, intent.pay_type].find(
    (payType): payType is PayType =>
      payType !== undefined && payType !== null && isPayType(payType) && payTypeInfo[payType].cardFrame,
  );
  useLayoutEffect(() => {
    if (noCard) setSelected(framePayType ?? (intent.pay_type as PayType));
  }, [noCard, framePayType, intent.pay_type]);
  const chooseCard = useSetAtom(chooseCardAtom);
  /**
   * The expired card's popup, "use another card": the next remembered card that can pay now is chosen, else the
   * new card's method (the expired card stays listed, not chosen); the machine goes home, or to the card form
   * when no other card is remembered.
   */
  const takeAnotherCard = (expired: SavedCard) => {
    const next = cards.find((c) => c.source_id !== expired.source_id && isUsable(c, clock.now()));
    if (next === undefined) setSelected(framePayType);
    else {
      chooseCard(next.source_id);
      setSelected(undefined);
    }
    void flow.send({ type: 'useAnotherCard', hasAnotherCard: hasAnotherCard(cards, expired.source_id) });
  };
  const bindCard = useCallback(
    (ready: Parameters<Parameters<typeof CardFrameStep>[0]['onReady']>[0]) => {
      flow.card.current = ready;
      setCardReady(ready !== undefined);
    },
    [flow.card],
  );
  const bindCvv = useCallback(
    (submit: Parameters<Parameters<typeof CvvStep>[0]['onReady']>[0]) => {
      flow.cvv.current = submit;
      setCvvReady(submit !== undefined);
    },
    [flow.cvv],
  );

  const confirmAt = (at: Date) =>
    confirmEvent(step, {
      savedCard:
        card === undefined || cardPayType === undefined || (step === 'home' && nothingChosen)
          ? undefined
          : { card, payType: cardPayType },
      channel: shownChannel,
      framePayType,
      cardReady,
      cvvReady,
      now: at,
    });
  // Nothing is paid for an account that cannot be topped up, nor before the visitor can see who gets it: a
  // check with no answer waits for its retry (a stored target's name is only what storage said).
  const recipientRefused = recipientLookup.lookup.status === 'refused';
  const recipientBlocks = !recipientLetsPay(recipientLookup.lookup);
  // Offline, the pay button waits for the connection (one notice above it says so).
  // Nor before the visitor can see what it costs: a package that did not load (offline) pays nothing.
  const confirmDisabled =
    busy !== 'idle' ||
    steps.offline ||
    recipientBlocks ||
    pack === undefined ||
    (step === 'home' && !picked) ||
    confirmAt(now) === undefined;
  // Disabled only for want of the visitor's choice or entry: said under the button (the other waits have their own notice).
  const confirmHint = confirmHintKey(
    step,
    busy === 'idle' && !steps.offline && !recipientBlocks && pack !== undefined && confirmDisabled,
    holderMissing,
  );
  const confirm = () => {
    const event = confirmAt(clock.now());
    if (!confirmDisabled && event !== undefined) void flow.send(event);
  };

  // The first step's skeleton stands for its methods and the pay button until both can be drawn: the button
  // then appears where it stays, rather than below a skeleton of another height (no layout shift).
  // A refused recipient waits for nothing: no skeleton, no methods, no pay button (a disabled one with no way
  // to enable it is a dead end); its refusal and way back are the step (PaySummary).
  const loadingHome =
    step === 'home' &&
    !recipientRefused &&
    ((pack === undefined && packFailure === undefined) || (pack !== undefined && !picked));
  // The browser's and the phone's back do what the page's back does (and ask where it asks): on a result it is
  // the panel's close (MACHINE.md, result × back), also on an undecided order's panel, whose order stays kept and
  // is settled before any new order; its "check again" is the panel's own button.
  useBackGuard(guardsBack(steps), () => void flow.send({ type: 'back' }));

  return {
    intent,
    steps,
    step,
    busy,
    now,
    clock,
    fetch,
    cards,
    card,
    recipientLookup,
    recipient,
    recipientRefused,
    pack,
    packFailure,
    retryPack,
    flow,
    cardActions,
    channels,
    shownChannel,
    nothingChosen,
    entry,
    setSelected,
    walletMoved,
    picked,
    framePayType,
    bindCard,
    setHolderMissing,
    bindCvv,
    takeAnotherCard,
    confirmDisabled,
    confirmHint,
    confirm,
    labelKey: confirmLabelKey(step, steps.expiryMode),
    loadingHome,
    account,
  };
}
