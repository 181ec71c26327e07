import type { SavedCard } from '@topup/contracts';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useState } from 'react';
import { failureText } from '../../api/failureText';
import { api } from '../../api/instance';
import { pt } from '../../i18n/pay';
import { deviceId } from '../../platform/ids';
import { serverClockAtom } from '../../platform/serverClock';
import type { SignedIn } from '../../session/session';
import { showToastAtom } from '../../ui/toast';
import { cardsAfterDeleteAtom, cardUpdatedAtom, currentCardAtom, dispatchStepAtom, stepAtom } from './state';

/**
 * What the visitor does to a saved card besides paying with it: update its expiry (SPEC §2 expiry popup) and
 * delete it (confirm, delete, the server's list again). Each shows its progress and says why when refused. The
 * delete confirmation is the journey machine's (steps.ts), as the leave question is: back closes it.
 */
export function useSavedCardActions(
  session: SignedIn | undefined,
  card: SavedCard | undefined,
  /** The card pay types the item offers (undefined while it is loading): a card chosen after a delete pays through one. */
  offered: readonly number[] | undefined,
  on: { readonly onExpiryUpdated: () => void; readonly onNoCardLeft: () => void },
) {
  const store = useStore();
  const showToast = useSetAtom(showToastAtom);
  const dispatch = useSetAtom(dispatchStepAtom);
  const toDelete = useAtomValue(stepAtom).deleteQuestion;
  const [deleting, setDeleting] = useState(false);
  const [expiryBusy, setExpiryBusy] = useState(false);
  const [expiryError, setExpiryError] = useState<string | undefined>(undefined);
  const owner = () => ({
    h5_deviceid: deviceId(),
    ...(session === undefined ? {} : { session_key: session.sessionKey }),
  });

  const updateExpiry = async (validDate: string) => {
    if (card === undefined) return;
    setExpiryBusy(true);
    const answer = await api.call('updateCardSource', {
      source_id: card.source_id,
      card_valid_date: validDate,
      source: 1,
      ...owner(),
    });
    setExpiryBusy(false);
    if (!answer.ok)
      return setExpiryError(
        failureText(answer.result, { unknown: (code) => pt('pay.cardUpdateFailedCode', { code }) }),
      );
    setExpiryError(undefined);
    store.set(cardUpdatedAtom, answer.data.card);
    on.onExpiryUpdated();
  };

  /** Deletes, then shows the server's list; a refused delete says why and leaves the list as it was. */
  const confirmDelete = async () => {
    const victim = store.get(stepAtom).deleteQuestion;
    if (victim === undefined) return;
    dispatch({ type: 'closeDelete' });
    setDeleting(true);
    try {
      const deleted = await api.call('deleteCardSource', { fingerprint: victim.fingerprint, ...owner() });
      if (!deleted.ok) {
        const text = failureText(deleted.result, {
          unknown: (code) => pt('pay.cardDeleteFailedCode', { code }),
        });
        showToast({ text, tone: 'error' });
        return;
      }
      showToast({ text: pt('pay.cardDeleted'), tone: 'success' });
      const answer = await api.call('getCardSource', owner());
      if (answer.ok) {
        const now = store.get(serverClockAtom).now();
        store.set(cardsAfterDeleteAtom, { items: answer.data.items, now, offered });
      }
      if (store.get(currentCardAtom) === undefined) on.onNoCardLeft();
    } finally {
      setDeleting(false);
    }
  };

  return {
    toDelete,
    deleting,
    expiryBusy,
    expiryError,
    askDelete: (card: SavedCard) => dispatch({ type: 'askDelete', card }),
    cancelDelete: () => dispatch({ type: 'closeDelete' }),
    confirmDelete,
    updateExpiry,
  };
}
