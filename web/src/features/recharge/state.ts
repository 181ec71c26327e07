import type { ChargeListInfo, PayTargetRecord } from '@topup/contracts/entities';
import { atom } from 'jotai/vanilla';
import type { CallResult } from '../../api/client';
import { payTargetAtom } from '../../payments/payTarget';
import { historyStored } from '../../session/history';
import { sessionAtom, sessionKeyAtom } from '../../session/session';
import { trimHistory } from './history';
import { initialSearch, type SearchEvent, type SearchState, searchStep } from './searchState';

/** The recharge list's state: who is topped up, the packages for them, and what is selected. */

/**
 * Whose charge list: a target's uid, or undefined for the list offered whoever the target is; and under which
 * session it was asked (`sessionKey`, none signed out): the packages offered depend on the account signed in
 * (some only signed in), so another account's list, or a signed-out one, is not this one's.
 */
export type ChargeListState =
  | { readonly status: 'idle' }
  | {
      readonly status: 'loading';
      readonly uid: number | undefined;
      readonly sessionKey: string | undefined;
      /**
       * The list on screen meanwhile: the one loaded before (another target's, or the one offered whoever the
       * target is), so a package under the visitor's finger is neither moved nor replaced while it loads.
       */
      readonly shown: ChargeListInfo | undefined;
    }
  | {
      readonly status: 'loaded';
      readonly uid: number | undefined;
      readonly sessionKey: string | undefined;
      readonly info: ChargeListInfo;
    }
  | {
      readonly status: 'failed';
      readonly uid: number | undefined;
      readonly sessionKey: string | undefined;
      readonly result: number;
      readonly message: string;
      /** Whether the browser was online when the failure came (api/loadFailure.ts says why it failed). */
      readonly online: boolean;
    };

const chargeListState = atom<ChargeListState>({ status: 'idle' });

/** Whether `state` is `uid`'s list asked under `sessionKey` (loading, loaded or failed). */
export function chargeListOf(
  state: ChargeListState,
  uid: number | undefined,
  sessionKey: string | undefined,
) {
  return state.status !== 'idle' && state.uid === uid && state.sessionKey === sessionKey;
}
/** The method picked (chargeState.ts); kept when another target is chosen. */
export const selectedPayType = atom<number | undefined>(undefined);

/**
 * The notice for a chosen live streamer: its uid and text, set by choose.ts (whose chunk has the string), as
 * only a check tells that an account is live.
 */
export const livingNote = atom<{ readonly uid: number; readonly text: string } | undefined>(undefined);
/** The live streamer's notice when the target is one, else undefined. */
export const targetLivingNoteAtom = atom((get) => {
  const note = get(livingNote);
  return note !== undefined && note.uid === get(payTargetAtom)?.uid ? note.text : undefined;
});

/** History for display: the own account first (when signed in), then the others most recent first. */
export const historyAtom = atom<PayTargetRecord[]>((get) =>
  trimHistory(get(historyStored) ?? [], get(sessionAtom)?.user.uid),
);
export const chargeListAtom = atom((get) => get(chargeListState));

/** The charge list drawn: the loaded one, or while another loads the one loaded before it. */
export const shownChargeListAtom = atom((get) => {
  const state = get(chargeListState);
  return state.status === 'loaded' ? state.info : state.status === 'loading' ? state.shown : undefined;
});

/**
 * The account search (searchState.ts), one for the app: the form on screen shows it, and a newer search, or the
 * visitor typing another ID in its form, supersedes it. While one says no account can be chosen (a refusal:
 * banned, deactivated, not found; or a failed check), "pay now" is not offered under it, a disabled button with
 * no way to enable it being a dead end. The search's own ways on (another ID, a ban's fine) stay.
 */
const targetSearch = atom<SearchState>(initialSearch);
export const targetSearchAtom = atom((get) => get(targetSearch));
export const searchEventAtom = atom(null, (get, set, event: SearchEvent): SearchState => {
  const next = searchStep(get(targetSearch), event);
  set(targetSearch, next);
  return next;
});
export const searchFailedAtom = atom((get) => get(targetSearch).status === 'failed');
/** The inline forms' typed text, shared: the landing's form and the recharge list's are one form to the visitor. */
export const inlineTextAtom = atom('');

/**
 * The inline search form's typed text and its confirm, for "pay now" (ChargePanel.tsx): an ID typed but not
 * searched is checked as the search would check it when the visitor pays. Set by the target card while its
 * form is the one on screen; its `run` resolves true once the account is chosen.
 */
export interface InlineSearch {
  readonly text: () => string;
  readonly run: (displayId: string) => Promise<boolean>;
}
export const inlineSearchAtom = atom<InlineSearch | undefined>(undefined);

/**
 * `uid`'s list is asked for under the session signed in now. The list shown meanwhile stays while the account is
 * the same; another account's (a package offered only to it) goes at once.
 */
export const chargeListLoadingAtom = atom(null, (get, set, uid: number | undefined) => {
  const before = get(chargeListState);
  const sessionKey = get(sessionKeyAtom);
  const sameAccount = before.status === 'idle' || before.sessionKey === sessionKey;
  set(chargeListState, {
    status: 'loading',
    uid,
    sessionKey,
    shown: sameAccount ? get(shownChargeListAtom) : undefined,
  });
});

export const chargeListAnsweredAtom = atom(
  null,
  (
    get,
    set,
    args: {
      uid: number | undefined;
      /** The session it was asked under. */
      sessionKey: string | undefined;
      answer: CallResult<'getRechargeListV3'>;
    },
  ) => {
    const current = get(chargeListState);
    // A late answer for a target no longer shown, or asked under another account, is dropped.
    if (current.status !== 'idle' && !chargeListOf(current, args.uid, args.sessionKey)) return;
    const { uid, sessionKey } = args;
    set(
      chargeListState,
      args.answer.ok
        ? { status: 'loaded', uid, sessionKey, info: args.answer.data }
        : {
            status: 'failed',
            uid,
            sessionKey,
            result: args.answer.result,
            message: args.answer.message,
            online: navigator.onLine,
          },
    );
  },
);
