import { LIMITS } from '@topup/contracts/limits';
import { useAtomValue, useStore } from 'jotai';
import { startTransition, useEffect, useRef, useState } from 'react';
import { api } from '../../api/instance';
import { tolerant } from '../../api/tolerant';
import { pt } from '../../i18n/pay';
import { type PayTarget, targetConfirmedAtom } from '../../payments/payTarget';
import type { CheckedTarget } from '../../payments/targetCheck';
import { importFresh, LATE, within } from '../../platform/loadOnce';
import type { AppStore } from '../../platform/store';
import type { Recipient } from './PayRecipient';
import { accountOfUid, notTheChosen, notTheUid, type RecipientLookup, recipientOfCheck } from './recipient';

/**
 * The server's word on the account `uid` names: check_uid for its display id, then the target check of that id
 * (SPEC §7), which refuses a banned, a deactivated or a guest account. `checked` is the account when it can be
 * paid for. The pay step's recipient and the recharge list's stored target (a name storage gave) both ask it.
 */
export async function lookUpRecipient(
  store: AppStore,
  uid: number,
  /**
   * The display id the list showed for `uid` once the server had named it (the account chosen): a server naming
   * the uid as another account is refused, so the step never pays an account other than the one shown.
   */
  chosen?: string,
): Promise<{ readonly lookup: RecipientLookup; readonly checked?: CheckedTarget }> {
  // The account check's code (payments/targetCheck.ts, shared with the search) downloads beside the uid
  // lookup, which the check waits for anyway; a failed download is told as no answer, with the retry.
  const choose = importFresh(() => import('../../payments/targetCheck'));
  choose.catch(() => undefined);
  const account = accountOfUid(await tolerant(api).call('checkUid', { uid }));
  if (account.kind === 'failed') return { lookup: { status: 'failed' } };
  if (account.kind === 'notFound')
    return { lookup: { status: 'refused', message: pt('pay.recipientNotFound') } };
  const otherAccount =
    notTheUid(uid, account.uid, account.displayUid) ?? notTheChosen(account.displayUid, chosen);
  if (otherAccount !== undefined) return { lookup: otherAccount };
  // A download that stalls past an API call's time limit is told as a failed one.
  const loaded = await within(choose, LIMITS.apiMs).catch((): typeof LATE => LATE);
  if (loaded === LATE) return { lookup: { status: 'failed' } };
  const check = await loaded.checkTarget(store, account.displayUid);
  const otherUid = check.kind === 'ok' ? notTheUid(uid, check.target.uid, account.displayUid) : undefined;
  if (otherUid !== undefined) return { lookup: otherUid };
  const lookup = recipientOfCheck(check, account.displayUid);
  return check.kind === 'ok' ? { lookup, checked: check.target } : { lookup };
}

/**
 * The recipient of the pay step: the signed-in visitor's own account (from the session) when it is the uid paid
 * for, else looked up on the server (a message when it cannot be paid for, a retry when there was no answer).
 * A target the list had stored for the uid is only a hint shown meanwhile: storage can be edited, so the name
 * and id paid for are the server's, and pay waits for them. One the server named in this page is the account
 * chosen: a uid the server names as another account is refused (`notTheChosen`), never paid. `checked` is the account looked up (uid, display
 * id, nickname, avatar), which a payment for it makes the list's target.
 */
export function useRecipient(
  uid: number,
  target: PayTarget | undefined,
): {
  readonly lookup: RecipientLookup;
  readonly checked: CheckedTarget | undefined;
  readonly retry: () => void;
} {
  const store = useStore();
  const forUid = target !== undefined && target.uid === uid ? target : undefined;
  const mine = forUid !== undefined && (forUid.own || forUid.linkAccount);
  const shown: Recipient | undefined =
    forUid === undefined ? undefined : { nickname: forUid.nickname, displayUid: forUid.displayUid };
  const known = mine ? shown : undefined;
  // The list's account as the server named it in this page: what the lookup must find for the uid. Read when
  // the lookup starts (the step's own answer names the target too, which must not ask again).
  const confirmed = useAtomValue(targetConfirmedAtom);
  const chosen = useRef<string | undefined>(undefined);
  chosen.current = forUid !== undefined && !mine && confirmed ? forUid.displayUid : undefined;
  const [looked, setLooked] = useState<RecipientLookup>({ status: 'loading' });
  const [checked, setChecked] = useState<CheckedTarget | undefined>(undefined);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt asks again on the visitor's retry
  useEffect(() => {
    if (known !== undefined) return;
    let live = true;
    // Already loading (the first lookup): no redraw of the whole step for the same state.
    setLooked((now) => (now.status === 'loading' ? now : { status: 'loading' }));
    // An answer redraws the step's summary: in a transition, so the main thread is yielded meanwhile.
    const answered = (lookup: RecipientLookup) => startTransition(() => setLooked(lookup));
    void lookUpRecipient(store, uid, chosen.current).then(({ lookup, checked: found }) => {
      if (!live) return;
      answered(lookup);
      if (found !== undefined) startTransition(() => setChecked(found));
    });
    return () => {
      live = false;
    };
  }, [uid, known === undefined, store, attempt]);
  return {
    lookup:
      known !== undefined
        ? { status: 'found', recipient: known }
        : looked.status === 'loading' && shown !== undefined
          ? { status: 'loading', hint: shown }
          : looked,
    checked,
    retry: () => setAttempt((n) => n + 1),
  };
}
