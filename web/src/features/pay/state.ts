import { type LastPayCard, type SavedCard, toLastPayCard } from '@topup/contracts';
import type { PayType } from '@topup/contracts/payTypes';
import { atom } from 'jotai/vanilla';
import type { MethodKind } from '../../payments/methodKind';
import type { ResultPanel } from '../../payments/outcome';
import { lastPayCardStored, lastPayTypeStored } from '../../session/accountKept';
import { linkUnacknowledgedAtom } from '../../session/session';
import { cardAfterDelete, visibleSavedCards } from './savedCards';
import { busyOf, currentStep, initialStepState, type PayBusy, transition } from './steps';
import type { StepEffect, StepEvent, StepState } from './stepTypes';

/** The pay step's state: base atoms private, derived and action atoms exported (tested with createStore). */

const stepState = atom<StepState>(initialStepState);

export const stepAtom = atom((get) => get(stepState));
export const currentStepAtom = atom((get) => currentStep(get(stepState)));

/** Applies a step event and answers the effects the caller runs (order creation, cancel, leaving). */
export const dispatchStepAtom = atom(null, (get, set, event: StepEvent): readonly StepEffect[] => {
  const next = transition(get(stepState), event);
  set(stepState, next.state);
  return next.effects;
});

// ------------------------------------------------------------------------------------------- saved cards

export type SavedCardsFetch =
  | { readonly status: 'notStarted' }
  /**
   * `waited`: the first wait is over (a try has answered, or SAVED_CARDS_FIRST_WAIT_MS has passed, load.ts): the
   * pay step draws its methods without waiting longer for the saved card.
   */
  | { readonly status: 'fetching'; readonly tries: number; readonly waited: boolean }
  | { readonly status: 'fetched'; readonly items: readonly SavedCard[] }
  | { readonly status: 'failed' };

const savedCardsState = atom<SavedCardsFetch>({ status: 'notStarted' });
const chosenCardId = atom<string | undefined>(undefined);

export const savedCardsFetchAtom = atom((get) => get(savedCardsState));
/**
 * Remembered non-wallet cards, deduplicated, newest first, at most 3. None while the account a link signed in
 * is not answered for (the link notice): a stranger's link would otherwise offer the stranger's cards, and the
 * visitor's payment would go through that account's card; they are offered once the visitor says it is theirs.
 */
export const savedCardsAtom = atom((get) => {
  const fetched = get(savedCardsState);
  if (get(linkUnacknowledgedAtom)) return [];
  return fetched.status === 'fetched' ? visibleSavedCards(fetched.items) : [];
});

/**
 * The card the home step pays with: the chosen one, else the one last used. The saved-cards answer tells which
 * (`last_use_at`, newest first); where it cannot (a tie), the card this device last paid with (kept as its
 * provider token id only) wins.
 */
export const currentCardAtom = atom((get) => {
  const cards = get(savedCardsAtom);
  const chosen = get(chosenCardId);
  if (chosen === '') return undefined;
  const picked = cards.find((c) => c.source_id === chosen);
  if (picked !== undefined) return picked;
  const newest = cards[0];
  if (newest === undefined) return undefined;
  const last = get(lastPayCardStored)?.source_id;
  const tied = cards.filter((c) => c.last_use_at === newest.last_use_at);
  return tied.find((c) => c.source_id === last) ?? newest;
});

export const savedCardsFetchingAtom = atom(null, (_get, set, tries: number) =>
  set(savedCardsState, { status: 'fetching', tries, waited: tries > 1 }),
);
/** The first wait is over before a second try: the first try answered in vain, or is still in flight (load.ts). */
export const savedCardsWaitedAtom = atom(null, (get, set) => {
  const now = get(savedCardsState);
  if (now.status === 'fetching') set(savedCardsState, { ...now, waited: true });
});
export const savedCardsFetchedAtom = atom(null, (_get, set, items: readonly SavedCard[]) =>
  set(savedCardsState, { status: 'fetched', items }),
);
export const savedCardsFailedAtom = atom(null, (_get, set) => set(savedCardsState, { status: 'failed' }));

/** Another account signed in, or none: the old account's saved cards and choice are gone until asked for again. */
export const savedCardsForgottenAtom = atom(null, (_get, set) => {
  set(savedCardsState, { status: 'notStarted' });
  set(chosenCardId, undefined);
});

/** Choose a saved card, or '' for none (pay by channel). */
export const chooseCardAtom = atom(null, (_get, set, sourceId: string) => {
  set(chosenCardBeforeExpiry, undefined);
  set(chosenCardId, sourceId);
});

/**
 * An expired card tapped in the saved cards opens its expiry update on that card; the choice it replaced is
 * kept until the update is done (the card then pays) or backed out of, which gives that choice back: a card
 * that cannot pay is not left chosen for the visitor (`expiryLeftAtom`).
 */
const chosenCardBeforeExpiry = atom<{ readonly id: string | undefined } | undefined>(undefined);
export const chooseExpiredCardAtom = atom(null, (get, set, sourceId: string) => {
  set(chosenCardBeforeExpiry, { id: get(chosenCardId) });
  set(chosenCardId, sourceId);
});
/** The expiry update left: done (`updated`, the card stays chosen) or backed out of (the choice before it). */
export const expiryLeftAtom = atom(null, (get, set, updated: boolean) => {
  const before = get(chosenCardBeforeExpiry);
  if (before === undefined) return;
  set(chosenCardBeforeExpiry, undefined);
  if (!updated) set(chosenCardId, before.id);
});

/** After a delete: keep the current card if listed, else the first usable for the item, else the channels. */
export const cardsAfterDeleteAtom = atom(
  null,
  (get, set, args: { items: readonly SavedCard[]; now: Date; offered: readonly number[] | undefined }) => {
    const current = get(currentCardAtom)?.source_id;
    set(savedCardsState, { status: 'fetched', items: args.items });
    const next = cardAfterDelete(visibleSavedCards(args.items), current, args.now, args.offered);
    set(chosenCardId, next?.source_id ?? '');
  },
);

/**
 * After the card paid with was locked (23005) and the list asked for again without it: the first remembered
 * card that can pay now, else none (the new card's method). Never the newest by default, which may be an
 * expired card: a card that cannot pay is not chosen for the visitor.
 */
export const cardsAfterLockAtom = atom(null, (get, set, now: Date) => {
  const next = cardAfterDelete(get(savedCardsAtom), undefined, now, undefined);
  set(chosenCardId, next?.source_id ?? '');
});

/** A card's new expiry, applied locally once the server accepted it. */
export const cardUpdatedAtom = atom(null, (get, set, card: SavedCard) => {
  const fetched = get(savedCardsState);
  if (fetched.status !== 'fetched') return;
  set(savedCardsState, {
    status: 'fetched',
    items: fetched.items.map((item) => (item.source_id === card.source_id ? card : item)),
  });
});

// ------------------------------------------------------------------------------- last pay type and card

export const lastPayCardAtom = atom((get) => get(lastPayCardStored));

/** SPEC §4 success: the last successful pay type and card are remembered (never more than the 4 public fields). */
export const rememberSuccessAtom = atom(
  null,
  (_get, set, args: { payType: PayType; card: LastPayCard | undefined }) => {
    set(lastPayTypeStored, args.payType);
    if (args.card !== undefined) set(lastPayCardStored, toLastPayCard(args.card));
  },
);

// --------------------------------------------------------------------------------------------- the result

export interface PayResult {
  readonly panel: ResultPanel;
  readonly orderId: string | undefined;
  readonly detail: string | undefined;
  readonly payType: PayType | undefined;
  /** The saved card the order made, for the remember choice. */
  readonly sourceId: string | undefined;
  /** The kind of payment (payments/methodKind.ts): it words the panel and picks its buttons. */
  readonly kind: MethodKind;
  /** A kept order's result shown in place of another request (`keptOrder.ts`): says it is the earlier one's. */
  readonly earlier?: string | undefined;
  /** The saved card it failed on was locked (23005): closing the panel goes home (`closeFailure`). */
  readonly cardGone?: boolean;
  /** The order's own amount and coins, as the server keeps them (get_order_info_by_pay2_order_id). */
  readonly charged?: OrderCharge | undefined;
}

/** What an order is for, by the server's word: its amount in USD, its coins and the account it tops up. */
export interface OrderCharge {
  readonly amount: number;
  readonly coin: number;
  /** The uid the order tops up (get_order_info_by_pay2_order_id's to_uid), when asked. */
  readonly toUid?: number | undefined;
}

const resultState = atom<PayResult | undefined>(undefined);
/** The result panel's content while the machine is in its result phase (and only then). */
export const resultAtom = atom((get) =>
  get(stepState).phase.kind === 'result' ? get(resultState) : undefined,
);
/** Shows a result: the machine enters its result phase (success is terminal for the intent). */
export const showResultAtom = atom(null, (get, set, result: PayResult) => {
  set(resultState, result);
  set(
    stepState,
    transition(get(stepState), {
      type: 'resultShown',
      success: result.panel.outcome === 'success',
      ...(result.cardGone === true ? { cardGone: true } : {}),
    }).state,
  );
});

/**
 * The bank's answer (a 3-D Secure result, a wallet's token) waits for the connection to be sent
 * (`payments/unsentResult.ts`): the result wait says so rather than "checking the result".
 */
export const sendingAnswerAtom = atom(false);

/** What the page is busy with, from the machine's phase. */
export const busyAtom = atom((get): PayBusy => busyOf(get(stepState).phase));
