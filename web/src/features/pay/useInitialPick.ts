import { isPayType, type PayType, payTypeInfo, type SavedCard } from '@topup/contracts';
import { useAtomValue } from 'jotai';
import { startTransition, useEffect, useRef, useState } from 'react';
import type { ServerClock } from '../../platform/serverClock';
import { linkUnacknowledgedAtom, urlSignInPendingAtom } from '../../session/session';
import { type PayEntry, preselect, type Selection, selectionOf } from './preselect';
import { isUsable } from './savedCards';
import type { SavedCardsFetch } from './state';

/**
 * The pay step's first choice of method (preselect.ts), made once per account and link answer. It waits for the
 * saved cards' first answer no longer than their first wait (load.ts SAVED_CARDS_FIRST_WAIT_MS): past it the
 * methods are drawn without the saved card, and the card is chosen when it arrives unless the visitor chose
 * meanwhile. True once the choice is made.
 */
export function useInitialPick({
  signedIn,
  fetch,
  generation,
  entry,
  method,
  card,
  clock,
  selected,
  setSelected,
}: {
  readonly signedIn: boolean;
  readonly fetch: SavedCardsFetch;
  readonly generation: number;
  readonly entry: PayEntry;
  readonly method: number;
  readonly card: SavedCard | undefined;
  readonly clock: ServerClock;
  readonly selected: Selection;
  readonly setSelected: (selection: Selection) => void;
}): boolean {
  // A signed-in visitor who chose a card on the list pays with their last-used saved card unless they pick
  // otherwise: the methods show once the first saved-cards answer is in (or the first wait is over), with that
  // card already chosen.
  // A sign-in carried by the launch URL is awaited: the visitor's saved card is drawn with the methods, not after.
  const signingIn = useAtomValue(urlSignInPendingAtom);
  const cardsSettled =
    (!signingIn && !signedIn) ||
    fetch.status === 'fetched' ||
    fetch.status === 'failed' ||
    (fetch.status === 'fetching' && fetch.waited);
  // Another account under the step, or the link's account now said to be the visitor's own (its saved cards are
  // offered only then, state.ts): its saved card is chosen as at the start, once its cards are in. The choice is
  // made once per account and answer (`pickFor`), so a change while an earlier choice is still drawing is never
  // lost under it.
  const linkUnanswered = useAtomValue(linkUnacknowledgedAtom);
  const wasUnanswered = useRef(linkUnanswered);
  const [answered, setAnswered] = useState(0);
  useEffect(() => {
    if (wasUnanswered.current && !linkUnanswered) setAnswered((n) => n + 1);
    wasUnanswered.current = linkUnanswered;
  }, [linkUnanswered]);
  const pickFor = `${generation}/${answered}`;
  const [pickedFor, setPickedFor] = useState<string | undefined>(undefined);
  const earlyPick = useRef<{ readonly pickFor: string; readonly selection: Selection } | undefined>(
    undefined,
  );
  const picked = pickedFor === pickFor;
  useEffect(() => {
    if (picked || !cardsSettled) return;
    const choice = preselect({
      entry,
      signedIn,
      cardMethod: isPayType(method) && payTypeInfo[method].cardFrame,
      usableSavedCard: card !== undefined && isUsable(card, clock.now()),
    });
    const selection = selectionOf(choice, method as PayType);
    // Made after the first wait, the saved cards still on their way: chosen again once they are in (below).
    earlyPick.current = fetch.status === 'fetching' ? { pickFor, selection } : undefined;
    // Both in one transition: the methods are drawn once, with the saved card already chosen (or nothing).
    startTransition(() => {
      setPickedFor(pickFor);
      setSelected(selection);
    });
  }, [picked, pickFor, cardsSettled, entry, signedIn, card, method, clock, fetch.status, setSelected]);
  // The saved cards arrived after the methods were drawn without them (a slow answer, past the first wait): the
  // last-used card is chosen then as it would have been at the start, unless the visitor has chosen meanwhile.
  useEffect(() => {
    const early = earlyPick.current;
    if (early === undefined || fetch.status === 'fetching') return;
    earlyPick.current = undefined;
    if (early.pickFor !== pickFor || fetch.status !== 'fetched' || selected !== early.selection) return;
    const choice = preselect({
      entry,
      signedIn,
      cardMethod: isPayType(method) && payTypeInfo[method].cardFrame,
      usableSavedCard: card !== undefined && isUsable(card, clock.now()),
    });
    startTransition(() => setSelected(selectionOf(choice, method as PayType)));
  }, [fetch.status, pickFor, selected, entry, signedIn, card, method, clock, setSelected]);
  return picked;
}
