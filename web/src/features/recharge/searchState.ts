import type { ReactNode } from 'react';

/**
 * The account search, one for the whole app (its atom is in state.ts), whichever form started it:
 *
 *   idle ──start(id)──▶ searching(id) ──answer: chosen──▶ found(id)
 *                        │    │        ──answer: refused─▶ failed(id)
 *                        │    └─start(other id)─▶ searching(other id)   (a newer search supersedes)
 *                        └─edit(text ≠ id) in its form─▶ idle           (the visitor no longer wants that id)
 *   failed(id) ──edit in its form──▶ idle        (the error goes as the visitor types)
 *   any state of the dialog ──its form closes──▶ idle
 *
 * Each search has a number (`seq`): an answer applies only while its search is the current one (`isCurrent`),
 * so an older search's late answer neither chooses its account nor shows its error. The state lives in the
 * app's store, not in a form, so a search the landing started goes on, on screen, in the recharge list's form
 * (the inline forms share their typed text too: `inlineTextAtom`).
 */

/** Which form a search is made in: the inline one (the landing's, the recharge list's) or the sheet's. */
export type SearchFormKind = 'inline' | 'dialog';

export interface SearchRefusal {
  readonly message: string;
  readonly note?: ReactNode;
}

export type SearchState =
  | { readonly status: 'idle'; readonly seq: number }
  | {
      readonly status: 'searching' | 'found';
      readonly seq: number;
      readonly id: string;
      readonly form: SearchFormKind;
    }
  | {
      readonly status: 'failed';
      readonly seq: number;
      readonly id: string;
      readonly form: SearchFormKind;
      readonly refusal: SearchRefusal;
      /** Met offline: searched again once the connection is back. */
      readonly offline: boolean;
    };

export type SearchEvent =
  | { readonly type: 'start'; readonly id: string; readonly form: SearchFormKind }
  | {
      readonly type: 'answer';
      readonly seq: number;
      readonly refusal: SearchRefusal | undefined;
      readonly offline: boolean;
    }
  | { readonly type: 'edit'; readonly form: SearchFormKind; readonly text: string }
  | { readonly type: 'close'; readonly form: SearchFormKind };

export const initialSearch: SearchState = { status: 'idle', seq: 0 };

/** Whether the search numbered `seq` is still the one the visitor waits for. */
export function isCurrent(state: SearchState, seq: number): boolean {
  return state.status === 'searching' && state.seq === seq;
}

export function searchStep(state: SearchState, event: SearchEvent): SearchState {
  switch (event.type) {
    case 'start':
      return { status: 'searching', seq: state.seq + 1, id: event.id, form: event.form };
    case 'answer':
      if (state.status !== 'searching' || state.seq !== event.seq) return state;
      return event.refusal === undefined
        ? { ...state, status: 'found' }
        : { ...state, status: 'failed', refusal: event.refusal, offline: event.offline };
    case 'edit':
      if (state.status === 'idle' || state.form !== event.form) return state;
      if (state.status === 'searching' && event.text === state.id) return state;
      return { status: 'idle', seq: state.seq };
    case 'close':
      if (state.status === 'idle' || state.form !== event.form) return state;
      return { status: 'idle', seq: state.seq };
  }
}

/** What a form shows of the search: busy while its search runs, the refusal of its search. */
export function searchOf(state: SearchState, form: SearchFormKind) {
  const mine = state.status !== 'idle' && state.form === form;
  return {
    busy: mine && state.status === 'searching',
    failure: mine && state.status === 'failed' ? state.refusal : undefined,
    offlineId: mine && state.status === 'failed' && state.offline ? state.id : undefined,
  };
}
